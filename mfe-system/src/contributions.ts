import { loadable } from 'shared-ui/loadable';
import type { RemoteContributions } from 'shared-ui';
import contract from 'shared-ui/contract-version.json';
import meta from './contributions.meta';
import en from './translations/en.json';
import nl from './translations/nl.json';

const AuditLogsPage = loadable(() => import('./pages/audit-logs.page'));

// Paths, slots, order, labels and visibility come from contributions.meta.ts; here only the code.
const contributions: RemoteContributions = {
  id: meta.id,
  contractVersion: contract.contractVersion,
  routes: [
    { ...meta.routes.system, element: loadable(() => import('./pages/system.page')) },
    { ...meta.routes.auditLogs, element: AuditLogsPage },
    { ...meta.routes.auditLogsOf, element: AuditLogsPage },
  ],
  extensions: [
    // The user-menu link needs no code: the shell shows it from the metadata, even while this remote loads.
    { ...meta.extensions.menuLink },
    { ...meta.extensions.cronTab, component: loadable(() => import('./system/cron-tab.component')) },
    {
      ...meta.extensions.unknownRolesTab,
      component: loadable(() => import('./system/unknown-roles-tab.component')),
    },
    {
      ...meta.extensions.expiredUserRolesTab,
      component: loadable(() => import('./system/expired-user-roles-tab.component')),
    },
    {
      ...meta.extensions.expiringUserRolesTab,
      component: loadable(() => import('./system/expiring-user-roles-tab.component')),
    },
    {
      ...meta.extensions.provisioningTab,
      component: loadable(() => import('./provisioning/provisioning-tab.component')),
    },
    {
      ...meta.extensions.institutionAdminsTab,
      component: loadable(() => import('./system/institution-admins-tab.component')),
    },
    {
      ...meta.extensions.applicationManagersTab,
      component: loadable(() => import('./system/application-managers-tab.component')),
    },
    {
      ...meta.extensions.applicationManagersHomeTab,
      component: loadable(() => import('./system/application-managers-tab.component')),
    },
    { ...meta.extensions.seedTab, component: loadable(() => import('./system/seed-tab.component')) },
  ],
  translations: { en, nl },
};

export default contributions;
