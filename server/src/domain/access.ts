/**
 * Server-side permission checks, built on the shared pure rules of shared-auth. Functions here are the
 * few checks the rules do not cover; each names the spec rule it implements.
 */
import {
  allowedToEditRole,
  authorityRank,
  isValidAuthority,
  userManagesRoleApplication,
  type Authority,
  type Role,
  type User,
} from 'shared-auth/rules';
import { httpError } from '../errors.js';

/** The user's own authority on the role through a user role, if any. */
export function heldAuthority(user: User, roleId: number): Authority | null {
  const held = user.userRoles
    .filter((ur) => ur.role?.id === roleId && isValidAuthority(ur.authority))
    .map((ur) => ur.authority);
  return held.sort((a, b) => authorityRank(a) - authorityRank(b))[0] ?? null;
}

/**
 * Spec §6 INVITER 'may open role details; sees guests, invitations and maintainers tabs': super user, an
 * institution admin of one of the role's applications, or an INVITER-or-higher member of the role.
 */
export function mayViewRoleMembers(user: User, role: Role): boolean {
  if (user.superUser || userManagesRoleApplication(user, role)) return true;
  const held = heldAuthority(user, role.id);
  return held !== null && authorityRank(held) <= authorityRank('INVITER');
}

/** Role detail: anyone who may see the members, plus anyone holding the role (a guest sees its own role). */
export function mayReadRole(user: User, role: Role): boolean {
  return mayViewRoleMembers(user, role) || heldAuthority(user, role.id) !== null;
}

/**
 * Spec §6 'Role edit' (allowedToEditRole) for the role's own fields; changing its applications or landing
 * pages, and deleting it, needs a super user or an institution admin owning one of its applications
 * (spec §6 MANAGER 'cannot edit applications, landing pages, or delete').
 */
export function mayChangeRoleApplications(user: User, role: Role): boolean {
  return user.superUser || userManagesRoleApplication(user, role);
}

export function assertMayEditRole(user: User, role: Role): void {
  if (!allowedToEditRole(user, role)) throw httpError(403, 'missing roles');
}

/**
 * Spec §6 INVITER 'may only grant authorities ranked below their own', per role: a super user grants
 * anything; an institution admin owning an application of the role grants up to MANAGER; a member grants
 * only below the authority they hold on that role (and must hold at least INVITER).
 */
export function mayGrantOnRole(user: User, role: Role, intended: Authority): boolean {
  if (user.superUser) return true;
  if (userManagesRoleApplication(user, role))
    return authorityRank(intended) > authorityRank('INSTITUTION_ADMIN');
  const held = heldAuthority(user, role.id);
  if (!held || authorityRank(held) > authorityRank('INVITER')) return false;
  return authorityRank(intended) > authorityRank(held);
}

/** Loaded users always carry userRoles; `request.user` is non-null after app.authenticate. */
export function requireUser(user: User | null): User {
  if (!user) throw httpError(401, 'Not logged in');
  return user;
}
