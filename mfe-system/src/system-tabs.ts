import type { Config } from 'shared-auth';

export interface SystemTab {
  id: string;
  labelKey: string;
  infoKey: string;
}

const TABS: SystemTab[] = [
  { id: 'cron', labelKey: 'tabCron', infoKey: 'cronInfo' },
  { id: 'invitations', labelKey: 'tabInvitations', infoKey: 'invitationsInfo' },
  { id: 'unknownRoles', labelKey: 'tabUnknownRoles', infoKey: 'unknownRolesInfo' },
  { id: 'expiredUserRoles', labelKey: 'tabExpiredUserRoles', infoKey: 'expiredUserRolesInfo' },
  { id: 'seed', labelKey: 'tabSeed', infoKey: 'seedInfo' },
];

/** The system area's tabs (spec §2 System area): seed only when the config allows the performance seed. */
export function systemTabs(config: Partial<Config> | null | undefined): SystemTab[] {
  return TABS.filter((tab) => tab.id !== 'seed' || Boolean(config?.performanceSeedAllowed));
}

export const DEFAULT_SYSTEM_TAB = 'cron';
