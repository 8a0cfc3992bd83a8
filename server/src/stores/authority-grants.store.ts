/**
 * Where the super-user and institution-admin rights come from (migration 025): the login (SUPER_USER_SUBS
 * and the entitlements, stored as users.claims_*) and grants of accepted invitations (authority_grants).
 * users.super_user, users.institution_admin and users.organization_guid hold the effective values every
 * request reads; the statements here write the grants and recompute those values from both sources.
 *
 * A writer of grants locks the user's row first (`lockUserRights`), and a login recomputes in a statement
 * of its own after its upsert has locked the row: each then reads the grants the other committed, so a
 * removal and a login at the same moment cannot bring a removed right back.
 */
import type { Queryable } from '../db/types.js';

export type GrantedAuthority = 'SUPER_USER' | 'INSTITUTION_ADMIN';

/** True when user `u` holds a grant of this authority. */
const hasGrant = (authority: GrantedAuthority) =>
  `EXISTS (SELECT 1 FROM authority_grants g WHERE g.user_id = u.id AND g.authority = '${authority}')`;

/** The organisation of user `u`'s newest INSTITUTION_ADMIN grant that names one. */
const GRANT_ORGANIZATION = `(SELECT g.organization_guid FROM authority_grants g
   WHERE g.user_id = u.id AND g.authority = 'INSTITUTION_ADMIN' AND g.organization_guid IS NOT NULL
   ORDER BY g.granted_at DESC, g.id DESC LIMIT 1)`;

/**
 * The effective institution-admin right and organisation of user `u`, as SET clauses: an admin by the
 * entitlements keeps the entitlements' organisation; otherwise a grant's organisation counts (an
 * organisation claimed without the admin entitlement must not redirect a grant to another institution);
 * without either, the claimed organisation stays (it scopes nothing then).
 */
export const EFFECTIVE_INSTITUTION_ADMIN = `institution_admin = (u.claims_institution_admin OR ${hasGrant('INSTITUTION_ADMIN')}),
  organization_guid = CASE WHEN u.claims_institution_admin THEN u.claims_organization_guid
                           ELSE COALESCE(${GRANT_ORGANIZATION}, u.claims_organization_guid) END`;

/** True when user `u` holds a SUPER_USER grant. */
export const SUPER_USER_GRANT = `u.id IN (SELECT g.user_id FROM authority_grants g WHERE g.authority = 'SUPER_USER')`;

/**
 * User `u`'s super-user right, `subs` being the SQL of the configured subs (a text[] parameter). The
 * grants are read as one set (a hashed subplan), not probed per user: the start-up reconcile reads every user.
 */
export const effectiveSuperUser = (subs: string) => `(u.sub = ANY(${subs}) OR ${SUPER_USER_GRANT})`;

/** One grant as stored. */
export interface AuthorityGrantRow {
  id: number;
  user_id: number;
  authority: GrantedAuthority;
  organization_guid: string | null;
  invitation_id: number | null;
  granted_by_id: number | null;
  granted_by_name: string | null;
  granted_at: Date;
}

const GRANT_COLUMNS = `id, user_id, authority, organization_guid, invitation_id, granted_by_id, granted_by_name,
  granted_at`;

const idOrNull = (value: unknown) => (value === null ? null : Number(value));

/** Ids as numbers, whatever the driver makes of a bigint. */
function toGrant(row: AuthorityGrantRow): AuthorityGrantRow {
  return {
    ...row,
    id: Number(row.id),
    user_id: Number(row.user_id),
    invitation_id: idOrNull(row.invitation_id),
    granted_by_id: idOrNull(row.granted_by_id),
  };
}

function toRights(row: UserRightsRow): UserRightsRow {
  return { ...row, id: Number(row.id) };
}

/** A user's rights and where they come from, as stored now. */
export interface UserRightsRow {
  id: number;
  sub: string;
  name: string | null;
  email: string | null;
  super_user: boolean;
  institution_admin: boolean;
  organization_guid: string | null;
  claims_institution_admin: boolean;
  claims_organization_guid: string | null;
}

const RIGHTS_COLUMNS = `u.id, u.sub, u.name, u.email, u.super_user, u.institution_admin, u.organization_guid,
  u.claims_institution_admin, u.claims_organization_guid`;

