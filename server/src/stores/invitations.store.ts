/**
 * The invitations aggregate: every statement on invitations and their role links (shaped with
 * invitation.rows.ts; writes audited in the caller's transaction).
 */
import { randomBytes } from 'node:crypto';
import { authorityRank, ownApplicationIds, type User } from 'shared-auth/rules';
import { audit, type AuditActor } from '../audit.js';
import { jsonRows } from '../db/json-rows.js';
import type { Queryable } from '../db/types.js';
import type { CheckedInvitation } from '../domain/invitation-create.js';
import { COUNT_CAP, type PageSql } from '../domain/paging.js';
import { broadInvitationSearches } from './broad-memo.js';
import { probedPage, probedPageIds, probeMatches } from './capped-count.js';
import { invitationWords, inviterWords, narrowQueriesIn, type NarrowWordQuery } from './word-statistics.js';
import type { Registry } from '../registry/registry.js';
import {
  invitationSnapshot,
  toInvitation,
  type ApiInvitation,
  type InvitationRow,
} from './invitation.rows.js';
import { loadRolesByIds } from './roles.store.js';

/**
 * SELECT list of an invitation with its inviter and role links, without its hash (what a list shows);
 * alias invitations `i`, inviter `inv`. The links come in role order from the links' primary key (an
 * aggregate's own ORDER BY sorted each invitation's links apart).
 */
const INVITATION_COLUMNS = `i.id, i.email, i.intended_authority, i.status, i.message, i.language,
  i.enforce_email_equality, i.edu_id_only, i.guest_role_included, i.organization_guid, i.role_expiry_date,
  i.expiry_date, i.inviter_id, i.remote_api_user, i.accepted_at, i.created_at,
  inv.name AS inviter_name, inv.email AS inviter_email,
  COALESCE((SELECT json_agg(json_build_object('roleId', l.role_id, 'endDate', l.end_date)) FROM (
    SELECT ir.role_id, ir.end_date FROM invitation_roles ir WHERE ir.invitation_id = i.id ORDER BY ir.role_id) l),
    '[]'::json) AS invitation_roles`;

/** INVITATION_COLUMNS and the invitation's hash (to mail it, to accept it). */
export const INVITATION_SELECT = `i.hash, ${INVITATION_COLUMNS}`;

export const INVITATION_FROM = 'invitations i LEFT JOIN users inv ON inv.id = i.inviter_id';

async function loadInvitationRows(
  q: Queryable,
  where: string,
  params: readonly unknown[],
  tail = 'ORDER BY i.id',
): Promise<InvitationRow[]> {
  return (
    await q.query<InvitationRow>(
      `SELECT ${INVITATION_SELECT} FROM ${INVITATION_FROM} WHERE ${where} ${tail}`,
      params,
    )
  ).rows;
}

export async function invitationById(q: Queryable, id: number): Promise<InvitationRow | null> {
  return (await loadInvitationRows(q, 'i.id = $1', [id]))[0] ?? null;
}

export async function invitationByHash(q: Queryable, hash: string): Promise<InvitationRow | null> {
  return (await loadInvitationRows(q, 'i.hash = $1', [hash]))[0] ?? null;
}

export function invitationsByIds(q: Queryable, ids: readonly number[]): Promise<InvitationRow[]> {
  return loadInvitationRows(q, 'i.id = ANY($1::bigint[])', [ids]);
}

/** At most this many invitations in the unpaged list of one role's open invitations. */
export const ROLE_INVITATIONS_CAP = 1000;

/**
 * The newest open invitations for the role, at most ROLE_INVITATIONS_CAP: an unpaged list of a big role
 * froze the server (the paged one is invitations/search?roleId=…).
 */
export function openInvitationsOfRole(q: Queryable, roleId: number): Promise<InvitationRow[]> {
  return loadInvitationRows(
    q,
    "i.status = 'OPEN' AND EXISTS (SELECT 1 FROM invitation_roles ir WHERE ir.invitation_id = i.id AND ir.role_id = $1)",
    [roleId],
    `ORDER BY i.created_at DESC, i.id LIMIT ${ROLE_INVITATIONS_CAP}`,
  );
}

