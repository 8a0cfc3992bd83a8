/**
 * Checking a request to create invitations (spec §5, §6): the addresses, the roles as stored, the rules of
 * domain/invitation-create.ts, and the organisation as the registry knows it. Reads only; the route writes
 * the checked invitations.
 */
import {
  mayGrantApplicationManager,
  type InvitationRequest,
  type ManageIdentifier,
  type Role,
  type User,
} from 'shared-auth/rules';
import type { Queryable } from '../db/types.js';
import {
  checkDates,
  checkGrant,
  checkRoleEndDates,
  MAX_INVITEES_PER_REQUEST,
  type CheckedInvitation,
} from '../domain/invitation-create.js';
import { splitInvitees } from '../domain/validation.js';
import { httpError } from '../errors.js';
import type { Registry } from '../registry/registry.js';
import { loadRolesByIds } from '../stores/roles.store.js';

async function checkOrganization(
  body: InvitationRequest,
  user: User,
  registry: Registry,
): Promise<string | null> {
  if (body.intendedAuthority !== 'INSTITUTION_ADMIN') return null;
  if (!user.superUser) {
    if (!user.institutionAdmin || !user.organizationGUID)
      throw httpError(403, 'Only institution admins invite institution admins');
    return user.organizationGUID;
  }
  const guid = body.organizationGUID?.trim();
  if (!guid) throw httpError(400, 'A valid organization GUID is required');
  if (!(await registry.identityProviderByOrganizationGUID(guid))) {
    throw httpError(400, 'The value is invalid for organizationGUID');
  }
  return guid;
}

/**
 * The applications of an APPLICATION_MANAGER invitation (its manageIdentifiers): required there and only
 * there, each once, each known to the registry with that type. Who may grant which is the shared rule's
 * (a 403 before anything else is looked at).
 */
async function checkApplications(
  body: InvitationRequest,
  user: User,
  registry: Registry,
): Promise<ManageIdentifier[]> {
  const asked = body.manageIdentifiers ?? [];
  if (body.intendedAuthority !== 'APPLICATION_MANAGER') {
    if (asked.length > 0) {
      throw httpError(400, 'manageIdentifiers is only for an APPLICATION_MANAGER invitation');
    }
    return [];
  }
  const ids = asked.map((identifier) => identifier.manageId);
  if (ids.length > 0 && !mayGrantApplicationManager(user, ids)) {
    throw httpError(403, "You may make someone application manager only of your organisation's applications");
  }
  if (asked.length === 0) {
    throw httpError(400, 'manageIdentifiers is required: the applications the invitee will manage');
  }
  const seen = new Set<string>();
  for (const { manageId, manageType } of asked) {
    if (seen.has(manageId)) throw httpError(400, `manageIdentifiers names ${manageId} twice`);
    seen.add(manageId);
    const application = await registry.provider(manageId);
    if (!application || application.manageType !== manageType) {
      throw httpError(400, `The value is invalid for manageIdentifiers: ${manageId} (${manageType})`);
    }
  }
  return asked.map(({ manageId, manageType }) => ({ manageId, manageType }));
}

/** The roles' requested authentication context: the first role's (in name order) that asks for one. */
function rolesAuthnContext(roles: Role[]): string | null {
  return roles.map((role) => role.requestedAuthnContext).find((acr) => acr) ?? null;
}

/** The request checked and completed (dates, roles, switches), or the 4xx that refuses it. */
export async function checkInvitation(
  q: Queryable,
  registry: Registry,
  user: User,
  body: InvitationRequest,
  pastDateAllowed: boolean,
): Promise<CheckedInvitation> {
  const { valid, invalid } = splitInvitees(body.invites);
  if (invalid.length > 0) throw httpError(400, `Invalid email addresses: ${invalid.join(', ')}`);
  if (valid.length === 0) throw httpError(400, 'At least one email address is required');
  if (valid.length > MAX_INVITEES_PER_REQUEST) {
    throw httpError(
      400,
      `At most ${MAX_INVITEES_PER_REQUEST} email addresses per request, not ${valid.length}: send them in parts`,
    );
  }
  const roleIds = [...new Set(body.roleIdentifiers ?? [])];
  const roles = await loadRolesByIds(q, registry, roleIds);
  if (roles.length !== roleIds.length) throw httpError(404, 'One of the roles does not exist');
  checkGrant(user, body.intendedAuthority, roles);
  const organizationGUID = await checkOrganization(body, user, registry);
  const manageIdentifiers = await checkApplications(body, user, registry);
  const dates = checkDates(body, pastDateAllowed, Date.now());
  checkRoleEndDates(dates.roleExpiryDate, roles, pastDateAllowed, Date.now());
  // Spec §5: the advanced switches only count when every chosen role allows overriding its settings.
  const overridable = roles.every((r) => r.overrideSettingsAllowed);
  return {
    emails: valid,
    intendedAuthority: body.intendedAuthority,
    roles,
    message: body.message?.trim() || null,
    language: body.language ?? 'en',
    ...dates,
    organizationGUID,
    manageIdentifiers,
    enforceEmailEquality: overridable
      ? (body.enforceEmailEquality ?? false)
      : roles.some((r) => r.enforceEmailEquality),
    eduIDOnly: overridable ? (body.eduIDOnly ?? false) : roles.some((r) => r.eduIDOnly),
    requestedAuthnContext:
      overridable && body.requestedAuthnContext !== undefined
        ? body.requestedAuthnContext?.trim() || null
        : rolesAuthnContext(roles),
    guestRoleIncluded: body.intendedAuthority !== 'GUEST' && (body.guestRoleIncluded ?? false),
  };
}
