/**
 * The user roles aggregate (memberships, spec §3 UserRole): every statement on user_roles (shaped with
 * user-role.rows.ts). Writes are audited in the caller's transaction.
 */
import { authorityRank, type Authority, type Role } from 'shared-auth/rules';
import { audit, type AuditActor, type AuditEntry } from './audit.store.js';
import type { Queryable } from '../db/types.js';
import { jsonRows } from '../db/json-rows.js';
import { limitOffset, type PageSql } from '../domain/paging.js';
import { fromEpochSeconds } from '../domain/time.js';
import { toUserRole, userRoleSnapshot, type UserRoleRow } from './user-role.rows.js';
import { ROLE_COLUMNS, ROLE_MEMBER_COUNT, toRole, type RoleSelectRow } from './role.rows.js';
import type { Registry } from '../registry/registry.js';

/** SELECT list of a user role joined with its user; alias user_roles `ur` and users `u`. */
export const USER_ROLE_SELECT = `ur.id, ur.user_id, ur.role_id, ur.authority, ur.guest_role_included, ur.end_date,
  ur.created_at, ur.expiry_notified_at, u.name, u.email, u.schac_home_organization, u.last_activity`;

export async function loadUserRoleRow(q: Queryable, id: number): Promise<UserRoleRow | null> {
  const { rows } = await q.query<UserRoleRow>(
    `SELECT ${USER_ROLE_SELECT} FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE ur.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** API sort keys of a role's member list → SQL; the first is the default. */
export const USER_ROLE_SORT: Record<string, string> = {
  name: 'lower(u.name)',
  email: 'lower(u.email)',
  schac_home_organization: 'u.schac_home_organization',
  authority: 'ur.authority',
  endDate: 'ur.end_date',
  end_date: 'ur.end_date',
  createdAt: 'ur.created_at',
  created_at: 'ur.created_at',
};

/** Which members a page lists: guests, maintainers or all. */
export type MemberKind = 'guests' | 'maintainers' | 'all';

/** The role's kept number of members (migrations 038, 040) over its id as `$1` (ROLE_MEMBER_COUNT over `r`). */
const KEPT_MEMBER_COUNT = 'COALESCE((SELECT sum(c.n) FROM role_member_counts c WHERE c.role_id = $1), 0)';

/**
 * The SQL of one page of a role's guests (GUEST, or a maintainer with the guest role included) or
 * maintainers (everyone else), matching the page's search text on name or e-mail, and of their total, over
 * the role's id as `$1` (already in `params`; the text and the page's size and offset are pushed onto it).
 * The total of all its members without a text is the role's kept number of members (`kept`, no statement
 * of its own): counting the role's index entries cost a page of 75 members a tenth of its statement.
 */
function membersSql(
  kind: MemberKind,
  page: PageSql,
  params: unknown[],
): { total: string; rows: string; kept: boolean } {
  const kindSql = {
    guests: "(ur.authority = 'GUEST' OR ur.guest_role_included)",
    maintainers: "ur.authority <> 'GUEST'",
    all: 'TRUE',
  }[kind];
  // A text matches a member's name or e-mail; without one the statement has no condition on the user at
  // all, so that its total counts the memberships alone (from the role's index, not each membership's row:
  // a generic plan of `$2 IS NULL OR …` read every membership to test it) and the page filters nothing.
  const named =
    page.like === null
      ? 'TRUE'
      : `(lower(u.name) LIKE $${params.push(page.like)} OR lower(u.email) LIKE $${params.length})`;
  const kept = kind === 'all' && page.like === null;
  const totalOf = kept
    ? `SELECT ${KEPT_MEMBER_COUNT}`
    : page.like === null
      ? `SELECT count(*) FROM user_roles ur WHERE ur.role_id = $1 AND ${kindSql}`
      : `SELECT count(*) FROM user_roles ur WHERE ur.role_id = $1 AND ${kindSql} AND
           EXISTS (SELECT 1 FROM users u WHERE u.id = ur.user_id AND ${named})`;
  return {
    kept,
    total: `(${totalOf})::int`,
    rows: jsonRows(`SELECT ${USER_ROLE_SELECT} FROM user_roles ur JOIN users u ON u.id = ur.user_id
              WHERE ur.role_id = $1 AND ${kindSql} AND ${named}
              ${page.order} ${limitOffset(page, params)}`),
  };
}

/**
 * One page of a role's guests or maintainers (membersSql), matching the page's search text on name or
 * e-mail, and their total.
 */
export async function searchMembers(
  q: Queryable,
  role: Role,
  kind: MemberKind,
  page: PageSql,
): Promise<{ content: ReturnType<typeof toUserRole>[]; total: number }> {
  const params: unknown[] = [role.id];
  const members = membersSql(kind, page, params);
  // One statement, one round trip: the page (as one JSON value, db/json-rows.ts) and the exact total.
  const { rows } = await q.query<{ total: number; rows: UserRoleRow[] }>(
    `SELECT ${members.total} AS total, ${members.rows} AS rows`,
    params,
    // Without a text, planned once (generically, pool-db.ts PLAN_GENERIC): its text is one of the few the
    // kind and sort make. A text is planned for its words.
    { prepare: page.like === null },
  );
  return { content: rows[0].rows.map((row) => toUserRole(row, role)), total: Number(rows[0].total) };
}

/** A role with one page of its members and their total (roleWithMembers). */
export interface RoleWithMembers {
  role: Role;
  content: ReturnType<typeof toUserRole>[];
  total: number;
}

/**
 * The role (as loadRole reads it) with one page of its members and their total (as searchMembers reads
 * them), in one statement: null when there is no such role. For a route whose permission judges the role
 * and whose answer is the page: the page is read with the role and answered only when the permission lets
 * the caller see it, one round trip less than the role and then its page.
 */
export async function roleWithMembers(
  q: Queryable,
  registry: Registry,
  roleId: number,
  kind: MemberKind,
  page: PageSql,
): Promise<RoleWithMembers | null> {
  const params: unknown[] = [roleId];
  const members = membersSql(kind, page, params);
  const { rows } = await q.query<RoleSelectRow & { members_total: number; members: UserRoleRow[] }>(
    `SELECT ${ROLE_COLUMNS}, ${ROLE_MEMBER_COUNT}::int AS user_role_count,
            ${members.kept ? 'NULL' : members.total} AS members_total, ${members.rows} AS members
       FROM roles r WHERE r.id = $1`,
    params,
    // As searchMembers: planned once without a text, for its words with one.
    { prepare: page.like === null },
  );
  if (rows.length === 0) return null;
  const { members_total: total, members: memberRows, ...roleRow } = rows[0];
  const role = toRole(roleRow, await registry.applicationMaps());
  // All its members without a text: the role's kept number, read once as its member count.
  const counted = members.kept ? roleRow.user_role_count : total;
  return { role, content: memberRows.map((row) => toUserRole(row, role)), total: Number(counted) };
}

/** The e-mail addresses of the role's managers, sorted. */
export async function managerEmails(q: Queryable, roleId: number): Promise<string[]> {
  const { rows } = await q.query<{ email: string }>(
    `SELECT DISTINCT u.email FROM user_roles ur JOIN users u ON u.id = ur.user_id
     WHERE ur.role_id = $1 AND ur.authority = 'MANAGER' AND u.email IS NOT NULL ORDER BY u.email`,
    [roleId],
  );
  return rows.map((r) => r.email);
}

/** Every member of the role with its user, by name (who loses access when the role goes). */
export async function membersOfRole(q: Queryable, roleId: number): Promise<UserRoleRow[]> {
  const { rows } = await q.query<UserRoleRow>(
    `SELECT ${USER_ROLE_SELECT} FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE ur.role_id = $1
       ORDER BY lower(u.name), ur.id`,
    [roleId],
  );
  return rows;
}

/** Sets (or clears) the end date of a membership, audited; answers the membership afterwards. */
export async function setEndDate(
  q: Queryable,
  actor: AuditActor,
  row: UserRoleRow,
  endDate: number | null,
): Promise<UserRoleRow> {
  await q.query('UPDATE user_roles SET end_date = $2, expiry_notified_at = NULL WHERE id = $1', [
    row.id,
    endDate === null ? null : fromEpochSeconds(endDate),
  ]);
  const after = (await loadUserRoleRow(q, Number(row.id))) as UserRoleRow;
  await audit(q, actor, {
    entityType: 'user_role',
    entityId: Number(row.id),
    action: 'update',
    before: userRoleSnapshot(row),
    after: userRoleSnapshot(after),
  });
  return after;
}

/** Removes a membership, or only its included guest role (`guestOnly`), audited. */
export async function removeUserRole(
  q: Queryable,
  actor: AuditActor,
  row: UserRoleRow,
  guestOnly: boolean,
): Promise<void> {
  if (guestOnly) {
    await q.query('UPDATE user_roles SET guest_role_included = FALSE WHERE id = $1', [row.id]);
    await audit(q, actor, {
      entityType: 'user_role',
      entityId: Number(row.id),
      action: 'update',
      before: userRoleSnapshot(row),
      after: userRoleSnapshot({ ...row, guest_role_included: false }),
    });
  } else {
    await q.query('DELETE FROM user_roles WHERE id = $1', [row.id]);
    await audit(q, actor, {
      entityType: 'user_role',
      entityId: Number(row.id),
      action: 'delete',
      before: userRoleSnapshot(row),
    });
  }
}

/**
 * The memberships `source` asks for, added: an `INSERT … SELECT` of its rows (user_id, role_id, authority,
 * guest_role_included, end_date, inviter), each ending no later than its role does (no membership outlives
 * its role's end date: LEAST takes the earlier of the two, or the one given). A member already is `left` as
 * they are (grantUserRole merges the grant with that membership), or `refused`: the statement fails on
 * MEMBER_ALREADY and changes nothing. Answers the memberships added.
 */
export const insertMemberships = (source: string, member: 'left' | 'refused' = 'left') =>
  `INSERT INTO user_roles (user_id, role_id, authority, guest_role_included, end_date, inviter)
   SELECT g.user_id, g.role_id, g.authority, g.guest_role_included,
          LEAST(g.end_date, (SELECT r.end_date FROM roles r WHERE r.id = g.role_id)), g.inviter
     FROM (${source}) g
   ${member === 'left' ? 'ON CONFLICT (user_id, role_id) DO NOTHING ' : ''}RETURNING *`;

/** The unique constraint a membership of a member already breaks (insertMemberships `refused`). */
export const MEMBER_ALREADY = 'user_roles_user_id_role_id_key';

/**
 * The audit rows of memberships added, as a source of auditInsert (audit.store.ts): membershipCreated's
 * rows, made in SQL from `alias`, rows of user_roles (a statement's `RETURNING *`), in role order.
 */
export const membershipsCreatedSource = (alias: string, from: string) =>
  `SELECT 'user_role'::text, ${alias}.id, 'create'::text, NULL::jsonb,
          jsonb_build_object('userId', ${alias}.user_id, 'roleId', ${alias}.role_id, 'authority', ${alias}.authority,
                             'guestRoleIncluded', ${alias}.guest_role_included,
                             'endDate', floor(extract(epoch FROM ${alias}.end_date))::bigint),
          ARRAY[${alias}.role_id], NULL::text, ${alias}.user_id, NULL::text
     FROM ${from} ORDER BY ${alias}.role_id`;

/** The audit row of a membership added (grantUserRole, or an acceptance's claim). */
export function membershipCreated(
  row: Pick<UserRoleRow, 'id' | 'user_id' | 'role_id' | 'authority' | 'end_date' | 'guest_role_included'>,
): AuditEntry {
  return {
    entityType: 'user_role',
    entityId: Number(row.id),
    action: 'create',
    after: userRoleSnapshot(row),
  };
}

/**
 * Grants a role to a user accepting an invitation (spec §4): a new membership, or the existing one with
 * a weaker authority raised (never lowered) and the later of the two end dates kept. Audited; answers
 * the membership's id. With `audits`, its audit row is added there for the caller to write with the change's
 * others (auditAll), one statement for them all, instead of written here.
 */
export async function grantUserRole(
  q: Queryable,
  actor: AuditActor,
  grant: {
    userId: number;
    roleId: number;
    authority: Authority;
    guestIncluded: boolean;
    endDate: Date | null;
    inviter: string | null;
  },
  audits?: AuditEntry[],
): Promise<number> {
  const record = (entry: AuditEntry) => (audits ? (audits.push(entry), undefined) : audit(q, actor, entry));
  // A new membership is one statement (the common case: an invitation accepted by a newcomer).
  const inserted = (
    await q.query<UserRoleRow>(
      insertMemberships(
        `SELECT $1::bigint AS user_id, $2::bigint AS role_id, $3::text AS authority,
                $4::boolean AS guest_role_included, $5::timestamptz AS end_date, $6::text AS inviter`,
      ),
      [grant.userId, grant.roleId, grant.authority, grant.guestIncluded, grant.endDate, grant.inviter],
      { prepare: true },
    )
  ).rows[0];
  if (inserted) {
    await record(membershipCreated(inserted));
    return Number(inserted.id);
  }
  // A member already: the membership merged with the grant, capped by the role's end date too.
  const roleEnd = (
    await q.query<{ end_date: Date | null }>('SELECT end_date FROM roles WHERE id = $1', [grant.roleId], {
      prepare: true,
    })
  ).rows[0]?.end_date;
  const capped = (date: Date | null): Date | null =>
    roleEnd && (date === null || date.getTime() > new Date(roleEnd).getTime()) ? new Date(roleEnd) : date;
  const existing = (
    await q.query<UserRoleRow>(
      'SELECT * FROM user_roles WHERE user_id = $1 AND role_id = $2 FOR UPDATE',
      [grant.userId, grant.roleId],
      { prepare: true },
    )
  ).rows[0];
  // Removed between the two statements (by another transaction): granted as new.
  if (!existing) return grantUserRole(q, actor, grant, audits);
  const authority =
    authorityRank(grant.authority) < authorityRank(existing.authority) ? grant.authority : existing.authority;
  const keepOpen = existing.end_date === null || grant.endDate === null;
  const later = keepOpen
    ? null
    : new Date(Math.max(new Date(existing.end_date as Date).getTime(), grant.endDate!.getTime()));
  const { rows } = await q.query<UserRoleRow>(
    `UPDATE user_roles SET authority = $2, guest_role_included = guest_role_included OR $3, end_date = $4,
       expiry_notified_at = NULL WHERE id = $1 RETURNING *`,
    [existing.id, authority, grant.guestIncluded, capped(later)],
    { prepare: true },
  );
  await record({
    entityType: 'user_role',
    entityId: Number(existing.id),
    action: 'update',
    before: userRoleSnapshot(existing),
    after: userRoleSnapshot(rows[0]),
  });
  return Number(existing.id);
}

export interface ApplicationUserRoleRow {
  user_id: number;
  user_role_id: number;
  role_id: number;
  role_name: string;
  authority: string;
  end_date: Date | null;
}

/** The user roles of these users on roles that use one of these applications. */
export async function userRolesOnApplications(
  q: Queryable,
  userIds: readonly number[],
  manageIds: readonly string[],
): Promise<ApplicationUserRoleRow[]> {
  if (userIds.length === 0 || manageIds.length === 0) return [];
  const { rows } = await q.query<ApplicationUserRoleRow>(
    `SELECT ur.user_id, ur.id AS user_role_id, r.id AS role_id, r.name AS role_name, ur.authority, ur.end_date
       FROM user_roles ur JOIN roles r ON r.id = ur.role_id
      WHERE ur.user_id = ANY($1::bigint[])
        AND EXISTS (SELECT 1 FROM application_usages au WHERE au.role_id = r.id AND au.manage_id = ANY($2::text[]))
      ORDER BY r.name, r.id`,
    [userIds, manageIds],
  );
  return rows;
}

/** Deletes the memberships past their end date (the cleanup job), each audited; with user e-mail and role name. */
export async function deleteEndedUserRoles(
  q: Queryable,
  actor: AuditActor,
): Promise<Array<UserRoleRow & { role_name: string }>> {
  const userRoles = (
    await q.query<UserRoleRow & { role_name: string }>(
      `WITH gone AS (DELETE FROM user_roles WHERE end_date < now() RETURNING *)
       SELECT gone.*, u.email, r.name AS role_name FROM gone
       JOIN users u ON u.id = gone.user_id JOIN roles r ON r.id = gone.role_id ORDER BY gone.id`,
    )
  ).rows;
  for (const row of userRoles) {
    await audit(q, actor, {
      entityType: 'user_role',
      entityId: Number(row.id),
      action: 'cleanup',
      before: userRoleSnapshot(row),
    });
  }
  return userRoles;
}

/** A membership due for an expiry mail, with its user and role. */
export interface ExpiryDueRow {
  id: string;
  end_date: Date;
  email: string;
  name: string | null;
  role_name: string;
  manage_ids: string[];
  /** The language of the invitation that gave the role, if it came from one. */
  language: string | null;
}

/**
 * Marks the memberships ending within `days` that were not yet told (and whose user has an e-mail) as
 * told, and returns them: the expiry notifications job mails them after its transaction commits.
 */
export async function markExpiryNotifications(q: Queryable, days: number): Promise<ExpiryDueRow[]> {
  const { rows } = await q.query<ExpiryDueRow>(
    `UPDATE user_roles ur SET expiry_notified_at = now()
     FROM users u, roles r
     WHERE u.id = ur.user_id AND r.id = ur.role_id AND ur.expiry_notified_at IS NULL AND u.email IS NOT NULL
       AND ur.end_date >= now() AND ur.end_date < now() + make_interval(days => $1)
     RETURNING ur.id, ur.end_date, u.email, u.name, r.name AS role_name,
       ARRAY(SELECT au.manage_id FROM application_usages au WHERE au.role_id = r.id ORDER BY au.id) AS manage_ids,
       (SELECT i.language FROM invitations i JOIN invitation_roles ir ON ir.invitation_id = i.id
        WHERE i.accepted_by = u.id AND ir.role_id = r.id
        ORDER BY i.accepted_at DESC NULLS LAST, i.id DESC LIMIT 1) AS language`,
    [days],
  );
  return rows;
}