/** Shapes rows, loading every role they mention in one query. */
export async function toInvitations(
  q: Queryable,
  registry: Registry,
  rows: InvitationRow[],
): Promise<ApiInvitation[]> {
  const roleIds = [...new Set(rows.flatMap((r) => (r.invitation_roles ?? []).map((l) => Number(l.roleId))))];
  const roles = await loadRolesByIds(q, registry, roleIds);
  const byId = new Map(roles.map((r) => [r.id, r]));
  return rows.map((row) => toInvitation(row, byId));
}

/**
 * A WHERE fragment over alias `i`, with parameters numbered from `first`: the user's own invitations,
 * those for roles the user holds as INVITER or higher, and for an institution admin those for roles on
 * the institution's applications and the institution-admin invitations of the institution.
 */
export function invitationScope(user: User, first: number): { where: string; params: unknown[] } {
  if (user.superUser) return { where: 'TRUE', params: [] };
  const roleIds = user.userRoles
    .filter((ur) => authorityRank(ur.authority) <= authorityRank('INVITER'))
    .map((ur) => ur.role.id);
  const apps = ownApplicationIds(user);
  const org = user.institutionAdmin ? (user.organizationGUID ?? null) : null;
  const [u, r, a, o] = [first, first + 1, first + 2, first + 3];
  return {
    where: `(i.inviter_id = $${u} OR ($${o}::text IS NOT NULL AND i.organization_guid = $${o}) OR EXISTS (
      SELECT 1 FROM invitation_roles ir WHERE ir.invitation_id = i.id AND (ir.role_id = ANY($${r}::bigint[])
        OR EXISTS (SELECT 1 FROM application_usages au WHERE au.role_id = ir.role_id AND au.manage_id = ANY($${a}::text[])))))`,
    params: [user.id, roleIds, apps, org],
  };
}

export const STATUS_FILTER: Record<string, string> = {
  open: "i.status = 'OPEN' AND i.expiry_date >= now()",
  accepted: "i.status = 'ACCEPTED'",
  expired: "i.status = 'OPEN' AND i.expiry_date < now()",
  pending: "i.status = 'OPEN'",
  all: 'TRUE',
};

/** API sort keys of the invitation list → SQL; the first is the default. */
export const INVITATION_SORT: Record<string, string> = {
  email: 'lower(i.email)',
  createdAt: 'i.created_at',
  created_at: 'i.created_at',
  expiryDate: 'i.expiry_date',
  expiry_date: 'i.expiry_date',
  intendedAuthority: 'i.intended_authority',
  intended_authority: 'i.intended_authority',
  status: 'i.status',
  name: 'lower(i.email)',
};

export interface InvitationSearch {
  user: User;
  page: PageSql;
  status?: string;
  /** Only the user's own invitations. */
  mine?: boolean;
  /** Only the invitations for this role (whose members the user may see); else the user's scope. */
  roleId?: number;
}

/**
 * An invitation of a search page, without its hash (a list never sends it): its roles are shaped from the
 * role memo (invitation-memo.ts).
 */
export type SearchedInvitationRow = Omit<InvitationRow, 'hash'>;

/** A search page's rows, before their WHERE: the invitations with their inviters. */
export const SEARCHED_SELECT = `SELECT ${INVITATION_COLUMNS} FROM ${INVITATION_FROM}`;

/**
 * The condition of a search text: invitations whose address's words match it, or whose inviter's do (the
 * inviter's words are kept on the invitation, migration 017), as the established console finds them. Each
 * word index is asked its own query, a tsquery (`own`, `inviter`); the rows found are tested for all of
 * `words` where that is more. For a text planned for itself all three are user_search_query of it; a narrow
 * one's are built in word-statistics.ts.
 */
