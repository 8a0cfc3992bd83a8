/**
 * The SQL fragments the provisioning stores share: which memberships a target hears of.
 */

/** A membership a target hears of: a guest's, or one that includes the guest role. */
export const GUEST = `(ur.authority = 'GUEST' OR ur.guest_role_included)`;
/** A membership counts while it has not ended (the cleanup job deletes ended ones later). */
export const CURRENT = `(ur.end_date IS NULL OR ur.end_date > now())`;
