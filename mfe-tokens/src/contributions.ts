import { lazy } from 'react';
import { showsTokensMenuLink, showsTokensTab } from 'shared-auth';
import type { RemoteContributions } from 'shared-ui';
import en from './translations/en.json';
import nl from './translations/nl.json';

const TokensPage = lazy(() => import('./tokens.page'));
const TokensPanel = lazy(() => import('./tokens-panel.component'));

const contributions: RemoteContributions = {
  id: 'tokens',
  routes: [{ path: 'tokens', access: 'authenticated', element: TokensPage }],
  extensions: [
    {
      slot: 'home.tabs',
      id: 'tokens',
      order: 90,
      labelKey: 'tab',
      visible: (session) => showsTokensTab(session.user),
      component: TokensPanel,
    },
    {
      slot: 'user-menu.links',
      id: 'tokens',
      order: 50,
      labelKey: 'menuLink',
      href: '/tokens',
      visible: (session) => showsTokensMenuLink(session.user),
    },
  ],
  translations: { en, nl },
};

export default contributions;