const TEXT_CONDITION = (own: string, inviter: string, words: string) => {
  const match = (column: string, indexed: string) =>
    `(i.${column} @@ ${indexed}${indexed === words ? '' : ` AND ts_match_vq(i.${column}, ${words})`})`;
  return `(${match('search_words', own)} OR ${match('inviter_words', inviter)})`;
};

/**
 * A text's word queries for the two word indexes, when the statistics of both call it narrow (added up:
 * a row matches by either); null otherwise (word-statistics.ts).
 */
async function narrowTextQueries(
  q: Queryable,
  text: string,
  alone: boolean,
): Promise<{ own: NarrowWordQuery; inviter: NarrowWordQuery } | null> {
  const [own, inviter] = await Promise.all([invitationWords.frequencies(q), inviterWords.frequencies(q)]);
  const queries = own && inviter ? narrowQueriesIn(text, [own, inviter], alone) : null;
  return queries ? { own: queries[0], inviter: queries[1] } : null;
}

/**
 * One page of invitations, as their ids in the page's order, and their (capped) total. With `withRows`
 * (invitation-memo.ts, when its memo is cold) the statements that read the page also read its rows as
 * JSON, as they did before the memo; without, they read ids and sort keys only, and the rows are the
 * caller's to read (listedInvitations keeps them between requests). A text's probe answers ids alone.
 */
