// Small remotes written for the shell's tests, where the real one belongs to someone else (tokens) or
// where a remote must misbehave on purpose.
import type { RemoteContributions } from 'shared-ui';

function TokensPanel() {
  return <p>Your API tokens are listed here</p>;
}

export const tokensRemote: RemoteContributions = {
  id: 'tokens',
  contractVersion: '1.0',
  routes: [{ path: 'tokens', access: 'authenticated', element: TokensPanel }],
  extensions: [
    {
      slot: 'home.tabs',
      id: 'tokens',
      order: 90,
      labelKey: 'tab',
      visibleRule: 'tokensHomeTab',
      component: TokensPanel,
    },
    {
      slot: 'user-menu.links',
      id: 'tokens',
      order: 50,
      labelKey: 'menuLink',
      href: '/tokens',
      visibleRule: 'tokensMenuLink',
    },
  ],
  translations: {
    en: { tab: 'API tokens', menuLink: 'API tokens' },
    nl: { tab: 'API-tokens', menuLink: 'API-tokens' },
  },
};

function Explodes(): never {
  throw new Error('this remote page is broken');
}

/** A system remote whose page throws while rendering (its metadata as the real one publishes it). */
export const brokenSystemRemote = (real: RemoteContributions): RemoteContributions => ({
  ...real,
  routes: real.routes.map((route) => ({ ...route, element: Explodes })),
});
