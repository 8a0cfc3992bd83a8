/**
 * Removing an institution admin (`PUT users/removeInstitutionAdmin/{userId}`, OpenConext Invite's action):
 * the INSTITUTION_ADMIN grants of accepted invitations go, and the right becomes what the entitlements of
 * the last login say — one transaction, audited. A right that comes from the entitlements is not the
 * console's to take: it stays until the identity provider stops releasing the entitlement (the next login).
 */
import type { Queryable } from '../db/types.js';
import { httpError } from '../errors.js';
import { audit, type AuditActor } from '../stores/audit.store.js';
import {
  deleteGrants,
  lockUserRights,
  refreshInstitutionAdmin,
  type AuthorityGrantRow,
  type UserRightsRow,
} from '../stores/authority-grants.store.js';

/** The refusals, as the route declares them. */
export const REMOVE_INSTITUTION_ADMIN_ERRORS = {
  404: 'User 12 not found',
  409: 'User 12 holds no institution-admin right granted by an invitation',
} as const;

export interface InstitutionAdminRemoval {
  user: UserRightsRow;
  removed: AuthorityGrantRow[];
}

function snapshot(rights: UserRightsRow) {
  return {
    name: rights.name,
    email: rights.email,
    institutionAdmin: rights.institution_admin,
    organizationGUID: rights.organization_guid,
    viaEntitlement: rights.claims_institution_admin,
  };
}

/** Runs inside a transaction: 404 for an unknown user, 409 when the user holds no grant to remove. */
export async function removeInstitutionAdmin(
  q: Queryable,
  actor: AuditActor,
  userId: number,
): Promise<InstitutionAdminRemoval> {
  const before = await lockUserRights(q, userId);
  if (!before) throw httpError(404, `User ${userId} not found`);
  const removed = await deleteGrants(q, userId, 'INSTITUTION_ADMIN');
  if (removed.length === 0) {
    throw httpError(
      409,
      before.claims_institution_admin
        ? `User ${userId} holds no institution-admin right granted by an invitation: the right comes from the entitlements of their login and ends when their identity provider stops releasing it`
        : `User ${userId} holds no institution-admin right granted by an invitation`,
    );
  }
  const after = await refreshInstitutionAdmin(q, userId);
  await audit(q, actor, {
    entityType: 'user',
    entityId: userId,
    action: 'remove_institution_admin',
    before: {
      ...snapshot(before),
      grants: removed.map((grant) => ({
        organizationGUID: grant.organization_guid,
        invitationId: grant.invitation_id,
        grantedBy: grant.granted_by_name,
        grantedAt: grant.granted_at,
      })),
    },
    after: snapshot(after),
  });
  return { user: after, removed };
}