export async function searchInvitations(
  q: Queryable,
  search: InvitationSearch,
  withRows = false,
): Promise<{ ids: number[]; rows?: SearchedInvitationRow[]; total: number }> {
  const { user, page, status, mine, roleId } = search;
  // Only the conditions asked for: "($n IS NULL OR …)" forms keep PostgreSQL from using the indexes.
  const params: unknown[] = [];
  const conditions: string[] = [STATUS_FILTER[status ?? 'all']];
  const param = (value: unknown) => `$${params.push(value)}`;
  let textQuery: string | null = null;
  if (page.text) {
    // Word by word, as users are found (migration 009). The query is folded into a constant when the
    // statement is planned, so the planner weighs how common its words are (a broad text reads the order
    // index, a narrow one the words' index).
    textQuery = `user_search_query(${param(page.text)})`;
    conditions.push(TEXT_CONDITION(textQuery, textQuery, textQuery));
  }
  if (mine) conditions.push(`i.inviter_id = ${param(user.id)}`);
  if (roleId !== undefined) {
    conditions.push(
      `i.id IN (SELECT ir.invitation_id FROM invitation_roles ir WHERE ir.role_id = ${param(roleId)})`,
    );
  } else if (!user.superUser) {
    const scope = invitationScope(user, params.length + 1);
    params.push(...scope.params);
    conditions.push(scope.where);
  }
  const where = conditions.join(' AND ');
  const from = 'invitations i';
  const matching = `${from} WHERE ${where}`;
  /**
   * The page in the requested order, read among the matches (from the order index when they are many):
   * its ids, or with `withRows` its rows as JSON (db/json-rows.ts), as an SQL expression.
   */
  const thePage = withRows
    ? jsonRows(`${SEARCHED_SELECT} WHERE ${where} ${page.tail}`)
    : `ARRAY(SELECT i.id FROM ${matching} ${page.tail})`;
  type Answer = { page: Array<number | string> | SearchedInvitationRow[] };
  const answered = (found: Answer['page'], total: number) =>
    withRows
      ? {
          ids: (found as SearchedInvitationRow[]).map((row) => Number(row.id)),
          rows: found as SearchedInvitationRow[],
          total,
        }
      : { ids: (found as Array<number | string>).map(Number), total };
  if (broadInvitationSearches.isBroad(matching, params)) {
    // Known to match more than COUNT_CAP a moment ago (broad-memo.ts): the page alone. Without text its
    // plan does not hang on the values (ids at most): the first page is prepared, planned once per connection.
    const { rows } = await q.query<Answer>(`SELECT ${thePage} AS page`, params, {
      prepare: !page.text && page.offset === 0,
    });
    return answered(rows[0].page, COUNT_CAP + 1);
  }
  if (!page.text) {
    // No text: the page from the order index (a page's worth of rows) and, in the same statement, the
    // capped count from the first COUNT_CAP + 1 rows of the cheapest scan.
    const { rows } = await q.query<Answer & { total: number }>(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM ${matching} LIMIT ${COUNT_CAP + 1}) c)::int AS total,
              ${thePage} AS page`,
      params,
      { prepare: page.offset === 0 },
    );
    const { total } = rows[0];
    if (total > COUNT_CAP) broadInvitationSearches.remember(matching, params);
    return answered(rows[0].page, total);
  }
  // A text, as for users. One the statistics call narrow: the probe and the page in one statement
  // planned once (word-statistics.ts).
  // Alone: the text is the only condition (a super user's search of every invitation, any status).
  const alone = conditions.length === 2 && conditions[0] === STATUS_FILTER.all;
  const narrow = await narrowTextQueries(q, page.text, alone);
  if (narrow) {
    // Its word queries built here: each word index asked for the words rarer in it ($1 and the last but
    // one parameter), the rows found tested for all of them (the last); subqueries, so that one generic
    // plan serves every text (searchUsers).
    const narrowParams = [narrow.own.indexed, ...params.slice(1), narrow.inviter.indexed, narrow.own.words];
    const last = narrowParams.length;
    const text = TEXT_CONDITION(
      '(SELECT $1::tsquery)',
      `(SELECT $${last - 1}::tsquery)`,
      `(SELECT $${last}::tsquery)`,
    );
    const narrowWhere = conditions.map((c, i) => (i === 1 ? text : c)).join(' AND ');
    const probe = { fromWhere: `FROM ${from} WHERE ${narrowWhere}`, id: 'i.id', sort: page.sort };
    const limits = { limit: page.size, offset: page.offset };
    if (withRows) {
      const { n, rows } = await probedPage<SearchedInvitationRow>(q, probe, narrowParams, {
        select: (ids) => `${SEARCHED_SELECT} WHERE ${ids} ${page.order}`,
        ...limits,
      });
      if (n <= COUNT_CAP) return answered(rows, n);
    } else {
      const { n, ids } = await probedPageIds(q, probe, narrowParams, limits);
      if (n <= COUNT_CAP) return answered(ids, n);
    }
  } else {
    // Otherwise the probe (planned for this text, and small) gives the capped total and, when that is
    // all, the page's ids (sorted among the matches' keys), whose rows the caller reads.
    const { n, ids } = await probeMatches(
      q,
      { fromWhere: `FROM ${matching}`, id: 'i.id', sort: page.sort },
      params,
      { limit: page.size, offset: page.offset },
    );
    if (ids || n === 0) return { ids: (ids ?? []).map(Number), total: n };
  }
  // More than COUNT_CAP: the page from the order index, which a broad text lets stop after a page.
  broadInvitationSearches.remember(matching, params);
  const { rows } = await q.query<Answer>(`SELECT ${thePage} AS page`, params);
  return answered(rows[0].page, COUNT_CAP + 1);
}

/** Inserts one invitation per address (each with a fresh 32-byte hash); returns ids and hashes. */
export async function insertInvitations(
  q: Queryable,
  actor: AuditActor,
  inviterId: number | null,
  /** Set when the invitation came in through an API token. */
  remoteApiUser: string | null,
  checked: CheckedInvitation,
): Promise<Array<{ id: number; hash: string }>> {
  const created: Array<{ id: number; hash: string }> = [];
  for (const email of checked.emails) {
    const hash = randomBytes(32).toString('base64url');
    const { rows } = await q.query<{ id: string }>(
      `INSERT INTO invitations (hash, email, intended_authority, message, language, enforce_email_equality, edu_id_only,
         guest_role_included, organization_guid, role_expiry_date, expiry_date, inviter_id, remote_api_user)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        hash,
        email,
        checked.intendedAuthority,
        checked.message,
        checked.language,
        checked.enforceEmailEquality,
        checked.eduIDOnly,
        checked.guestRoleIncluded,
        checked.organizationGUID,
        checked.roleExpiryDate,
        checked.expiryDate,
        inviterId,
        remoteApiUser,
      ],
    );
    const id = Number(rows[0].id);
    for (const role of checked.roles) {
      await q.query('INSERT INTO invitation_roles (invitation_id, role_id, end_date) VALUES ($1, $2, $3)', [
        id,
        role.id,
        checked.roleExpiryDate,
      ]);
    }
    await audit(q, actor, {
      entityType: 'invitation',
      entityId: id,
      action: 'create',
      after: {
        email,
        intendedAuthority: checked.intendedAuthority,
        roleIds: checked.roles.map((r) => r.id),
        expiryDate: Math.floor(checked.expiryDate.getTime() / 1000),
      },
    });
    created.push({ id, hash });
  }
  return created;
}

