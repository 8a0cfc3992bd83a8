import type { Role, RoleRef, User } from './types.js';

/** The registry manageIds a role points at (its application usages, else its application maps). */
export function roleApplicationIds(
  role: Partial<Pick<Role, 'applicationUsages' | 'applicationMaps'>>,
): string[] {
  const fromUsages = (role.applicationUsages ?? [])
    .map((usage) => usage.application?.manageId)
    .filter(isText);
  if (fromUsages.length > 0) return fromUsages;
  return (role.applicationMaps ?? []).map((map) => map.id).filter(isText);
}

/** The registry manageIds an institution admin owns (its organisation's applications); empty for others. */
export function ownApplicationIds(user: User | null | undefined): string[] {
  if (!user?.institutionAdmin) return [];
  return (user.applications ?? []).map((application) => application.id).filter(isText);
}

/** True when the user is an institution admin and the registry application is one of theirs. */
export function userManagesApplication(user: User | null | undefined, manageId: string): boolean {
  return ownApplicationIds(user).includes(manageId);
}

/** True when the user is an institution admin owning at least one of the role's applications. */
export function userManagesRoleApplication(user: User | null | undefined, role: RoleRef): boolean {
  return roleApplicationIds(role).some((manageId) => userManagesApplication(user, manageId));
}

/** The registry manageIds the user is an application manager of; empty for everyone else. */
export function managedApplicationIds(user: User | null | undefined): string[] {
  return (user?.managedApplications ?? []).map((application) => application.id).filter(isText);
}

/** True when the user is an application manager of this registry application. */
export function isApplicationManagerOf(user: User | null | undefined, manageId: string): boolean {
  return managedApplicationIds(user).includes(manageId);
}

/**
 * True when the role is an application manager's to change: it opens at least one application and every
 * one of them is the user's (a role that also opens an application that is not theirs is not theirs).
 */
export function applicationManagerOwnsRole(user: User | null | undefined, role: RoleRef): boolean {
  const managed = new Set(managedApplicationIds(user));
  if (managed.size === 0) return false;
  const apps = roleApplicationIds(role);
  return apps.length > 0 && apps.every((manageId) => managed.has(manageId));
}

/** True when the role opens at least one application the user is an application manager of (to see it). */
export function applicationManagerSeesRole(user: User | null | undefined, role: RoleRef): boolean {
  const managed = new Set(managedApplicationIds(user));
  return roleApplicationIds(role).some((manageId) => managed.has(manageId));
}

/**
 * Who may put this registry application on a role (create, or change a role's applications): a super user,
 * an institution admin of its organisation, or its application manager.
 */
export function mayUseApplicationInRole(user: User | null | undefined, manageId: string): boolean {
  if (!user) return false;
  return user.superUser || userManagesApplication(user, manageId) || isApplicationManagerOf(user, manageId);
}

/**
 * True when the user changes this role as its institution admin (one of its applications is theirs) or as
 * its application manager (all of them are): edit, delete, change applications, invite up to MANAGER.
 */
export function userAdministersRole(user: User | null | undefined, role: RoleRef): boolean {
  return userManagesRoleApplication(user, role) || applicationManagerOwnsRole(user, role);
}

/** Spec §3: a role is unknown in the registry when the server flagged it or one of its mappings is unknown. */
export function isRoleUnknownInManage(role: Pick<Role, 'unknownInManage' | 'applicationMaps'>): boolean {
  return role.unknownInManage === true || (role.applicationMaps ?? []).some((map) => map.unknown === true);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** One application a user may open through a membership (spec §6 GUEST: pointed to its applications). */
export interface AccessibleApplication {
  manageId: string;
  /** The name and organisation in the given language, the other language as fallback. */
  name: string;
  organisation?: string;
  logo?: string;
  roleId: number;
  roleName: string;
  /** Epoch seconds; null when the membership does not end. */
  endDate: number | null;
  /** Where "Go to application" leads: the role's landing page for it, else the registry's. */
  url?: string;
}

/**
 * The applications the user's guest memberships give access to (GUEST, or a manager or inviter who also
 * holds the guest role), one entry per role and application, by application name. Ended memberships (end
 * date before `nowSeconds`) and applications the registry no longer knows give nothing.
 */
export function accessibleApplications(
  user: Pick<User, 'userRoles'> | null | undefined,
  language: string,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): AccessibleApplication[] {
  const nl = language.startsWith('nl');
  const pick = (map: Record<string, unknown>, key: string): string | undefined => {
    const first = map[`${key}:${nl ? 'nl' : 'en'}`];
    const second = map[`${key}:${nl ? 'en' : 'nl'}`];
    return isText(first) ? first : isText(second) ? second : undefined;
  };
  const result: AccessibleApplication[] = [];
  for (const userRole of user?.userRoles ?? []) {
    if (userRole.authority !== 'GUEST' && !userRole.guestRoleIncluded) continue;
    const endDate = userRole.endDate ?? null;
    if (endDate !== null && endDate <= nowSeconds) continue;
    const role = userRole.role;
    for (const map of role.applicationMaps ?? []) {
      if (map.unknown) continue;
      const usage = (role.applicationUsages ?? []).find((u) => u.application?.manageId === map.id);
      const url = [usage?.landingPage, role.landingPage, map.landingPage, map.url].find(isText);
      result.push({
        manageId: map.id,
        name: pick(map, 'name') ?? map.id,
        organisation: pick(map, 'OrganizationName'),
        logo: isText(map.logo) ? map.logo : undefined,
        roleId: role.id,
        roleName: role.name,
        endDate,
        ...(url ? { url } : {}),
      });
    }
  }
  return result.sort((a, b) => a.name.localeCompare(b.name) || a.roleName.localeCompare(b.roleName));
}
