// What the shell knows of this remote before loading its code: the build publishes it in mf-manifest.json
// (tooling/remote-metadata.cjs) and contributions.ts spreads each entry. Plain data: import types only.
import type { RemoteMetaSource } from 'shared-ui';

const meta = {
  id: 'invitations',
  routes: {
    // Listed before invitation/:id for readers; react-router ranks the static segment first anyway.
    accept: { path: 'invitation/accept', access: 'public' },
    mine: { path: 'invitation/mine', access: 'authenticated' },
    form: { path: 'invitation/:id', access: 'authenticated' },
  },
  extensions: {
    headerInvite: {
      slot: 'header.links',
      id: 'invite',
      order: 10,
      labelKey: 'headerInvite',
      href: '/invitation/new',
      visibleRule: 'mayInvite',
    },
    roleTab: {
      slot: 'role.tabs',
      id: 'invitations',
      order: 20,
      labelKey: 'tabInvitations',
      visibleRule: 'mayInvite',
    },
    systemTab: {
      slot: 'system.tabs',
      id: 'invitations',
      order: 20,
      labelKey: 'tabInvitations',
      visibleRule: 'superUser',
    },
    myInvitations: {
      slot: 'user-menu.links',
      id: 'my-invitations',
      order: 40,
      labelKey: 'menuMyInvitations',
      href: '/invitation/mine',
      visibleRule: 'mayInvite',
    },
  },
} as const satisfies RemoteMetaSource;

export default meta;
