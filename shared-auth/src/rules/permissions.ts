import { authorityRank, isUserAllowed, isValidAuthority } from './authority.js';
import { roleApplicationIds, isRoleUnknownInManage, userManagesRoleApplication } from './applications.js';
import type { Authority, Invitation, Role, RoleRef, User, UserRole } from './types.js';

/** The part of a user role the permission rules read. */
export type TargetUserRole = { role: RoleRef } & Pick<UserRole, 'authority'> &
  Partial<Pick<UserRole, 'id' | 'user_id' | 'userInfo'>>;

/** True when the user holds the role itself with at least the given authority. */
function holdsRoleAtLeast(user: User, role: RoleRef, minimum: Authority): boolean {
  return (user.userRoles ?? []).some(
    (userRole) =>
      userRole.role?.id === role.id &&
      isValidAuthority(userRole.authority) &&
      authorityRank(userRole.authority) <= authorityRank(minimum),
  );
}

/** True when the user holds a MANAGER-or-higher role pointing at one of the same applications. */
function managesSharedApplication(user: User, role: RoleRef): boolean {
  const targetApps = new Set(roleApplicationIds(role));
  if (targetApps.size === 0) return false;
  return (user.userRoles ?? []).some(
    (userRole) =>
      isValidAuthority(userRole.authority) &&
      authorityRank(userRole.authority) <= authorityRank('MANAGER') &&
      roleApplicationIds(userRole.role).some((manageId) => targetApps.has(manageId)),
  );
}

function isOwnEntry(user: User, target: TargetUserRole): boolean {
  const ownerId = target.userInfo?.id ?? target.user_id;
  if (ownerId !== undefined) return ownerId === user.id;
  return target.id !== undefined && (user.userRoles ?? []).some((userRole) => userRole.id === target.id);
}

/**
 * Spec §6 'Permission to act on a target role entry' (change end date, remove, select in bulk).
 * A super user always may; with `allowSelf` a user may act on their own entry. Entries of SUPER_USER
 * and INSTITUTION_ADMIN are never allowed; MANAGER entries only for an institution admin of the role's
 * application; INVITER entries need MANAGER on the same role, a MANAGER role sharing an application, or
 * institution admin of the application; GUEST entries the same with INVITER on the same role.
 */
export function allowedToRenewUserRole(
  user: User | null | undefined,
  userRole: TargetUserRole,
  allowSelf = false,
): boolean {
  if (!user) return false;
  if (user.superUser) return true;
  if (allowSelf && isOwnEntry(user, userRole)) return true;
  const role = userRole.role;
  switch (userRole.authority) {
    case 'MANAGER':
      return userManagesRoleApplication(user, role);
    case 'INVITER':
      return (
        isUserAllowed(user, 'MANAGER') &&
        (holdsRoleAtLeast(user, role, 'MANAGER') ||
          managesSharedApplication(user, role) ||
          userManagesRoleApplication(user, role))
      );
    case 'GUEST':
      return (
        isUserAllowed(user, 'INVITER') &&
        (holdsRoleAtLeast(user, role, 'INVITER') ||
          managesSharedApplication(user, role) ||
          userManagesRoleApplication(user, role))
      );
    default:
      // SUPER_USER, INSTITUTION_ADMIN and anything unknown.
      return false;
  }
}

/**
 * Spec §6 'Role edit': a super user, an institution admin owning one of the role's applications, or a
 * user whose own user role on it is at least MANAGER.
 */
export function allowedToEditRole(user: User | null | undefined, role: Role): boolean {
  if (!user) return false;
  if (user.superUser) return true;
  return userManagesRoleApplication(user, role) || holdsRoleAtLeast(user, role, 'MANAGER');
}

/**
 * Spec §6 'Invitations have their own check': deleting or resending an invitation is allowed when the
 * user may act on an entry of the intended authority on every role of the invitation. Whoever sent the
 * invitation may always take it back or resend it. Other invitations without roles (institution-admin
 * invitations) are for super users only.
 */
export function allowedToDeleteInvitation(
  user: User | null | undefined,
  invitation: Pick<Invitation, 'intendedAuthority'> &
    Partial<Pick<Invitation, 'inviter'>> & { roles?: ReadonlyArray<{ role: RoleRef }> },
): boolean {
  if (!user) return false;
  if (user.superUser) return true;
  if (invitation.inviter?.id === user.id) return true;
  const roles = invitation.roles ?? [];
  if (roles.length === 0) return false;
  return roles.every((invitationRole) =>
    allowedToRenewUserRole(user, { role: invitationRole.role, authority: invitation.intendedAuthority }),
  );
}

/**
 * Spec §6 'New invitation / New guest buttons': at least `minimum` (MANAGER unless told otherwise) on the
 * role, or super user, or institution admin owning one of its applications — and never for a role unknown
 * in the registry.
 */
export function mayInviteForRole(
  user: User | null | undefined,
  role: Role,
  minimum: Authority = 'MANAGER',
): boolean {
  if (!user || isRoleUnknownInManage(role)) return false;
  if (user.superUser) return true;
  return userManagesRoleApplication(user, role) || holdsRoleAtLeast(user, role, minimum);
}
