/**
 * Tidy data: users inactive for TIDY_INACTIVE_USER_DAYS, users without any membership for
 * TIDY_USERS_WITHOUT_ROLES_DAYS and audit rows older than AUDIT_RETENTION_DAYS are removed (expired
 * invitations go with the cleanup job after INVITATION_RETENTION_DAYS). Each job runs under its own
 * advisory lock, so several instances never run one twice; a setting of 0 days switches a user job off.
 */
import type { TidyJob, TidyResult } from 'shared-auth/rules';
import type { Db } from '../db/types.js';
import { toEpochSeconds } from '../domain/time.js';
import { removeOldAuditRows, removeTidyUsers } from '../stores/tidy.store.js';
import { LOCK_KEYS, withJobLock, type LockKey } from '../db/locks.js';

export const TIDY_JOBS = [
  'inactive-users',
  'users-without-roles',
  'audit-retention',
] as const satisfies readonly TidyJob[];
export type { TidyJob, TidyResult };

export interface TidySettings {
  inactiveUserDays: number;
  usersWithoutRolesDays: number;
  auditRetentionDays: number;
}

const LISTED = 100;

function lockOf(job: TidyJob): LockKey {
  if (job === 'inactive-users') return LOCK_KEYS.inactiveUsers;
  if (job === 'users-without-roles') return LOCK_KEYS.usersWithoutRoles;
  return LOCK_KEYS.auditRetention;
}

function daysOf(job: TidyJob, settings: TidySettings): number {
  if (job === 'inactive-users') return settings.inactiveUserDays;
  if (job === 'users-without-roles') return settings.usersWithoutRolesDays;
  return settings.auditRetentionDays;
}

/** Runs one tidy job; null when another instance is running it right now. */
export async function runTidyJob(db: Db, job: TidyJob, settings: TidySettings): Promise<TidyResult | null> {
  const days = daysOf(job, settings);
  const empty: TidyResult = {
    job,
    days,
    removedUsers: 0,
    removedMemberships: 0,
    removedAuditRows: 0,
    users: [],
    before: null,
  };
  if (days <= 0) return empty;
  const outcome = await withJobLock(db, lockOf(job), async (q): Promise<TidyResult> => {
    if (job === 'audit-retention') {
      const { removed, before } = await removeOldAuditRows(q, days);
      return { ...empty, removedAuditRows: removed, before: toEpochSeconds(before) };
    }
    const users = await removeTidyUsers(q, job === 'inactive-users' ? 'inactive' : 'withoutRoles', days);
    return {
      ...empty,
      removedUsers: users.length,
      removedMemberships: users.reduce((sum, u) => sum + u.memberships, 0),
      users: users.slice(0, LISTED),
    };
  });
  return outcome.ran ? outcome.result : null;
}
