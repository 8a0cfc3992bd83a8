import { lazy } from 'react';
import type { SessionState } from 'shared-auth';
import type { RemoteContributions } from 'shared-ui';
import en from './translations/en.json';
import nl from './translations/nl.json';

const superUser = (session: SessionState) => Boolean(session.user?.superUser);

const contributions: RemoteContributions = {
  id: 'system',
  routes: [
    { path: 'system/:tab?', access: 'authenticated', element: lazy(() => import('./pages/system.page')) },
    {
      path: 'audit-logs/:id',
      access: 'authenticated',
      element: lazy(() => import('./pages/audit-logs.page')),
    },
    { path: 'audit-logs', access: 'authenticated', element: lazy(() => import('./pages/audit-logs.page')) },
  ],
  // The user menu's system link belongs to the shell (it is there for super users whatever loads).
  // The system area's tabs; the invitations remote adds its own (order 20) to the same slot.
  extensions: [
    {
      slot: 'system.tabs',
      id: 'cron',
      order: 10,
      labelKey: 'tabCron',
      visible: superUser,
      component: lazy(() => import('./system/cron-tab.component')),
    },
    {
      slot: 'system.tabs',
      id: 'unknownRoles',
      order: 30,
      labelKey: 'tabUnknownRoles',
      visible: superUser,
      component: lazy(() => import('./system/unknown-roles-tab.component')),
    },
    {
      slot: 'system.tabs',
      id: 'expiredUserRoles',
      order: 40,
      labelKey: 'tabExpiredUserRoles',
      visible: superUser,
      component: lazy(() => import('./system/expired-user-roles-tab.component')),
    },
    {
      slot: 'system.tabs',
      id: 'expiringUserRoles',
      order: 50,
      labelKey: 'tabExpiringUserRoles',
      visible: superUser,
      component: lazy(() => import('./system/expiring-user-roles-tab.component')),
    },
    {
      slot: 'system.tabs',
      id: 'seed',
      order: 60,
      labelKey: 'tabSeed',
      visible: (session) => superUser(session) && Boolean(session.config?.performanceSeedAllowed),
      component: lazy(() => import('./system/seed-tab.component')),
    },
  ],
  translations: { en, nl },
};

export default contributions;
