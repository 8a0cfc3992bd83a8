/**
 * The server counts at most this many matches of a search (users, invitations) or of the audit trail, and
 * answers COUNT_CAP + 1 as the total when there are more: counting every one of 75,000 matches of a broad
 * word costs far more than the page itself.
 */
export const COUNT_CAP = 1000;

/** True for a total the server capped: there are more matches than it counted. */
export function isCappedTotal(total: number): boolean {
  return total > COUNT_CAP;
}

/** A total as a list's heading shows it: `1000+` for a capped one, never the server's COUNT_CAP + 1. */
export function shownTotal(total: number): string {
  return isCappedTotal(total) ? `${COUNT_CAP}+` : String(total);
}
