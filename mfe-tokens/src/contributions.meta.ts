// What the shell knows of this remote before loading its code: the build publishes it in mf-manifest.json
// (tooling/remote-metadata.cjs) and contributions.ts spreads each entry. Plain data: import types only.
import type { RemoteMetaSource } from 'shared-ui';

const meta = {
  id: 'tokens',
  routes: {
    tokens: { path: 'tokens', access: 'authenticated' },
  },
  extensions: {
    homeTab: { slot: 'home.tabs', id: 'tokens', order: 90, labelKey: 'tab', visibleRule: 'tokensHomeTab' },
    menuLink: {
      slot: 'user-menu.links',
      id: 'tokens',
      order: 50,
      labelKey: 'menuLink',
      href: '/tokens',
      visibleRule: 'tokensMenuLink',
    },
  },
} as const satisfies RemoteMetaSource;

export default meta;
