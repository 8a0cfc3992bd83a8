/**
 * What a delivery reads of the people and roles it sends: read when it runs, never kept between deliveries.
 */
import type { Queryable } from '../db/types.js';
import type { ScimPerson } from '../domain/scim.js';
import { CURRENT, GUEST } from './provisioning-sql.js';
import type { KnownResource } from './scim-bookkeeping.store.js';

/** The user columns a SCIM person is made of. */
const PERSON_COLUMNS = 'sub, email, given_name, family_name, name, eduperson_principal_name';
/** The same columns of `users u`. */
const PERSON_COLUMNS_OF_U = PERSON_COLUMNS.replace(/(\w+)/g, 'u.$1');

interface PersonRow {
  sub: string;
  email: string | null;
  given_name: string | null;
  family_name: string | null;
  name: string | null;
  eduperson_principal_name: string | null;
}

function toScimPerson(r: PersonRow): ScimPerson {
  return {
    sub: r.sub,
    email: r.email,
    givenName: r.given_name,
    familyName: r.family_name,
    name: r.name,
    eduPersonPrincipalName: r.eduperson_principal_name,
  };
}

export async function readPerson(q: Queryable, userId: number): Promise<ScimPerson | null> {
  const { rows } = await q.query<PersonRow>(`SELECT ${PERSON_COLUMNS} FROM users WHERE id = $1`, [userId]);
  return rows[0] ? toScimPerson(rows[0]) : null;
}

/** Whether the user holds a current guest membership of a role on one of these applications. */
export async function holdsGuestRoleOn(
  q: Queryable,
  userId: number,
  manageIds: readonly string[],
): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM user_roles ur JOIN application_usages au ON au.role_id = ur.role_id
      WHERE ur.user_id = $1 AND au.manage_id = ANY($2::text[]) AND ${GUEST} AND ${CURRENT} LIMIT 1`,
    [userId, manageIds],
  );
  return rows.length > 0;
}

/** A role as its group needs it; null when the role is gone or on none of these applications. */
export async function readGroupRole(
  q: Queryable,
  roleId: number,
  manageIds: readonly string[],
): Promise<{ name: string; urn: string } | null> {
  const { rows } = await q.query<{ name: string; urn: string }>(
    `SELECT r.name, r.urn FROM roles r
      WHERE r.id = $1 AND EXISTS (
        SELECT 1 FROM application_usages au WHERE au.role_id = r.id AND au.manage_id = ANY($2::text[]))`,
    [roleId, manageIds],
  );
  return rows[0] ?? null;
}

/** The role's current guest members, with their remote id at the target (and what was sent) when known. */
export async function groupMembers(
  q: Queryable,
  target: string,
  roleId: number,
): Promise<Array<{ userId: number; known: KnownResource | null }>> {
  const { rows } = await q.query<{ user_id: string; remote_id: string | null; sent_digest: string | null }>(
    `SELECT ur.user_id, sr.remote_id, sr.sent_digest FROM user_roles ur
       LEFT JOIN scim_resources sr ON sr.target = $1 AND sr.kind = 'user' AND sr.local_id = ur.user_id
      WHERE ur.role_id = $2 AND ${GUEST} AND ${CURRENT}
      ORDER BY ur.user_id`,
    [target, roleId],
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    known: r.remote_id === null ? null : { remoteId: r.remote_id, digest: r.sent_digest },
  }));
}

/** What a delivery needs of a user: the person (null when gone), whether the target should hold them. */
export interface UserForDelivery {
  person: ScimPerson | null;
  wanted: boolean;
  known: KnownResource | null;
}

/**
 * For a batch of users, in one statement: each person, whether they hold a current guest membership of a
 * role on one of these applications, and what the target was sent of them.
 */
export async function usersForDelivery(
  q: Queryable,
  target: string,
  manageIds: readonly string[],
  userIds: readonly number[],
): Promise<Map<number, UserForDelivery>> {
  const { rows } = await q.query<
    (PersonRow | { [K in keyof PersonRow]: null }) & {
      id: string;
      remote_id: string | null;
      sent_digest: string | null;
      wanted: boolean;
    }
  >(
    `SELECT x.id, ${PERSON_COLUMNS_OF_U},
            sr.remote_id, sr.sent_digest,
            EXISTS (SELECT 1 FROM user_roles ur JOIN application_usages au ON au.role_id = ur.role_id
                     WHERE ur.user_id = x.id AND au.manage_id = ANY($3::text[]) AND ${GUEST} AND ${CURRENT})
              AS wanted
       FROM unnest($2::bigint[]) AS x(id)
       LEFT JOIN users u ON u.id = x.id
       LEFT JOIN scim_resources sr ON sr.target = $1 AND sr.kind = 'user' AND sr.local_id = x.id`,
    [target, userIds, manageIds],
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        person: r.sub === null ? null : toScimPerson(r),
        wanted: r.sub !== null && r.wanted,
        known: r.remote_id === null ? null : { remoteId: r.remote_id, digest: r.sent_digest },
      },
    ]),
  );
}

/**
 * How a role's group at the target differs from what it was sent: the current guest members the target
 * holds as users and the group does not name yet (added), and the members it names that are no longer
 * (removed; their remote id null when the user was deleted there). Only the differences are read.
 * Both lists go into one grouping (a member of the role at most once in each, so one row of a user is a
 * difference): its cost does not rest on the planner's row estimates, which an embedded database without
 * autovacuum leaves stale while a burst fills the tables (an anti join of the two planned for one row each
 * compared every pair: 1,000 members took 80-800 ms a call on PGlite).
 */
export async function groupDelta(
  q: Queryable,
  target: string,
  roleId: number,
): Promise<{
  added: Array<{ userId: number; remoteId: string }>;
  removed: Array<{ userId: number; remoteId: string | null }>;
}> {
  const { rows } = await q.query<{ change: 'added' | 'removed'; user_id: string; remote_id: string | null }>(
    `SELECT CASE WHEN d.wanted THEN 'added' ELSE 'removed' END AS change, d.user_id, d.remote_id FROM (
       SELECT u.user_id, bool_or(u.wanted) AS wanted, max(u.remote_id) AS remote_id
         FROM (
           SELECT ur.user_id, true AS wanted,
                  (SELECT sr.remote_id FROM scim_resources sr
                    WHERE sr.target = $1 AND sr.kind = 'user' AND sr.local_id = ur.user_id
                      AND sr.sent_digest IS NOT NULL) AS remote_id
             FROM user_roles ur
            WHERE ur.role_id = $2 AND ${GUEST} AND ${CURRENT}
           UNION ALL
           SELECT m.user_id, false,
                  (SELECT sr.remote_id FROM scim_resources sr
                    WHERE sr.target = m.target AND sr.kind = 'user' AND sr.local_id = m.user_id)
             FROM scim_group_members m
            WHERE m.target = $1 AND m.role_id = $2) u
        WHERE NOT u.wanted OR u.remote_id IS NOT NULL
        GROUP BY u.user_id
       HAVING count(*) = 1) d
     ORDER BY 1, 2`,
    [target, roleId],
  );
  return {
    added: rows
      .filter((r) => r.change === 'added')
      .map((r) => ({ userId: Number(r.user_id), remoteId: r.remote_id! })),
    removed: rows
      .filter((r) => r.change === 'removed')
      .map((r) => ({ userId: Number(r.user_id), remoteId: r.remote_id })),
  };
}
