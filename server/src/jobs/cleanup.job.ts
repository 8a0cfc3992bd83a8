/** Cleanup: expired invitations and expired user roles are deleted, each deletion audited. */
import { audit } from '../audit.js';
import type { Db } from '../db/types.js';
import { invitationSnapshot, type InvitationRow } from '../domain/invitations.js';
import { toEpochSeconds } from '../domain/time.js';
import { userRoleSnapshot, type UserRoleRow } from '../domain/user-roles.js';
import { JOB_LOCK_KEYS, withJobLock } from './lock.js';

export interface CleanupResult {
  invitations: Array<{ id: number; email: string; expiryDate: number | null }>;
  userRoles: Array<{
    id: number;
    userId: number;
    roleId: number;
    roleName: string;
    email: string | null;
    endDate: number | null;
  }>;
}

type ExpiredUserRole = UserRoleRow & { role_name: string };

/** Returns what was removed, or null when another instance is running the cleanup right now. */
export async function runCleanup(db: Db): Promise<CleanupResult | null> {
  const outcome = await withJobLock(db, JOB_LOCK_KEYS.cleanup, async (q) => {
    const invitations = (
      await q.query<InvitationRow & { role_ids?: string[] }>(
        `DELETE FROM invitations WHERE status = 'OPEN' AND expiry_date < now()
         RETURNING id, email, intended_authority, status, expiry_date,
           -- read from the statement's snapshot, before the links go with the cascade
           ARRAY(SELECT ir.role_id FROM invitation_roles ir WHERE ir.invitation_id = invitations.id) AS role_ids`,
      )
    ).rows;
    for (const row of invitations) {
      await audit(q, null, {
        entityType: 'invitation',
        entityId: Number(row.id),
        action: 'cleanup',
        before: invitationSnapshot({ ...row, roleIds: (row.role_ids ?? []).map(Number) }),
      });
    }
    const userRoles = (
      await q.query<ExpiredUserRole>(
        `WITH gone AS (DELETE FROM user_roles WHERE end_date < now() RETURNING *)
         SELECT gone.*, u.email, r.name AS role_name FROM gone
         JOIN users u ON u.id = gone.user_id JOIN roles r ON r.id = gone.role_id ORDER BY gone.id`,
      )
    ).rows;
    for (const row of userRoles) {
      await audit(q, null, {
        entityType: 'user_role',
        entityId: Number(row.id),
        action: 'cleanup',
        before: userRoleSnapshot(row),
      });
    }
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
