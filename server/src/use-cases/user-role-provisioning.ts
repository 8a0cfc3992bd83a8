/**
 * A direct grant without an invitation (the external API's `POST user_roles/user_role_provisioning`, as
 * OpenConext Invite has it): the person named by `sub`, `eduPersonPrincipalName` or `email`, created when
 * unknown, gets the roles with the intended authority. One transaction, audited with the token as actor.
 */
import type { FastifyInstance } from 'fastify';
import type { Authority, User } from 'shared-auth/rules';
import { checkGrant, checkRoleEndDates } from '../domain/invitation-create.js';
import { DAY_MS, fromEpochSeconds } from '../domain/time.js';
import { isValidEmail } from '../domain/validation.js';
import { httpError } from '../errors.js';
import type { AuditActor } from '../stores/audit.store.js';
import { loadRolesByIds } from '../stores/roles.store.js';
import { toUserRole } from '../stores/user-role.rows.js';
import { grantUserRole, loadUserRoleRow } from '../stores/user-roles.store.js';
import { findOrCreateProvisionedUser } from '../stores/users.store.js';

export interface UserRoleProvisioning {
  roleIdentifiers: number[];
  intendedAuthority: Authority;
  sub?: string | null;
  eduPersonPrincipalName?: string | null;
  email?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  name?: string | null;
  schacHomeOrganization?: string | null;
  guestRoleIncluded?: boolean;
  /** Epoch seconds; default: each role's defaultExpiryDays from now (none when 0). */
  endDate?: number | null;
}

const text = (value: string | null | undefined): string | null => value?.trim() || null;

/** Grants the roles; answers the person's id, whether it was created, and the memberships as they are now. */
export async function provisionUserRoles(
  app: FastifyInstance,
  actor: AuditActor,
  principal: User,
  body: UserRoleProvisioning,
) {
  const person = {
    sub: text(body.sub),
    eduPersonPrincipalName: text(body.eduPersonPrincipalName),
    email: text(body.email),
    givenName: text(body.givenName),
    familyName: text(body.familyName),
    name: text(body.name),
    schacHomeOrganization: text(body.schacHomeOrganization),
  };
  if (!person.sub && !person.eduPersonPrincipalName && !person.email) {
    throw httpError(400, 'Name the person by sub, eduPersonPrincipalName or email');
  }
  if (person.email && !isValidEmail(person.email))
    throw httpError(400, `Invalid email address: ${person.email}`);
  if (!person.sub && !person.eduPersonPrincipalName?.includes('@') && !person.email?.includes('@')) {
    throw httpError(400, 'Without a sub, eduPersonPrincipalName or email must hold an @');
  }
  if (body.intendedAuthority === 'SUPER_USER' || body.intendedAuthority === 'INSTITUTION_ADMIN') {
    throw httpError(400, 'A direct grant gives a role: GUEST, INVITER or MANAGER');
  }
  const roleIds = [...new Set(body.roleIdentifiers)];
  if (roleIds.length === 0) throw httpError(400, 'At least one role is required');
  const roles = await loadRolesByIds(app.db, app.registry, roleIds);
  if (roles.length !== roleIds.length) throw httpError(404, 'One of the roles does not exist');
  // The same rule as an invitation's: what the token may grant on these roles.
  checkGrant(principal, body.intendedAuthority, roles);
  const endDate =
    body.endDate === undefined || body.endDate === null ? undefined : fromEpochSeconds(body.endDate);
  if (endDate && endDate.getTime() <= Date.now() && !app.config.pastDateAllowed) {
    throw httpError(400, 'The end date must be in the future');
  }
  // As for an invitation: a later end date than a role's is refused; without one, the grant caps at it.
  checkRoleEndDates(endDate ?? null, roles, app.config.pastDateAllowed, Date.now(), 'endDate');
  const guestIncluded = body.intendedAuthority !== 'GUEST' && (body.guestRoleIncluded ?? false);
  const { userId, created, ids } = await app.db.tx(async (q) => {
    const user = await findOrCreateProvisionedUser(q, actor, person);
    const granted: number[] = [];
    for (const role of roles) {
      const roleEnd =
        endDate ??
        (role.defaultExpiryDays > 0 ? new Date(Date.now() + role.defaultExpiryDays * DAY_MS) : null);
      granted.push(
        await grantUserRole(q, actor, {
          userId: user.id,
          roleId: role.id,
          authority: body.intendedAuthority,
          guestIncluded,
          endDate: roleEnd,
          inviter: actor?.apiToken ? `API token ${actor.apiToken.id}` : null,
        }),
      );
    }
    return { userId: user.id, created: user.created, ids: granted };
  });
  const userRoles = [];
  for (const [index, id] of ids.entries()) {
    const row = await loadUserRoleRow(app.db, id);
    if (row) userRoles.push(toUserRole(row, roles[index]));
  }
  return { userId, created, userRoles };
}
