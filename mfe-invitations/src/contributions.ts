import { lazy } from 'react';
import { isUserAllowed } from 'shared-auth';
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
      path: 'invitation/mine',
      access: 'authenticated',
      element: lazy(() => import('./pages/my-invitations.page')),
    },
    {
      path: 'invitation/:id',
      access: 'authenticated',
      element: lazy(() => import('./pages/invitation-form.page')),
    },
  ],
  extensions: [
    {
      slot: 'role.tabs',
      id: 'invitations',
      order: 20,
      labelKey: 'tabInvitations',
      visible: (session) => isUserAllowed(session.user, 'INVITER'),
      component: lazy(() => import('./lists/role-invitations.tab')),
    },
    {
      slot: 'system.tabs',
      id: 'invitations',
      order: 20,
      labelKey: 'tabInvitations',
      visible: (session) => Boolean(session.user?.superUser),
      component: lazy(() => import('./lists/system-invitations.tab')),
    },
    {
      slot: 'user-menu.links',
      id: 'my-invitations',
      order: 40,
      labelKey: 'menuMyInvitations',
      href: '/invitation/mine',
      visible: (session) => isUserAllowed(session.user, 'INVITER'),
    },
  ],
  translations: { en, nl },
};

export default contributions;
