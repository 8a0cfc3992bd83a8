import { loadable } from 'shared-ui/loadable';
import type { RemoteContributions } from 'shared-ui';
import contract from 'shared-ui/contract-version.json';
import meta from './contributions.meta';
import en from './translations/en.json';
import nl from './translations/nl.json';

const TokensPage = loadable(() => import('./tokens.page'));
const TokensPanel = loadable(() => import('./tokens-panel.component'));

// Paths, slots, order, labels and visibility come from contributions.meta.ts; here only the code.
const contributions: RemoteContributions = {
  id: meta.id,
  contractVersion: contract.contractVersion,
  routes: [{ ...meta.routes.tokens, element: TokensPage }],
  extensions: [{ ...meta.extensions.homeTab, component: TokensPanel }, { ...meta.extensions.menuLink }],
  translations: { en, nl },
};

export default contributions;