/** Locks the user's row for the transaction (grants of theirs change next); null for an unknown user. */
export async function lockUserRights(q: Queryable, userId: number): Promise<UserRightsRow | null> {
  const { rows } = await q.query<UserRightsRow>(
    `SELECT ${RIGHTS_COLUMNS} FROM users u WHERE u.id = $1 FOR UPDATE`,
    [userId],
  );
  return rows.length === 0 ? null : toRights(rows[0]);
}

/** Stores a grant made by an accepted invitation. */
export async function insertGrant(
  q: Queryable,
  grant: {
    userId: number;
    authority: GrantedAuthority;
    organizationGUID: string | null;
    invitationId: number | null;
    grantedById: number | null;
    grantedByName: string | null;
  },
): Promise<AuthorityGrantRow> {
  const { rows } = await q.query<AuthorityGrantRow>(
    `INSERT INTO authority_grants (user_id, authority, organization_guid, invitation_id, granted_by_id, granted_by_name)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${GRANT_COLUMNS}`,
    [
      grant.userId,
      grant.authority,
      grant.authority === 'INSTITUTION_ADMIN' ? grant.organizationGUID : null,
      grant.invitationId,
      grant.grantedById,
      grant.grantedByName,
    ],
  );
  return toGrant(rows[0]);
}

/** Deletes every grant of this authority the user holds; answers the deleted ones. */
export async function deleteGrants(
  q: Queryable,
  userId: number,
  authority: GrantedAuthority,
): Promise<AuthorityGrantRow[]> {
  const { rows } = await q.query<AuthorityGrantRow>(
    `DELETE FROM authority_grants WHERE user_id = $1 AND authority = $2 RETURNING ${GRANT_COLUMNS}`,
    [userId, authority],
  );
  return rows.map(toGrant).sort((a, b) => a.id - b.id);
}

/**
 * Recomputes the user's effective institution-admin right and organisation from the stored claims and
 * grants; answers the user's rights after.
 */
export async function refreshInstitutionAdmin(q: Queryable, userId: number): Promise<UserRightsRow> {
  const { rows } = await q.query<UserRightsRow>(
    `UPDATE users u SET ${EFFECTIVE_INSTITUTION_ADMIN} WHERE u.id = $1 RETURNING ${RIGHTS_COLUMNS}`,
    [userId],
  );
  return toRights(rows[0]);
}

/**
 * Makes every user's super-user right what the configuration and the grants say now: one statement,
 * idempotent (two instances starting together both run it, the second changes nothing); answers how many
 * users changed. Run at every start, so that a sub taken out of SUPER_USER_SUBS loses the right there and
 * then, for every session and token of theirs, without waiting for a login.
 */
export async function reconcileSuperUsers(q: Queryable, superUserSubs: readonly string[]): Promise<number> {
  const { rowCount } = await q.query(
    // Only the users whose right differs are written (none at all when nothing changed). Whoever's right
    // may differ holds it now, is named, or has a grant: only they are read (by users_super_users, the subs'
    // index and the grants), never the whole table (migration 035).
    `UPDATE users u SET super_user = NOT u.super_user
      WHERE u.id IN (SELECT s.id FROM users s WHERE s.super_user
                     UNION SELECT s.id FROM users s WHERE s.sub = ANY($1::text[])
                     UNION SELECT g.user_id FROM authority_grants g WHERE g.authority = 'SUPER_USER')
        AND u.super_user <> ${effectiveSuperUser('$1::text[]')}`,
    [[...superUserSubs]],
  );
  return rowCount;
}

/**
 * What an accepted SUPER_USER or INSTITUTION_ADMIN invitation makes of the user: a grant of its own (who,
 * through which invitation, who invited, when) and the effective right. In the accept's transaction.
 */
export async function grantAuthority(
  q: Queryable,
  grant: Parameters<typeof insertGrant>[1],
): Promise<{ grant: AuthorityGrantRow; rights: UserRightsRow }> {
  await lockUserRights(q, grant.userId);
  const stored = await insertGrant(q, grant);
  if (grant.authority === 'SUPER_USER') {
    const { rows } = await q.query<UserRightsRow>(
      `UPDATE users u SET super_user = TRUE WHERE u.id = $1 RETURNING ${RIGHTS_COLUMNS}`,
      [grant.userId],
    );
    return { grant: stored, rights: toRights(rows[0]) };
  }
  return { grant: stored, rights: await refreshInstitutionAdmin(q, grant.userId) };
}
