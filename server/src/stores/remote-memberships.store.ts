/**
 * A person's guest memberships as services outside the console read them (voot, attribute aggregation):
 * by the person's subject, current memberships only (GUEST, or another authority with the guest role
 * included, not ended).
 */
import type { Queryable } from '../db/types.js';

export interface RemoteMembership {
  userId: number;
  urn: string;
  name: string;
}

/**
 * The guest memberships of the user with this subject, by role name; only those of roles on these
 * applications when `manageIds` is given. An unknown subject has none. `activityDue`: the person's last
 * activity is over a minute old (touchLastActivity would write).
 */
export async function guestMembershipsOf(
  q: Queryable,
  sub: string,
  manageIds: readonly string[] | null,
): Promise<{ userId: number | null; activityDue: boolean; memberships: RemoteMembership[] }> {
  const { rows } = await q.query<{
    user_id: string;
    activity_due: boolean;
    urn: string | null;
    name: string | null;
  }>(
    `SELECT u.id AS user_id, u.last_activity < now() - interval '1 minute' AS activity_due, r.urn, r.name
       FROM users u
       LEFT JOIN user_roles ur ON ur.user_id = u.id
            AND (ur.authority = 'GUEST' OR ur.guest_role_included)
            AND (ur.end_date IS NULL OR ur.end_date > now())
            AND ($2::text[] IS NULL OR EXISTS (
                  SELECT 1 FROM application_usages au WHERE au.role_id = ur.role_id AND au.manage_id = ANY($2::text[])))
       LEFT JOIN roles r ON r.id = ur.role_id
      WHERE u.sub = $1
      ORDER BY r.name, r.id`,
    [sub, manageIds],
    // Planned once per connection: a subject is unique (its index answers whatever the value), and a
    // person's few memberships are filtered as they are read.
    { prepare: true },
  );
  if (rows.length === 0) return { userId: null, activityDue: false, memberships: [] };
  const userId = Number(rows[0]!.user_id);
  return {
    userId,
    activityDue: rows[0]!.activity_due === true,
    memberships: rows
      .filter((r) => r.urn !== null && r.name !== null)
      .map((r) => ({ userId, urn: r.urn!, name: r.name! })),
  };
}
