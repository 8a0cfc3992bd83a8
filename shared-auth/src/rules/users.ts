import { managedApplicationIds, ownApplicationIds } from './applications.js';
import { isKnownId, sameId } from './ids.js';
import type { User } from './types.js';

type MaybeUser = User | null | undefined;

/**
 * Spec §6 SUPER_USER: deletes another user from that user's profile, never itself. Both ids must be
 * known: without them "another user" cannot be told from "itself".
 */
export function mayDeleteUser(user: MaybeUser, target: Pick<User, 'id'>): boolean {
  if (!user?.superUser || !isKnownId(user.id) || !isKnownId(target.id)) return false;
  return user.id !== target.id;
}

/** Spec §2 System area and §6 SUPER_USER 'opens the system area': the menu link, the page, its calls. */
export function mayOpenSystem(user: MaybeUser): boolean {
  return Boolean(user?.superUser);
}

/**
 * Who may list application managers (GET users/applicationManagers) and remove one
 * (PUT users/removeApplicationManager/{id}): a super user (all of them), an institution admin with
 * applications (those of their organisation's applications).
 */
export function mayManageApplicationManagers(user: MaybeUser): boolean {
  if (!user) return false;
  return (
    user.superUser ||
    (user.institutionAdmin && Boolean(user.organizationGUID) && ownApplicationIds(user).length > 0)
  );
}

/**
 * Spec §6 SUPER_USER 'impersonates'. Decided on the real (logged-in) user, never on the one currently
 * impersonated, so a super user switching from one impersonated user to another keeps the right.
 */
export function mayImpersonate(realUser: MaybeUser): boolean {
  return Boolean(realUser?.superUser);
}

/**
 * Who may see another user's profile (spec §2 profile/{id}, §6): a super user sees it whole; anyone sees
 * their own; an institution admin (or an application manager) sees the roles the other holds on its
 * applications, a manager (or a
 * holder of INSTITUTION_ADMIN on a role) the roles it runs. Anyone else, or without such a role in
 * common, sees nothing (null). Non-super viewers see only those shared roles and no applications.
 */
export function visibleProfile(viewer: User, other: User): User | null {
  if (viewer.superUser || sameId(viewer.id, other.id)) return other;
  const ownApps = new Set([...ownApplicationIds(viewer), ...managedApplicationIds(viewer)]);
  const managed = new Set(
    viewer.userRoles
      .filter((ur) => ur.authority === 'MANAGER' || ur.authority === 'INSTITUTION_ADMIN')
      .map((ur) => ur.role?.id)
      .filter(isKnownId),
  );
  const shared = other.userRoles.filter(
    (ur) =>
      (isKnownId(ur.role?.id) && managed.has(ur.role.id)) ||
      (ur.role.applicationUsages ?? []).some((usage) => ownApps.has(usage.application.manageId)),
  );
  if (shared.length === 0) return null;
  return { ...other, userRoles: shared, roles: shared.map((ur) => ur.role), applications: [] };
}
