import { lazy } from 'react';
import type { RemoteContributions } from 'shared-ui';
import en from './translations/en.json';
import nl from './translations/nl.json';

const contributions: RemoteContributions = {
  id: 'system',
  routes: [
    { path: 'system/:tab?', access: 'authenticated', element: lazy(() => import('./pages/system.page')) },
    {
      path: 'audit-logs/:id',
      access: 'authenticated',
      element: lazy(() => import('./pages/audit-logs.page')),
    },
  ],
  // The user menu's system link belongs to the shell (it is there for super users whatever loads).
  extensions: [],
  translations: { en, nl },
};

export default contributions;
