import type { Authority, User } from './types.js';

/** Why a new end date of a user role is refused; the server answers each with a 400 and its text. */
export type EndDateProblem = 'guestNeedsEndDate' | 'endDateNotInFuture' | 'endDateAfterRoleEnd';

/**
 * Spec §4 'change end date' and §5 Date picker: an end date may be cleared (null) only by a super user
 * for a guest entry, and must lie in the future unless the configuration allows past dates. No membership
 * outlives its role's end date (`roleEndDate`): neither a later date nor none. `endDate` and `roleEndDate`
 * are epoch seconds, `now` epoch milliseconds. Whether the user may act on the entry at all is
 * allowedToRenewUserRole.
 */
export function userRoleEndDateProblem(
  user: Pick<User, 'superUser'>,
  targetAuthority: Authority,
  endDate: number | null,
  options: { pastDateAllowed: boolean; now?: number; roleEndDate?: number | null },
): EndDateProblem | null {
  const roleEnd = options.roleEndDate ?? null;
  if (endDate === null) {
    if (targetAuthority === 'GUEST' && !user.superUser) return 'guestNeedsEndDate';
    return roleEnd === null ? null : 'endDateAfterRoleEnd';
  }
  const now = options.now ?? Date.now();
  if (endDate * 1000 <= now && !options.pastDateAllowed) return 'endDateNotInFuture';
  return roleEnd !== null && endDate > roleEnd ? 'endDateAfterRoleEnd' : null;
}
