import { authorityRank, isUserAllowed, isValidAuthority } from './authority.js';
import { roleApplicationIds, isRoleUnknownInManage, userAdministersRole } from './applications.js';
import { sameId } from './ids.js';
import type { Authority, Invitation, Role, RoleRef, User, UserRole } from './types.js';

/** The part of a user role the permission rules read. */
export type TargetUserRole = { role: RoleRef } & Pick<UserRole, 'authority'> &
  Partial<Pick<UserRole, 'id' | 'user_id' | 'userInfo'>>;

/** True when the user holds the role itself with at least the given authority. */
function holdsRoleAtLeast(user: User, role: RoleRef, minimum: Authority): boolean {
  return (user.userRoles ?? []).some(
    (userRole) =>
      sameId(userRole.role?.id, role.id) &&
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
  if (ownerId !== undefined && ownerId !== null) return sameId(ownerId, user.id);
  return (user.userRoles ?? []).some((userRole) => sameId(userRole.id, target.id));
}

/**
 * Spec §6 'Permission to act on a target role entry' (change end date, remove, select in bulk).
 * A super user always may; with `allowSelf` a user may act on their own entry. Entries of SUPER_USER
 * and INSTITUTION_ADMIN are never allowed; MANAGER entries only for an institution admin of the role's
 * application or the application manager of all of the role's applications; INVITER entries need MANAGER
 * on the same role, a MANAGER role sharing an application, or one of those two; GUEST entries the same
 * with INVITER on the same role.
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
      return userAdministersRole(user, role);
    case 'INVITER':
      return (
        isUserAllowed(user, 'MANAGER') &&
        (holdsRoleAtLeast(user, role, 'MANAGER') ||
          managesSharedApplication(user, role) ||
          userAdministersRole(user, role))
      );
    case 'GUEST':
      return (
        isUserAllowed(user, 'INVITER') &&
        (holdsRoleAtLeast(user, role, 'INVITER') ||
          managesSharedApplication(user, role) ||
          userAdministersRole(user, role))
      );
    default:
      // SUPER_USER, INSTITUTION_ADMIN and anything unknown.
      return false;
  }
}

/**
 * Spec §6 'Role edit': a super user, an institution admin owning one of the role's applications, the
 * application manager of all of them, or a user whose own user role on it is at least MANAGER.
 */
export function allowedToEditRole(user: User | null | undefined, role: Role): boolean {
  if (!user) return false;
  if (user.superUser) return true;
  return userAdministersRole(user, role) || holdsRoleAtLeast(user, role, 'MANAGER');
}

/** What allowedToDeleteInvitation reads of an invitation: a listed one (roles summarised) will do. */
export type InvitationToManage = Pick<Invitation, 'intendedAuthority' | 'status'> &
  Partial<Pick<Invitation, 'inviter'>> & { roles?: ReadonlyArray<{ role: RoleRef }> };

/**
 * Spec §6 'Invitations have their own check': who may take an invitation back or send it again. A super
 * user; whoever sent it (by user id: an e-mail address is not an identity, two accounts may share one);
 * else a user who may act on an entry of the intended authority on every role of the invitation. Other
 * invitations without roles (institution-admin invitations) are for super users only. Whether it is still
 * open is not asked here (a resend of an accepted one is a conflict, not a refusal): see
 * allowedToDeleteInvitation.
 */
export function mayManageInvitation(user: User | null | undefined, invitation: InvitationToManage): boolean {
  if (!user) return false;
  if (user.superUser) return true;
  if (sameId(invitation.inviter?.id, user.id)) return true;
  const roles = invitation.roles ?? [];
  if (roles.length === 0) return false;
  return roles.every((invitationRole) =>
    allowedToRenewUserRole(user, { role: invitationRole.role, authority: invitation.intendedAuthority }),
  );
}

/**
 * Deleting (revoking) an invitation, the one rule the console's delete button and the server's
 * DELETE invitations/{id} both apply: mayManageInvitation, and never an accepted invitation (its roles
 * were granted; what remains is history, and the audit trail keeps it).
 */
export function allowedToDeleteInvitation(
  user: User | null | undefined,
  invitation: InvitationToManage,
): boolean {
  return invitation.status !== 'ACCEPTED' && mayManageInvitation(user, invitation);
}

/**
 * Spec §6 'New invitation / New guest buttons': at least `minimum` (MANAGER unless told otherwise) on the
 * role, or super user, or institution admin owning one of its applications, or application manager of all
 * of them — and never for a role unknown in the registry.
 */
export function mayInviteForRole(
  user: User | null | undefined,
  role: Role,
  minimum: Authority = 'MANAGER',
): boolean {
  if (!user || isRoleUnknownInManage(role)) return false;
  if (user.superUser) return true;
  return userAdministersRole(user, role) || holdsRoleAtLeast(user, role, minimum);
}
