import { lazy } from 'react';
import { isUserAllowed } from 'shared-auth';
import type { RemoteContributions } from 'shared-ui';
import {
  showsApplicationUsersTab,
  showsApplicationsTab,
  showsRolesTab,
  showsUsersTab,
} from './home-tabs.rules';
import en from './translations/en.json';
import nl from './translations/nl.json';

const panels = () => import('./pages/home-tab-panels.component');
const RolesTab = lazy(() => panels().then((m) => ({ default: m.RolesTab })));
const UsersTab = lazy(() => panels().then((m) => ({ default: m.UsersTab })));
const ApplicationsTab = lazy(() => panels().then((m) => ({ default: m.ApplicationsTab })));
const ApplicationUsersTab = lazy(() => panels().then((m) => ({ default: m.ApplicationUsersTab })));
const roleTabs = () => import('./role/user-roles-panel.component');
const GuestsTab = lazy(() => roleTabs().then((m) => ({ default: m.GuestsTab })));
const MaintainersTab = lazy(() => roleTabs().then((m) => ({ default: m.MaintainersTab })));

const contributions: RemoteContributions = {
  id: 'roles',
  routes: [
    {
      path: 'roles/:id/:tab?',
      access: 'authenticated',
      element: lazy(() => import('./pages/role-detail.page')),
    },
    { path: 'role/:id', access: 'authenticated', element: lazy(() => import('./pages/role-form.page')) },
    {
      path: 'applications/:manageId',
      access: 'authenticated',
      element: lazy(() => import('./pages/application.page')),
    },
    { path: 'inviter', access: 'authenticated', element: lazy(() => import('./pages/inviter-home.page')) },
  ],
  extensions: [
    {
      slot: 'home.tabs',
      id: 'roles',
      order: 10,
      labelKey: 'tabRoles',
      visible: (session) => showsRolesTab(session.user),
      component: RolesTab,
    },
    {
      slot: 'home.tabs',
      id: 'users',
      order: 20,
      labelKey: 'tabUsers',
      visible: (session) => showsUsersTab(session.user),
      component: UsersTab,
    },
    {
      slot: 'home.tabs',
      id: 'applications',
      order: 30,
      labelKey: 'tabApplications',
      visible: (session) => showsApplicationsTab(session.user),
      component: ApplicationsTab,
    },
    {
      slot: 'home.tabs',
      id: 'applicationUsers',
      order: 40,
      labelKey: 'tabApplicationUsers',
      visible: (session) => showsApplicationUsersTab(session.user),
      component: ApplicationUsersTab,
    },
    // The role page's tabs; the invitations remote adds its own between these two.
    {
      slot: 'role.tabs',
      id: 'guests',
      order: 10,
      labelKey: 'tabGuests',
      visible: (session) => isUserAllowed(session.user, 'INVITER'),
      component: GuestsTab,
    },
    {
      slot: 'role.tabs',
      id: 'maintainers',
      order: 30,
      labelKey: 'tabMaintainers',
      visible: (session) => isUserAllowed(session.user, 'INVITER'),
      component: MaintainersTab,
    },
  ],
  translations: { en, nl },
};

export default contributions;
