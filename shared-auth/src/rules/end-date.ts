import type { Authority, User } from './types.js';

/** Why a new end date of a user role is refused; the server answers each with a 400 and its text. */
export type EndDateProblem = 'guestNeedsEndDate' | 'endDateNotInFuture';

/**
 * Spec §4 'change end date' and §5 Date picker: an end date may be cleared (null) only by a super user
 * for a guest entry, and must lie in the future unless the configuration allows past dates. `endDate`
 * and `now` are epoch seconds and epoch milliseconds. Whether the user may act on the entry at all is
 * allowedToRenewUserRole.
 */
export function userRoleEndDateProblem(
  user: Pick<User, 'superUser'>,
  targetAuthority: Authority,
  endDate: number | null,
  options: { pastDateAllowed: boolean; now?: number },
): EndDateProblem | null {
  if (endDate === null) return targetAuthority === 'GUEST' && !user.superUser ? 'guestNeedsEndDate' : null;
  const now = options.now ?? Date.now();
  return endDate * 1000 <= now && !options.pastDateAllowed ? 'endDateNotInFuture' : null;
}
