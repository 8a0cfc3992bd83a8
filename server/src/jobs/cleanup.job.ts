/**
 * Cleanup: invitations expired more than INVITATION_RETENTION_DAYS ago and ended user roles are deleted,
 * each deletion audited; idempotency keys of the external API past their 24 hours go too, and the
 * credential limiter's counts of windows past (plugins/credential-limiter.ts).
 */
import type { CleanupResult } from 'shared-auth/rules';
import type { Db } from '../db/types.js';
import { toEpochSeconds } from '../domain/time.js';
import { deleteExpiredInvitations } from '../stores/invitations.store.js';
import { purgeIdempotencyKeys } from '../stores/idempotency.store.js';
import { purgeCredentialCounts } from '../stores/credential-limits.store.js';
import { deleteEndedUserRoles } from '../stores/user-roles.store.js';
import { LOCK_KEYS, withJobLock } from '../db/locks.js';

export type { CleanupResult };

/** Returns what was removed, or null when another instance is running the cleanup right now. */
export async function runCleanup(db: Db, invitationRetentionDays = 0): Promise<CleanupResult | null> {
  const outcome = await withJobLock(db, LOCK_KEYS.cleanup, async (q) => {
    const invitations = await deleteExpiredInvitations(q, null, invitationRetentionDays);
    const userRoles = await deleteEndedUserRoles(q, null);
    await purgeIdempotencyKeys(q);
    // The limiter's counts of windows that ended more than an hour ago.
    await purgeCredentialCounts(q);
    return {
      invitations: invitations.map((i) => ({
        id: Number(i.id),
        email: i.email,
        expiryDate: toEpochSeconds(i.expiry_date),
      })),
      userRoles: userRoles.map((ur) => ({
        id: Number(ur.id),
        userId: Number(ur.user_id),
        roleId: Number(ur.role_id),
        roleName: ur.role_name,
        email: ur.email,
        endDate: toEpochSeconds(ur.end_date),
      })),
    };
  });
  return outcome.ran ? outcome.result : null;
}
