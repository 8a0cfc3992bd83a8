/**
 * Removing an application manager (`PUT users/removeApplicationManager/{userId}`, OpenConext Invite's
 * action): the applications the remover may take go — every one for a super user, those of their own
 * organisation for an institution admin — in one transaction, audited. The user's applications are read
 * with the user on every request, so the removal holds from the next request of every session and token.
 */
import { ownApplicationIds, type User } from 'shared-auth/rules';
import type { Queryable } from '../db/types.js';
import { httpError } from '../errors.js';
import { audit, type AuditActor } from '../stores/audit.store.js';
import { lockUserRights, type UserRightsRow } from '../stores/authority-grants.store.js';
import {
  applicationsOfUser,
  removeApplications,
  type UserApplicationRow,
} from '../stores/application-managers.store.js';

/** The refusals, as the route declares them. */
export const REMOVE_APPLICATION_MANAGER_ERRORS = {
  404: 'User 12 not found',
  409: 'User 12 manages none of your applications',
} as const;

export interface ApplicationManagerRemoval {
  user: UserRightsRow;
  removed: UserApplicationRow[];
  /** The applications the user still manages (those the remover may not take). */
  remaining: UserApplicationRow[];
}

const snapshot = (rows: UserApplicationRow[]) =>
  rows.map((row) => ({
    manageId: row.manage_id,
    manageType: row.manage_type,
    invitationId: row.invitation_id,
    grantedBy: row.granted_by_name,
    grantedAt: row.granted_at,
  }));

/** Which applications `remover` may take from an application manager: all, or their organisation's. */
export function removableApplications(remover: User): string[] | null {
  return remover.superUser ? null : ownApplicationIds(remover);
}

/** Runs inside a transaction: 404 for an unknown user, 409 when nothing of theirs is the remover's to take. */
export async function removeApplicationManager(
  q: Queryable,
  actor: AuditActor,
  remover: User,
  userId: number,
): Promise<ApplicationManagerRemoval> {
  const rights = await lockUserRights(q, userId);
  if (!rights) throw httpError(404, `User ${userId} not found`);
  const before = await applicationsOfUser(q, userId, null);
  const removed = await removeApplications(q, userId, removableApplications(remover));
  if (removed.length === 0) {
    throw httpError(
      409,
      remover.superUser
        ? `User ${userId} is no application manager`
        : `User ${userId} manages none of your applications`,
    );
  }
  const taken = new Set(removed.map((row) => row.manage_id));
  const remaining = before.filter((row) => !taken.has(row.manage_id));
  await audit(q, actor, {
    entityType: 'user',
    entityId: userId,
    action: 'remove_application_manager',
    before: { name: rights.name, email: rights.email, applications: snapshot(before) },
    after: { name: rights.name, email: rights.email, applications: snapshot(remaining) },
  });
  return { user: rights, removed, remaining };
}
