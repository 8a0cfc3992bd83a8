// Small remotes written for the shell's tests, where the real one belongs to someone else (tokens) or
// where a remote must misbehave on purpose.
import { showsTokensMenuLink, showsTokensTab } from 'shared-auth';
import type { RemoteContributions } from 'shared-ui';

function TokensPanel() {
  return <p>Your API tokens are listed here</p>;
}

export const tokensRemote: RemoteContributions = {
  id: 'tokens',
  routes: [{ path: 'tokens', access: 'authenticated', element: TokensPanel }],
  extensions: [
    {
      slot: 'home.tabs',
      id: 'tokens',
      order: 90,
      labelKey: 'tab',
      visible: ({ user }) => showsTokensTab(user),
      component: TokensPanel,
    },
    {
      slot: 'user-menu.links',
      id: 'tokens',
      order: 50,
      labelKey: 'menuLink',
      href: '/tokens',
      visible: ({ user }) => showsTokensMenuLink(user),
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

/** A system remote whose page throws while rendering. */
export const brokenSystemRemote: RemoteContributions = {
  id: 'system',
  routes: [{ path: 'system/:tab?', access: 'authenticated', element: Explodes }],
  extensions: [],
  translations: { en: {}, nl: {} },
};
