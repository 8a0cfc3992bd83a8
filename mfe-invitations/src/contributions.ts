import { lazy } from 'react';
import type { RemoteContributions } from 'shared-ui';
import en from './translations/en.json';
import nl from './translations/nl.json';

const contributions: RemoteContributions = {
  id: 'invitations',
  routes: [
    // Listed before invitation/:id for readers; react-router ranks the static segment first anyway.
    {
      path: 'invitation/accept',
      access: 'public',
      element: lazy(() => import('./pages/invitation-accept.page')),
    },
    {
      path: 'invitation/:id',
      access: 'authenticated',
      element: lazy(() => import('./pages/invitation-form.page')),
    },
  ],
  extensions: [],
  translations: { en, nl },
};

export default contributions;
