import { effectiveAuthority, isApplicationManager } from './authority.js';
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

/**
 * roles, as a guest sees it: its own applications (spec §6), so the tab is named "My applications". The
 * roles remote contributes that entry under the roles tab's id with a lower order; the first visible entry
 * of an id is the one shown, and a shell without this rule keeps showing "Roles".
 */
export function showsMyApplicationsTab(user: MaybeUser): boolean {
  if (!user || user.superUser) return false;
  return effectiveAuthority(user, true) === 'GUEST';
}

/** users: super users only. */
export function showsUsersTab(user: MaybeUser): boolean {
  return Boolean(user?.superUser);
}

/** applications: super users, institution admins with applications, and application managers. */
export function showsApplicationsTab(user: MaybeUser): boolean {
  return Boolean(user?.superUser) || isInstitutionAdminWithApplications(user) || isApplicationManager(user);
}

/** applicationUsers: institution admins with applications and application managers (not super users). */
export function showsApplicationUsersTab(user: MaybeUser): boolean {
  if (!user || user.superUser) return false;
  return isInstitutionAdminWithApplications(user) || isApplicationManager(user);
}

/**
 * applicationManagers: institution admins with applications see (and remove) the application managers of
 * their organisation's applications here; super users see all of them in the system area instead.
 */
export function showsApplicationManagersHomeTab(user: MaybeUser): boolean {
  return isInstitutionAdminWithApplications(user);
}

/** tokens: super users, and institution admins that have an organisation identifier. */
export function showsTokensTab(user: MaybeUser): boolean {
  if (!user) return false;
  return user.superUser || (user.institutionAdmin && Boolean(user.organizationGUID));
}
