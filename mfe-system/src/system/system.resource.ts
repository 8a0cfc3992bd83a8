import { apiGet, apiPut } from 'shared-auth';
// The answers' types are the API's own (shared-auth's api-types).
import type {
  CleanupResult,
  InstitutionAdminGroup,
  InstitutionAdminRemoval,
  Role,
  SeedCounts,
  SeedProgress,
  SeedStep,
  SentMail,
  TidyJob,
  TidyResult,
  UserRole,
} from 'shared-auth';

export const SEED_STEPS = [
  'clearing',
  'roles',
  'users',
  'statistics',
  'auditTrail',
] as const satisfies readonly SeedStep[];

export const TIDY_JOBS = [
  'inactive-users',
  'users-without-roles',
  'audit-retention',
] as const satisfies readonly TidyJob[];

export function runTidyJob(job: TidyJob): Promise<TidyResult> {
  return apiGet<TidyResult>(`system/cron/${job}`);
}

export function fetchInstitutionAdmins(): Promise<InstitutionAdminGroup[]> {
  return apiGet<InstitutionAdminGroup[]>('users/institution-admins');
}

/** Removes the institution-admin right an invitation granted (409 when there is none). */
export function removeInstitutionAdmin(userId: number): Promise<InstitutionAdminRemoval> {
  return apiPut<InstitutionAdminRemoval>(`users/removeInstitutionAdmin/${userId}`);
}

export function runCleanup(): Promise<CleanupResult> {
  return apiGet<CleanupResult>('system/cron/cleanup');
}

export async function runExpiryNotifications(): Promise<SentMail[]> {
  return (await apiGet<{ mails: SentMail[] }>('system/cron/expiry-notifications')).mails;
}

export function fetchUnknownRoles(): Promise<Role[]> {
  return apiGet<Role[]>('system/unknown-roles');
}

/** Memberships that ended or end within 30 days, soonest first. */
export function fetchEndingUserRoles(): Promise<UserRole[]> {
  return apiGet<UserRole[]>('system/expiry-user-roles');
}

/** Runs the seed; answers when it is done (409 while another run is under way). */
export function startPerformanceSeed(): Promise<SeedCounts> {
  return apiPut<SeedCounts>('system/performance-seed');
}

export function fetchSeedProgress(): Promise<SeedProgress> {
  return apiGet<SeedProgress>('system/performance-seed');
}
