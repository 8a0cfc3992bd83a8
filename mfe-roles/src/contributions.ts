import { loadable } from 'shared-ui/loadable';
import type { RemoteContributions } from 'shared-ui';
import contract from 'shared-ui/contract-version.json';
import meta from './contributions.meta';
import { prefetchRolesTab } from './home/roles-tab.prefetch';
import en from './translations/en.json';
import nl from './translations/nl.json';

const panels = () => import('./pages/home-tab-panels.component');
// The roles tab (home's first for most users): its list is asked for together with its code.
const RolesTab = loadable(() => {
  prefetchRolesTab();
  return panels().then((m) => ({ default: m.RolesTab }));
});
const UsersTab = loadable(() => panels().then((m) => ({ default: m.UsersTab })));
const ApplicationsTab = loadable(() => panels().then((m) => ({ default: m.ApplicationsTab })));
const ApplicationUsersTab = loadable(() => panels().then((m) => ({ default: m.ApplicationUsersTab })));
const roleTabs = () => import('./role/user-roles-panel.component');
const GuestsTab = loadable(() => roleTabs().then((m) => ({ default: m.GuestsTab })));
const MaintainersTab = loadable(() => roleTabs().then((m) => ({ default: m.MaintainersTab })));

// Paths, slots, order, labels and visibility come from contributions.meta.ts; here only the code.
const contributions: RemoteContributions = {
  id: meta.id,
  contractVersion: contract.contractVersion,
  routes: [
    { ...meta.routes.roleDetail, element: loadable(() => import('./pages/role-detail.page')) },
    { ...meta.routes.roleForm, element: loadable(() => import('./pages/role-form.page')) },
    { ...meta.routes.application, element: loadable(() => import('./pages/application.page')) },
    { ...meta.routes.inviterHome, element: loadable(() => import('./pages/inviter-home.page')) },
  ],
  extensions: [
    { ...meta.extensions.rolesTab, component: RolesTab },
    { ...meta.extensions.myApplicationsTab, component: RolesTab },
    { ...meta.extensions.usersTab, component: UsersTab },
    { ...meta.extensions.applicationsTab, component: ApplicationsTab },
    { ...meta.extensions.applicationUsersTab, component: ApplicationUsersTab },
    { ...meta.extensions.inviterLanding },
    { ...meta.extensions.userListLink },
    { ...meta.extensions.roleDetailLink },
    { ...meta.extensions.guestsTab, component: GuestsTab },
    { ...meta.extensions.maintainersTab, component: MaintainersTab },
  ],
  translations: { en, nl },
};

export default contributions;
