/**
 * Rules compare ids (a user's, a role's, an inviter's) to decide who may do what. An id that is missing
 * must never match another missing one (`undefined === undefined`): a rule that compares ids asks
 * `sameId`, which is false unless both sides carry a real id.
 */

/** True for an id a rule may compare: a finite number or a non-empty string. */
export function isKnownId(id: unknown): id is number | string {
  return (typeof id === 'number' && Number.isFinite(id)) || (typeof id === 'string' && id.length > 0);
}

/** True when both ids are known and equal; a missing id on either side never matches. */
export function sameId(a: unknown, b: unknown): boolean {
  return isKnownId(a) && isKnownId(b) && a === b;
}