/**
 * Takes back invitations of a bulk create that failed half way, with their audit rows: none was mailed,
 * so the request leaves nothing behind, as one transaction would have.
 */
export async function discardInvitations(q: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await q.query("DELETE FROM audit_logs WHERE entity_type = 'invitation' AND entity_id = ANY($1::bigint[])", [
    ids,
  ]);
  await q.query('DELETE FROM invitations WHERE id = ANY($1::bigint[])', [ids]);
  broadInvitationSearches.forget();
}

/** Withdraws an invitation, audited. */
export async function deleteInvitation(q: Queryable, actor: AuditActor, row: InvitationRow): Promise<void> {
  await q.query('DELETE FROM invitations WHERE id = $1', [row.id]);
  broadInvitationSearches.forget();
  await audit(q, actor, {
    entityType: 'invitation',
    entityId: Number(row.id),
    action: 'delete',
    before: invitationSnapshot(row),
  });
}

/** Records a resend (audited); an expired invitation is open again until `expiryDate`. */
export async function resendInvitation(
  q: Queryable,
  actor: AuditActor,
  row: InvitationRow,
  expiryDate: Date | null,
): Promise<void> {
  if (expiryDate)
    await q.query('UPDATE invitations SET expiry_date = $2 WHERE id = $1', [row.id, expiryDate]);
  await audit(q, actor, {
    entityType: 'invitation',
    entityId: Number(row.id),
    action: 'resend',
    before: invitationSnapshot(row),
  });
}

/**
 * Claims an open, unexpired invitation for the accepting user with one conditional UPDATE: of two
 * simultaneous accepts exactly one gets true.
 */
export async function claimInvitation(q: Queryable, invitationId: number, userId: number): Promise<boolean> {
  const claimed = await q.query(
    `UPDATE invitations SET status = 'ACCEPTED', accepted_at = now(), accepted_by = $2
     WHERE id = $1 AND status = 'OPEN' AND expiry_date > now() RETURNING id`,
    [invitationId, userId],
  );
  broadInvitationSearches.forget();
  return claimed.rowCount === 1;
}

/** Deletes the open invitations past their expiry date (the cleanup job), each audited. */
export async function deleteExpiredInvitations(q: Queryable, actor: AuditActor): Promise<InvitationRow[]> {
  const invitations = (
    await q.query<InvitationRow & { role_ids?: string[] }>(
      `DELETE FROM invitations WHERE status = 'OPEN' AND expiry_date < now()
       RETURNING id, email, intended_authority, status, expiry_date,
         -- read from the statement's snapshot, before the links go with the cascade
         ARRAY(SELECT ir.role_id FROM invitation_roles ir WHERE ir.invitation_id = invitations.id) AS role_ids`,
    )
  ).rows;
  if (invitations.length > 0) broadInvitationSearches.forget();
  for (const row of invitations) {
    // The removed invitation names its roles, so it shows in their history.
    await audit(q, actor, {
      entityType: 'invitation',
      entityId: Number(row.id),
      action: 'cleanup',
      before: invitationSnapshot({ ...row, roleIds: (row.role_ids ?? []).map(Number) }),
    });
  }
  return invitations;
}
