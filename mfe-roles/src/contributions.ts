import { lazy } from 'react';
import { showsApplicationUsersTab, showsApplicationsTab, showsRolesTab, showsUsersTab } from 'shared-auth';
import type { RemoteContributions } from 'shared-ui';
import en from './translations/en.json';
import nl from './translations/nl.json';

const panels = () => import('./pages/home-tab-panels.component');
const RolesTab = lazy(() => panels().then((m) => ({ default: m.RolesTab })));
const UsersTab = lazy(() => panels().then((m) => ({ default: m.UsersTab })));
const ApplicationsTab = lazy(() => panels().then((m) => ({ default: m.ApplicationsTab })));
const ApplicationUsersTab = lazy(() => panels().then((m) => ({ default: m.ApplicationUsersTab })));

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
  ],
  translations: { en, nl },
};

export default contributions;
