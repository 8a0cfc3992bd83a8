import { AUTHORITIES, type Authority, type User } from './types.js';

/** What is shown when a user holds no authority at all (spec §4 'Highest authority shown'). */
export const NO_MEMBER = 'No member';
export type ShownAuthority = Authority | typeof NO_MEMBER;

const RANKS: Record<Authority, number> = {
  SUPER_USER: 1,
  INSTITUTION_ADMIN: 2,
  APPLICATION_MANAGER: 3,
  MANAGER: 4,
  INVITER: 5,
  GUEST: 6,
};

/** True when the user is an application manager of at least one registry application. */
export function isApplicationManager(user: Pick<User, 'managedApplications'> | null | undefined): boolean {
  return (user?.managedApplications ?? []).some((application) => typeof application.id === 'string');
}

/** True for one of the six authority names of the ladder. */
export function isValidAuthority(authority: unknown): authority is Authority {
  return typeof authority === 'string' && Object.prototype.hasOwnProperty.call(RANKS, authority);
}

/** Throws Error('<authority> is not a valid authority') for anything outside the ladder. */
export function assertValidAuthority(authority: unknown): asserts authority is Authority {
  if (!isValidAuthority(authority)) throw new Error(`${String(authority)} is not a valid authority`);
}

/** Rank on the ladder: 1 (SUPER_USER, most power) to 6 (GUEST). Throws for an unknown name. */
export function authorityRank(authority: Authority | string): number {
  assertValidAuthority(authority);
  return RANKS[authority];
}

/** The stronger of two authorities. */
export function strongerAuthority(a: Authority, b: Authority): Authority {
  return RANKS[a] <= RANKS[b] ? a : b;
}

/** The strongest authority the user holds through user roles, or null without any role. */
export function bestRoleAuthority(user: Pick<User, 'userRoles'>): Authority | null {
  return (user.userRoles ?? [])
    .map((userRole) => userRole.authority)
    .filter(isValidAuthority)
    .reduce<Authority | null>(
      (best, authority) => (best ? strongerAuthority(best, authority) : authority),
      null,
    );
}

/**
 * Spec §4 'Effective authority'. The institution-admin flag only counts without applications when the
 * check is not strict; then an application manager of at least one application is APPLICATION_MANAGER;
 * otherwise the best role authority applies, GUEST when there is none.
 */
export function effectiveAuthority(user: User, strict: boolean): Authority {
  if (user.superUser) return 'SUPER_USER';
  if (user.institutionAdmin && (!strict || (user.applications ?? []).length > 0)) return 'INSTITUTION_ADMIN';
  if (isApplicationManager(user)) return 'APPLICATION_MANAGER';
  return bestRoleAuthority(user) ?? 'GUEST';
}

/**
 * Spec §6 'Authority check': a super user always passes; otherwise the user's (strict) effective
 * authority must rank at or above the required one. An unknown required name throws.
 */
export function isUserAllowed(user: User | null | undefined, required: Authority | string): boolean {
  const requiredRank = authorityRank(required);
  if (!user) return false;
  if (user.superUser) return true;
  return RANKS[effectiveAuthority(user, true)] <= requiredRank;
}

/**
 * Spec §4 'Highest authority shown': SUPER_USER for a super user, INSTITUTION_ADMIN for an institution
 * admin, APPLICATION_MANAGER for an application manager, else the first entry of the comma-separated `authority` list, else 'No member'. When the server
 * sent no `authority` list at all, the user's roles are read instead.
 * With `forceInstitutionAdmin = false` the institution-admin flag only counts when the user has
 * applications (the strict reading of §4 'Effective authority').
 */
export function highestAuthority(
  user: User | null | undefined,
  forceInstitutionAdmin = true,
): ShownAuthority {
  if (!user) return NO_MEMBER;
  if (user.superUser) return 'SUPER_USER';
  if (user.institutionAdmin && (forceInstitutionAdmin || (user.applications ?? []).length > 0)) {
    return 'INSTITUTION_ADMIN';
  }
  if (isApplicationManager(user)) return 'APPLICATION_MANAGER';
  if (typeof user.authority === 'string') {
    const first = user.authority
      .split(',')
      .map((entry) => entry.trim())
      .find(isValidAuthority);
    return first ?? NO_MEMBER;
  }
  return bestRoleAuthority(user) ?? NO_MEMBER;
}

/** All authorities ranked strictly below the given one, strongest first. */
export function authoritiesBelow(authority: Authority): Authority[] {
  return AUTHORITIES.filter((candidate) => RANKS[candidate] > RANKS[authority]);
}
