import { authorityRank, isValidAuthority } from './authority.js';
import {
  applicationManagerSeesRole,
  managedApplicationIds,
  ownApplicationIds,
  roleApplicationIds,
  userAdministersRole,
  userManagesRoleApplication,
} from './applications.js';
import { isKnownId, sameId } from './ids.js';
import type { Authority, Role, RoleRef, User } from './types.js';

type MaybeUser = User | null | undefined;

/** The user's own (strongest) authority on the role through a user role, if any. */
export function heldAuthority(user: MaybeUser, roleId: number): Authority | null {
  const held = (user?.userRoles ?? [])
    .filter((userRole) => sameId(userRole.role?.id, roleId) && isValidAuthority(userRole.authority))
    .map((userRole) => userRole.authority);
  return held.sort((a, b) => authorityRank(a) - authorityRank(b))[0] ?? null;
}

/**
 * Spec §6 INVITER 'may open role details; sees guests, invitations and maintainers tabs': a super user,
 * an institution admin of one of the role's applications, an application manager of one of them (who
 * sees their applications' users), or an INVITER-or-higher member of the role.
 */
export function mayViewRoleMembers(user: MaybeUser, role: Role): boolean {
  if (!user) return false;
  if (user.superUser || userManagesRoleApplication(user, role) || applicationManagerSeesRole(user, role)) {
    return true;
  }
  const held = heldAuthority(user, role.id);
  return held !== null && authorityRank(held) <= authorityRank('INVITER');
}

/**
 * Which roles a user may see (spec §6, README `GET roles`), as data: every role, or those matching one of
 * the lists. The server's SQL (stores/role-visibility.ts) and roleIsVisible read the same value, so the
 * list a user gets and the roles the user may open cannot drift apart.
 */
export interface RoleVisibility {
  /** A super user sees every role. */
  all: boolean;
  /** Roles the user holds with more than GUEST (the guest role is hidden from non-super users). */
  roleIds: number[];
  /** An institution admin's organisation: roles carrying it are its institution's roles. */
  organizationGUID: string | null;
  /**
   * An institution admin's registry applications and an application manager's: roles on one of them are
   * theirs to see.
   */
  applicationIds: string[];
}

/**
 * Who may see which roles. A super user: all. Anyone: their own non-GUEST roles. An institution admin
 * with applications (or without, when `force` asks for it, as the console's roles tab does): also its
 * institution's roles (same organisation GUID) and the roles on its applications. An application manager:
 * also the roles on the applications they manage. Ids, GUIDs and application ids that are missing match
 * nothing.
 */
export function roleVisibility(user: MaybeUser, force = false): RoleVisibility {
  const none: RoleVisibility = { all: false, roleIds: [], organizationGUID: null, applicationIds: [] };
  if (!user) return none;
  if (user.superUser) return { ...none, all: true };
  const roleIds = [
    ...new Set(
      (user.userRoles ?? [])
        .filter((userRole) => userRole.authority !== 'GUEST')
        .map((userRole) => userRole.role?.id)
        .filter((id): id is number => typeof id === 'number' && isKnownId(id)),
    ),
  ];
  const ownIds = ownApplicationIds(user);
  const managedIds = managedApplicationIds(user);
  const asAdmin = user.institutionAdmin && (ownIds.length > 0 || force);
  const applicationIds = [...new Set([...(asAdmin ? ownIds : []), ...managedIds])];
  const organizationGUID = asAdmin && isKnownId(user.organizationGUID) ? user.organizationGUID : null;
  return { all: false, roleIds, organizationGUID, applicationIds };
}

/** The role as roleVisibility matches it: its id, its organisation and its applications. */
export type VisibleRoleRef = RoleRef & Partial<Pick<Role, 'organizationGUID'>>;

/** True when the role is among those `visibility` lets see (what the SQL of the role list selects). */
export function roleIsVisible(visibility: RoleVisibility, role: VisibleRoleRef): boolean {
  if (!isKnownId(role.id)) return false;
  if (visibility.all) return true;
  if (visibility.roleIds.includes(role.id)) return true;
  if (sameId(visibility.organizationGUID, role.organizationGUID)) return true;
  const apps = new Set(visibility.applicationIds);
  return roleApplicationIds(role).some((manageId) => apps.has(manageId));
}

/** True when the user may see the role in the role list asked for with `force` (roleVisibility). */
export function maySeeRole(user: MaybeUser, role: VisibleRoleRef, force = false): boolean {
  return roleIsVisible(roleVisibility(user, force), role);
}

/**
 * Role detail (GET roles/{id}): exactly the roles some role list of the user shows (maySeeRole with
 * `force`, the widest of them), so the console never lists a role it cannot open, and never opens one
 * it would not list.
 */
export function mayReadRole(user: MaybeUser, role: VisibleRoleRef): boolean {
  return maySeeRole(user, role, true);
}

/**
 * Spec §6 MANAGER 'cannot edit applications, landing pages, or delete': changing a role's applications
 * or landing pages, and deleting it, needs a super user, an institution admin owning one of its
 * applications, or the application manager of all of them. (The role's own fields follow
 * allowedToEditRole.)
 */
export function mayChangeRoleApplications(user: MaybeUser, role: Role): boolean {
  if (!user) return false;
  return user.superUser || userAdministersRole(user, role);
}

/**
 * Who may create roles at all (the roles tab's New role button, the role form, POST roles): a super user,
 * an institution admin with applications, or an application manager. Which applications the new role may
 * open is mayUseApplicationInRole's, per application.
 */
export function mayCreateRole(user: MaybeUser): boolean {
  if (!user) return false;
  if (user.superUser) return true;
  return (
    (user.institutionAdmin && ownApplicationIds(user).length > 0) || managedApplicationIds(user).length > 0
  );
}
