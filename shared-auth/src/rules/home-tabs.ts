import type { User } from './types.js';

type MaybeUser = User | null | undefined;

/**
 * Spec §2 Home tabs, one rule per tab. The shell (while a remote is down), the remotes (their tab
 * contributions) and the server (the calls behind each tab) all call these, by these names.
 */

/**
 * An institution admin "with applications": not a super user, has an organisation identifier and at
 * least one application.
 */
export function isInstitutionAdminWithApplications(user: MaybeUser): boolean {
  if (!user || user.superUser || !user.institutionAdmin) return false;
  return Boolean(user.organizationGUID) && (user.applications?.length ?? 0) > 0;
}

/** roles: everyone who is logged in. */
export function showsRolesTab(user: MaybeUser): boolean {
  return Boolean(user);
}

/** users: super users only. */
export function showsUsersTab(user: MaybeUser): boolean {
  return Boolean(user?.superUser);
}

/** applications: super users, and institution admins with applications. */
export function showsApplicationsTab(user: MaybeUser): boolean {
  return Boolean(user?.superUser) || isInstitutionAdminWithApplications(user);
}

/** applicationUsers: institution admins with applications (not super users). */
export function showsApplicationUsersTab(user: MaybeUser): boolean {
  return isInstitutionAdminWithApplications(user);
}

/** tokens: super users, and institution admins that have an organisation identifier. */
export function showsTokensTab(user: MaybeUser): boolean {
  if (!user) return false;
  return user.superUser || (user.institutionAdmin && Boolean(user.organizationGUID));
}
