// What the shell knows of this remote before loading its code: the build publishes it in mf-manifest.json
// (tooling/remote-metadata.cjs) and contributions.ts spreads each entry. Plain data: import types only.
import type { RemoteMetaSource } from 'shared-ui';

const meta = {
  id: 'system',
  routes: {
    system: { path: 'system/:tab?', access: 'authenticated' },
    auditLogs: { path: 'audit-logs/:id', access: 'authenticated' },
  },
  extensions: {
    menuLink: {
      slot: 'user-menu.links',
      id: 'system',
      order: 10,
      labelKey: 'menuLink',
      href: '/system',
      visibleRule: 'systemMenuLink',
    },
  },
} as const satisfies RemoteMetaSource;

export default meta;
