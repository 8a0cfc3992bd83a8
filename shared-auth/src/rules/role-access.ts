import { authorityRank, isValidAuthority } from './authority.js';
import { userManagesRoleApplication } from './applications.js';
import type { Authority, Role, User } from './types.js';

type MaybeUser = User | null | undefined;

/** The user's own (strongest) authority on the role through a user role, if any. */
export function heldAuthority(user: MaybeUser, roleId: number): Authority | null {
  const held = (user?.userRoles ?? [])
    .filter((userRole) => userRole.role?.id === roleId && isValidAuthority(userRole.authority))
    .map((userRole) => userRole.authority);
  return held.sort((a, b) => authorityRank(a) - authorityRank(b))[0] ?? null;
}

/**
 * Spec §6 INVITER 'may open role details; sees guests, invitations and maintainers tabs': a super user,
 * an institution admin of one of the role's applications, or an INVITER-or-higher member of the role.
 */
export function mayViewRoleMembers(user: MaybeUser, role: Role): boolean {
  if (!user) return false;
  if (user.superUser || userManagesRoleApplication(user, role)) return true;
  const held = heldAuthority(user, role.id);
  return held !== null && authorityRank(held) <= authorityRank('INVITER');
}

/** Role detail: anyone who may see the members, plus anyone holding the role (a guest sees its own role). */
export function mayReadRole(user: MaybeUser, role: Role): boolean {
  return mayViewRoleMembers(user, role) || heldAuthority(user, role.id) !== null;
}

/**
 * Spec §6 MANAGER 'cannot edit applications, landing pages, or delete': changing a role's applications
 * or landing pages, and deleting it, needs a super user or an institution admin owning one of its
 * applications. (The role's own fields follow allowedToEditRole.)
 */
export function mayChangeRoleApplications(user: MaybeUser, role: Role): boolean {
  if (!user) return false;
  return user.superUser || userManagesRoleApplication(user, role);
}
