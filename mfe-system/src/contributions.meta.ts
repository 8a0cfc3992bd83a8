// What the shell knows of this remote before loading its code: the build publishes it in mf-manifest.json
// (tooling/remote-metadata.cjs) and contributions.ts spreads each entry. Plain data: import types only.
import type { RemoteMetaSource } from 'shared-ui';

const meta = {
  id: 'system',
  routes: {
    system: { path: 'system/:tab?', access: 'authenticated' },
    auditLogs: { path: 'audit-logs', access: 'authenticated' },
    auditLogsOf: { path: 'audit-logs/:id', access: 'authenticated' },
  },
  extensions: {
    menuLink: {
      slot: 'user-menu.links',
      id: 'system',
      order: 10,
      labelKey: 'menuLink',
      href: '/system',
      visibleRule: 'systemMenuLink',
    },
    // The system area's tabs; the invitations remote adds its own (order 20) to the same slot.
    cronTab: { slot: 'system.tabs', id: 'cron', order: 10, labelKey: 'tabCron', visibleRule: 'superUser' },
    unknownRolesTab: {
      slot: 'system.tabs',
      id: 'unknownRoles',
      order: 30,
      labelKey: 'tabUnknownRoles',
      visibleRule: 'superUser',
    },
    expiredUserRolesTab: {
      slot: 'system.tabs',
      id: 'expiredUserRoles',
      order: 40,
      labelKey: 'tabExpiredUserRoles',
      visibleRule: 'superUser',
    },
    expiringUserRolesTab: {
      slot: 'system.tabs',
      id: 'expiringUserRoles',
      order: 50,
      labelKey: 'tabExpiringUserRoles',
      visibleRule: 'superUser',
    },
    // How the console's decisions reach the SCIM targets (issue 41): deliveries waiting or failed, resends.
    provisioningTab: {
      slot: 'system.tabs',
      id: 'provisioning',
      order: 55,
      labelKey: 'tabProvisioning',
      visibleRule: 'superUser',
    },
    institutionAdminsTab: {
      slot: 'system.tabs',
      id: 'institutionAdmins',
      order: 57,
      labelKey: 'tabInstitutionAdmins',
      visibleRule: 'superUser',
    },
    // Application managers (issue 53): super users here, institution admins on their home page.
    applicationManagersTab: {
      slot: 'system.tabs',
      id: 'applicationManagers',
      order: 58,
      labelKey: 'tabApplicationManagers',
      visibleRule: 'superUser',
    },
    applicationManagersHomeTab: {
      slot: 'home.tabs',
      id: 'applicationManagers',
      order: 45,
      labelKey: 'tabApplicationManagers',
      visibleRule: 'applicationManagersHomeTab',
    },
    // Only where the configuration allows the seed: the system page passes that in the slot's context.
    seedTab: {
      slot: 'system.tabs',
      id: 'seed',
      order: 60,
      labelKey: 'tabSeed',
      visibleRule: 'performanceSeed',
    },
  },
} as const satisfies RemoteMetaSource;

export default meta;
