import { lazy } from 'react';
import type { RemoteContributions } from 'shared-ui';
import contract from 'shared-ui/contract-version.json';
import meta from './contributions.meta';
import en from './translations/en.json';
import nl from './translations/nl.json';

// Paths, slots, order, labels and visibility come from contributions.meta.ts; here only the code.
const contributions: RemoteContributions = {
  id: meta.id,
  contractVersion: contract.contractVersion,
  routes: [
    { ...meta.routes.system, element: lazy(() => import('./pages/system.page')) },
    { ...meta.routes.auditLogs, element: lazy(() => import('./pages/audit-logs.page')) },
  ],
  // The user-menu link needs no code: the shell shows it from the metadata, even while this remote loads.
  extensions: [{ ...meta.extensions.menuLink }],
  translations: { en, nl },
};

export default contributions;
