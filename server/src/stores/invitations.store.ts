/**
 * The invitations aggregate: every statement on invitations and their role links (shaped with
 * invitation.rows.ts; writes audited in the caller's transaction).
 */
import { randomBytes } from 'node:crypto';
import { keptRowCount } from './row-counts.js';
import {
  authorityRank,
  type Authority,
  managedApplicationIds,
  ownApplicationIds,
  type ApplicationMap,
  type ManageIdentifier,
  type Role,
  type User,
} from 'shared-auth/rules';
import {
  audit,
  auditEntryValues,
  auditInsert,
  pushActorValues,
  type AuditActor,
  type AuditEntry,
} from './audit.store.js';
import type { Queryable } from '../db/types.js';
import type { CheckedInvitation } from '../domain/invitation-create.js';
import type { PageSql } from '../domain/paging.js';
import { pagedTextSearch, pagedSearchStatement, type PagedSearch } from './searched-page.js';
import { searchQuerySql } from './search-query.js';
import { jsonRows } from '../db/json-rows.js';
import type { Registry } from '../registry/registry.js';
import {
  invitationSnapshot,
  toInvitation,
  type ApiInvitation,
  type InvitationRow,
} from './invitation.rows.js';
import { loadRoleSummariesByIds, loadRolesByIds } from './roles.store.js';
import { insertMemberships, membershipsCreatedSource } from './user-roles.store.js';
import type { UserRoleRow } from './user-role.rows.js';
import { ROLE_USAGES, toRole, type RoleSelectRow } from './role.rows.js';

/** SELECT list of an invitation and its inviter, without its hash, role links and applications. */
const INVITATION_OWN_COLUMNS = `i.id, i.email, i.intended_authority, i.status, i.message, i.language,
  i.enforce_email_equality, i.edu_id_only, i.requested_authn_context, i.guest_role_included, i.organization_guid, i.role_expiry_date,
  i.expiry_date, i.inviter_id, i.remote_api_user, i.accepted_at, i.created_at,
  inv.name AS inviter_name, inv.email AS inviter_email`;

/**
 * SELECT list of an invitation with its inviter and role links, without its hash (what a list shows);
 * alias invitations `i`, inviter `inv`. The links come in role order from the links' primary key (an
 * aggregate's own ORDER BY sorted each invitation's links apart).
 */
const INVITATION_COLUMNS = `${INVITATION_OWN_COLUMNS},
  COALESCE((SELECT json_agg(json_build_object('roleId', l.role_id, 'endDate', l.end_date)) FROM (
    SELECT ir.role_id, ir.end_date FROM invitation_roles ir WHERE ir.invitation_id = i.id ORDER BY ir.role_id) l),
    '[]'::json) AS invitation_roles,
  COALESCE((SELECT json_agg(json_build_object('manageId', ia.manage_id, 'manageType', ia.manage_type)
                            ORDER BY ia.manage_id)
              FROM invitation_applications ia WHERE ia.invitation_id = i.id), '[]'::json) AS manage_identifiers`;

/** INVITATION_COLUMNS and the invitation's hash (to mail it, to accept it). */
export const INVITATION_SELECT = `i.hash, ${INVITATION_COLUMNS}`;

export const INVITATION_FROM = 'invitations i LEFT JOIN users inv ON inv.id = i.inviter_id';

async function loadInvitationRows(
  q: Queryable,
  where: string,
  params: readonly unknown[],
  tail = 'ORDER BY i.id',
  prepare = false,
): Promise<InvitationRow[]> {
  return (
    await q.query<InvitationRow>(
      `SELECT ${INVITATION_SELECT} FROM ${INVITATION_FROM} WHERE ${where} ${tail}`,
      params,
      { prepare },
    )
  ).rows;
}

// One invitation by its key: prepared (one plan, by the key's index, for every value).
export async function invitationById(q: Queryable, id: number): Promise<InvitationRow | null> {
  return (await loadInvitationRows(q, 'i.id = $1', [id], undefined, true))[0] ?? null;
}

export async function invitationByHash(q: Queryable, hash: string): Promise<InvitationRow | null> {
  return (await loadInvitationRows(q, 'i.hash = $1', [hash], undefined, true))[0] ?? null;
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

/**
 * A summary row (RoleSummaryRow) shaped by the one role shaper: the fields it would make of the columns not
 * read are left empty, and an answer that summarises its roles (roleSummarySchema) sends none of them.
 */
function toRoleSummary(row: RoleSummaryRow, known: ReadonlyMap<string, ApplicationMap>): Role {
  return toRole(row as RoleSelectRow, known);
}

/**
 * Shapes rows, loading every role they mention in one query. `roles: 'summary'` for an answer that sends
 * each role summarised (listedInvitationSchema): the roles without their member counts; or those summaries
 * already read with the rows (searchInvitations' `roles`).
 */
export async function toInvitations(
  q: Queryable,
  registry: Registry,
  rows: ReadonlyArray<Omit<InvitationRow, 'hash'>>,
  roles: 'whole' | 'summary' | RoleSummaryRow[] = 'whole',
): Promise<ApiInvitation[]> {
  const roleIds = [...new Set(rows.flatMap((r) => (r.invitation_roles ?? []).map((l) => Number(l.roleId))))];
  const loaded = Array.isArray(roles)
    ? await registry.applicationMaps().then((known) => roles.map((row) => toRoleSummary(row, known)))
    : await (roles === 'summary' ? loadRoleSummariesByIds : loadRolesByIds)(q, registry, roleIds);
  const byId = new Map(loaded.map((r) => [r.id, r]));
  const invitations = rows.map((row) => toInvitation(row, byId));
  if (!invitations.some((invitation) => invitation.manageIdentifiers?.length)) return invitations;
  // An application manager's invitation names its applications as the registry does (the accept page shows them).
  const maps = await registry.applicationMaps();
  for (const invitation of invitations) {
    invitation.manageIdentifiers = (invitation.manageIdentifiers ?? []).map((identifier) => {
      const map = maps.get(identifier.manageId);
      return {
        ...identifier,
        ...(map?.['name:en'] ? { 'name:en': map['name:en'] } : {}),
        ...(map?.['name:nl'] ? { 'name:nl': map['name:nl'] } : {}),
      };
    });
  }
  return invitations;
}

/**
 * A WHERE fragment over alias `i`, with parameters numbered from `first`: the user's own invitations,
 * those for roles the user holds as INVITER or higher, for an institution admin those for roles on the
 * institution's applications and the institution-admin invitations of the institution, and for an
 * application manager those for roles on their applications.
 */
export function invitationScope(user: User, first: number): { where: string; params: unknown[] } {
  if (user.superUser) return { where: 'TRUE', params: [] };
  const roleIds = user.userRoles
    .filter((ur) => authorityRank(ur.authority) <= authorityRank('INVITER'))
    .map((ur) => ur.role.id);
  // An application manager sees the invitations for roles on the applications they manage.
  const apps = [...new Set([...ownApplicationIds(user), ...managedApplicationIds(user)])];
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

/** An invitation of a search page, without its hash (a list never sends it). */
export type SearchedInvitationRow = Omit<InvitationRow, 'hash'>;

/**
 * A search page's rows, before their WHERE: the invitations with their inviters; their role links and
 * applications come for the whole page (PAGE_LINKS).
 */
export const SEARCHED_SELECT = `SELECT ${INVITATION_OWN_COLUMNS} FROM ${INVITATION_FROM}`;

/**
 * The role links and applications of a page's invitations (the page's ids, `page p`, searched-page.ts), each
 * as one JSON array of `[invitation id, …]` rows for the whole page, in the order an invitation lists them
 * (INVITATION_COLUMNS: its links by role, its applications by manage id): a subquery of each for each of
 * the page's rows cost the PGlite thread more than the rows' own columns (withPageLinks puts them back).
 */
const PAGE_LINKS = `(SELECT json_agg(json_build_array(ir.invitation_id, ir.role_id, ir.end_date)
            ORDER BY ir.invitation_id, ir.role_id)
       FROM invitation_roles ir WHERE ir.invitation_id = ANY((SELECT p.ids FROM page p)::bigint[])) AS links,
    (SELECT json_agg(json_build_array(ia.invitation_id, ia.manage_id, ia.manage_type)
            ORDER BY ia.invitation_id, ia.manage_id)
       FROM invitation_applications ia WHERE ia.invitation_id = ANY((SELECT p.ids FROM page p)::bigint[])) AS applications`;

/** PAGE_LINKS's columns as the page's statement answers them (null: none). */
interface PageLinks {
  links?: Array<[number, number, string | null]> | null;
  applications?: Array<[number, string, ManageIdentifier['manageType']]> | null;
}

/** The page's rows with their role links and applications (PAGE_LINKS) in them, as INVITATION_COLUMNS has them. */
function withPageLinks(
  rows: SearchedInvitationRow[],
  { links, applications }: PageLinks,
): SearchedInvitationRow[] {
  const byId = new Map<number, SearchedInvitationRow>();
  for (const row of rows) {
    row.invitation_roles = [];
    row.manage_identifiers = [];
    byId.set(Number(row.id), row);
  }
  for (const [id, roleId, endDate] of links ?? []) byId.get(id)?.invitation_roles.push({ roleId, endDate });
  for (const [id, manageId, manageType] of applications ?? [])
    byId.get(id)?.manage_identifiers?.push({ manageId, manageType });
  return rows;
}

/**
 * A role as an invitation of a search page names it (roleSummarySchema: its id, name, organization and what
 * its application usages make): the columns the summary is made of, and no more.
 */
export type RoleSummaryRow = Pick<RoleSelectRow, 'id' | 'name' | 'organization_guid' | 'usages'>;

/**
 * The roles of a page's invitations (the page's ids, `page p`, searched-page.ts), summarised (RoleSummaryRow)
 * as JSON rows in no order (the route finds each by its id), read with the page: the route read them in a
 * statement of its own after the search. Each role is read by its key (the lateral subquery, kept apart
 * by OFFSET 0): joined to the page's links, the planner read the whole roles table for them.
 */
const PAGE_ROLE_SUMMARIES = `${jsonRows(`SELECT r.* FROM (
    SELECT DISTINCT ir.role_id FROM invitation_roles ir WHERE ir.invitation_id = ANY((SELECT p.ids FROM page p)::bigint[])) l
    CROSS JOIN LATERAL (SELECT r.id, r.name, r.organization_guid, ${ROLE_USAGES} AS usages
                          FROM roles r WHERE r.id = l.role_id OFFSET 0) r`)} AS roles`;

/**
 * The condition of a search text (`query`, a tsquery expression): invitations whose address's words
 * match it, or whose inviter's do (kept on the invitation, migration 017), as the established console
 * finds them. Each word index answers its own half (a BitmapOr).
 */
const TEXT_CONDITION = (query: string) => `(i.search_words @@ ${query} OR i.inviter_words @@ ${query})`;

/** The number of invitations, kept as they are written (migration 043). */
const INVITATION_COUNT = keptRowCount('invitations');

/** The most texts NO_TEXT_STATEMENTS keeps (the shapes come to a few hundred: statuses, mine, a role or a scope, sorts). */
const NO_TEXT_SHAPES = 1000;

/**
 * The statements of searches without a text by what their text is made of (its condition, order and the
 * parameters before the page's), each built once: the same string every time, where building some 3 KB
 * anew and hashing it for its prepared name (pool-db.ts statementName) took the server's thread about
 * 10 µs a search. SQL texts only, never values, answers or rights; the rest of the text (the table, the
 * rows' select list, the further columns) is the same for every invitation search.
 */
const NO_TEXT_STATEMENTS = new Map<string, string>();

/** pagedSearchStatement for `paged`, its page's size and offset pushed onto `params` as it pushes them. */
function noTextStatement(paged: PagedSearch, params: unknown[]): string {
  const key = `${params.length}\n${paged.where}\n${paged.order}\n${paged.sort.column}\n${paged.sort.direction}\n${paged.count ?? ''}`;
  const built = NO_TEXT_STATEMENTS.get(key);
  if (built !== undefined) {
    params.push(paged.size, paged.offset);
    return built;
  }
  const before = params.length;
  const sql = pagedSearchStatement(paged, params);
  // Kept only while the statement's values are the caller's and then the page's size and offset.
  const pageValues =
    params.length === before + 2 && params[before] === paged.size && params[before + 1] === paged.offset;
  if (pageValues && NO_TEXT_STATEMENTS.size < NO_TEXT_SHAPES) NO_TEXT_STATEMENTS.set(key, sql);
  return sql;
}

/**
 * One page of invitations and their total (capped at COUNT_CAP: COUNT_CAP + 1 for more): without a text in
 * one prepared statement, with one in a statement planned for its text and the page's rows apart
 * (searched-page.ts).
 */
export async function searchInvitations(
  q: Queryable,
  search: InvitationSearch,
): Promise<{ rows: SearchedInvitationRow[]; total: number; roles?: RoleSummaryRow[] }> {
  const { user, page, status, mine, roleId } = search;
  // Only the conditions asked for: "($n IS NULL OR …)" forms keep PostgreSQL from using the indexes.
  const params: unknown[] = [];
  const conditions: string[] = [STATUS_FILTER[status ?? 'all'] ?? STATUS_FILTER.all];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (page.text) conditions.push(TEXT_CONDITION(await searchQuerySql(q, page.text, params)));
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
  const paged: PagedSearch = {
    from: 'invitations i',
    where,
    // Every invitation: their number is kept (migration 043).
    count: where === STATUS_FILTER.all ? INVITATION_COUNT : undefined,
    id: 'i.id',
    sort: page.sort,
    select: (condition) => `${SEARCHED_SELECT} WHERE ${condition}`,
    order: page.order,
    size: page.size,
    offset: page.offset,
  };
  // A text's matches are planned for its words each time, inside the page's prepared statement with the rows
  // (inviter, role links, applications), planned once (searched-page.ts pagedTextSearch).
  // The page's roles come with its rows (one statement less).
  const alongside = `${PAGE_ROLE_SUMMARIES},\n    ${PAGE_LINKS}`;
  if (page.text) {
    const found = await pagedTextSearch<SearchedInvitationRow, { roles: RoleSummaryRow[] } & PageLinks>(
      q,
      { ...paged, alongside },
      params,
    );
    return { rows: withPageLinks(found.rows, found), total: found.total, roles: found.roles };
  }
  // Without a text the page's roles come with it (one statement less).
  const { rows } = await q.query<
    { total: number; rows: SearchedInvitationRow[]; roles: RoleSummaryRow[] } & PageLinks
  >(
    noTextStatement({ ...paged, alongside }, params),
    params,
    // Without a text the plan does not hang on the values: planned once per connection (its text is one
    // of the few the sort keys, directions, statuses and scopes make).
    { prepare: true },
  );
  return { rows: withPageLinks(rows[0].rows, rows[0]), total: Number(rows[0].total), roles: rows[0].roles };
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
         guest_role_included, organization_guid, role_expiry_date, expiry_date, inviter_id, remote_api_user,
         requested_authn_context)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
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
        checked.requestedAuthnContext,
      ],
    );
    const id = Number(rows[0].id);
    for (const { manageId, manageType } of checked.manageIdentifiers) {
      await q.query(
        'INSERT INTO invitation_applications (invitation_id, manage_id, manage_type) VALUES ($1, $2, $3)',
        [id, manageId, manageType],
      );
    }
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
        ...(checked.manageIdentifiers.length > 0 ? { manageIdentifiers: checked.manageIdentifiers } : {}),
        ...(checked.requestedAuthnContext ? { requestedAuthnContext: checked.requestedAuthnContext } : {}),
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
}

/** Withdraws an invitation, audited. */
export async function deleteInvitation(q: Queryable, actor: AuditActor, row: InvitationRow): Promise<void> {
  await q.query('DELETE FROM invitations WHERE id = $1', [row.id]);
  await audit(q, actor, {
    entityType: 'invitation',
    entityId: Number(row.id),
    action: 'delete',
    before: invitationSnapshot(row),
  });
}

/** Records a resend (audited); an expired invitation is open again until `expiryDate`. */
export async function recordResend(
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
 * A membership a claimed invitation gives, in a role that still exists: its authority, whether a guest role
 * comes with it (asked for, and the invitation is not a guest's), who invited (the inviter's address, or the
 * API token's integration), and its end before the role's own end date caps it: the link's end date, else
 * the invitation's, else the role's default length from now, else none.
 */
export interface ClaimedLink {
  roleId: number;
  authority: Authority;
  guestRoleIncluded: boolean;
  endDate: Date | null;
  inviter: string | null;
}

/** The claim as claimInvitation answers it: the invitation as accepted, its links, the memberships added. */
export type ClaimedInvitation = InvitationRow & { links: ClaimedLink[]; granted: UserRoleRow[] };

/**
 * Claims an open invitation for `userId` (accepted now) and adds the memberships it gives to a user who is
 * no member yet (user-roles.store.ts insertMemberships), in one statement: the acceptance's transaction holds
 * the embedded database's one backend from its first statement to its end, and each exchange fewer leaves
 * it idle less. Answers the invitation as accepted, as invitationById reads it, with its links (ClaimedLink,
 * in role order) and the memberships added (`granted`: a role whose user is a member already is not among
 * them, and is for grantUserRole to merge); or null when it is no longer open (another acceptance claimed it
 * first, or it expired), and then nothing is added.
 */
export async function claimInvitation(
  q: Queryable,
  invitationId: number,
  userId: number,
): Promise<ClaimedInvitation | null> {
  const { rows } = await q.query<ClaimRow>(
    `${claimCtes('left')}
     SELECT c.*, ${claimedLinks}, ${grantedMemberships} FROM claimed c`,
    [invitationId, userId],
    { prepare: true },
  );
  return rows[0] ? claimOf(rows[0]) : null;
}

/**
 * claimInvitation and its audit rows in one statement, for an acceptance that needs nothing else: the
 * memberships added (each audited as membershipsCreatedSource makes it), then the acceptance's own row
 * (`accepted`, whose subjects auditEntryValues reads), written only when the invitation was claimed. A
 * single statement is a transaction of its own, and on the embedded database one exchange with its one
 * backend: none of it waits between statements.
 *
 * A user who is a member already of one of its roles is refused with a unique violation on MEMBER_ALREADY
 * (a membership is merged by grantUserRole, in a transaction), and then nothing is claimed, added or
 * written. The invitation as claimInvitation answers it, or null when it is no longer open.
 */
export async function claimInvitationAudited(
  q: Queryable,
  invitationId: number,
  userId: number,
  actor: AuditActor,
  accepted: AuditEntry,
): Promise<ClaimedInvitation | null> {
  const params: unknown[] = [invitationId, userId];
  const at = pushActorValues(actor, params);
  const acceptance = auditEntryValues(actor, [accepted], params);
  const { rows } = await q.query<ClaimRow>(
    `${claimCtes('refused')},
     audited AS (${auditInsert(
       `(${membershipsCreatedSource('g', 'granted g')})
        UNION ALL (SELECT a.* FROM (${acceptance}) a WHERE EXISTS (SELECT FROM claimed))`,
       at,
     )})
     SELECT c.*, ${claimedLinks}, ${grantedMemberships} FROM claimed c`,
    params,
    { prepare: true },
  );
  return rows[0] ? claimOf(rows[0]) : null;
}

/** The claim's row as its statements answer it (ClaimedInvitation before its dates are read). */
type ClaimRow = InvitationRow & {
  links: (Omit<ClaimedLink, 'endDate'> & { endDate: string | null })[];
  granted: UserRoleRow[];
};

/**
 * The claim's CTEs ($1 the invitation, $2 the user): `claimed`, the invitation as accepted; `links`, the
 * memberships it gives (ClaimedLink); `granted`, those added (insertMemberships: a member already `left` for
 * grantUserRole to merge, or `refused`).
 */
const claimCtes = (member: 'left' | 'refused') => `WITH i AS (
       UPDATE invitations SET status = 'ACCEPTED', accepted_at = now(), accepted_by = $2
        WHERE id = $1 AND status = 'OPEN' AND expiry_date > now() RETURNING *),
     claimed AS MATERIALIZED (SELECT ${INVITATION_SELECT} FROM i LEFT JOIN users inv ON inv.id = i.inviter_id),
     links AS MATERIALIZED (
       SELECT $2::bigint AS user_id, ir.role_id, c.intended_authority AS authority,
              c.guest_role_included AND c.intended_authority <> 'GUEST' AS guest_role_included,
              COALESCE(ir.end_date, c.role_expiry_date,
                       CASE WHEN r.default_expiry_days > 0
                            THEN now() + make_interval(secs => r.default_expiry_days * 86400) END) AS end_date,
              COALESCE(c.inviter_email, c.remote_api_user) AS inviter
         FROM claimed c JOIN invitation_roles ir ON ir.invitation_id = c.id JOIN roles r ON r.id = ir.role_id),
     granted AS (${insertMemberships('SELECT * FROM links ORDER BY role_id', member)})`;

const claimedLinks = `COALESCE((SELECT json_agg(json_build_object('roleId', l.role_id, 'authority', l.authority,
                                        'guestRoleIncluded', l.guest_role_included, 'endDate', l.end_date,
                                        'inviter', l.inviter) ORDER BY l.role_id)
                        FROM links l), '[]'::json) AS links`;

const grantedMemberships = `COALESCE((SELECT json_agg(json_build_object('id', g.id, 'user_id', g.user_id,
                                        'role_id', g.role_id, 'authority', g.authority,
                                        'guest_role_included', g.guest_role_included, 'end_date', g.end_date)
                                        ORDER BY g.role_id)
                        FROM granted g), '[]'::json) AS granted`;

function claimOf(claimed: ClaimRow): ClaimedInvitation {
  const date = (value: string | Date | null) => (value === null ? null : new Date(value));
  return {
    ...claimed,
    links: claimed.links.map((l) => ({ ...l, roleId: Number(l.roleId), endDate: date(l.endDate) })),
    granted: claimed.granted.map((g) => ({ ...g, end_date: date(g.end_date) })),
  };
}

/** Deletes the open invitations past their expiry date (the cleanup job), each audited. */
export async function deleteExpiredInvitations(
  q: Queryable,
  actor: AuditActor,
  retentionDays = 0,
): Promise<InvitationRow[]> {
  const invitations = (
    await q.query<InvitationRow & { role_ids?: string[] }>(
      // Kept `retentionDays` after they expired (INVITATION_RETENTION_DAYS), for their history.
      `DELETE FROM invitations WHERE status = 'OPEN' AND expiry_date < now() - make_interval(days => $1::int)
       RETURNING id, email, intended_authority, status, expiry_date,
         -- read from the statement's snapshot, before the links go with the cascade
         ARRAY(SELECT ir.role_id FROM invitation_roles ir WHERE ir.invitation_id = invitations.id) AS role_ids`,
      [retentionDays],
    )
  ).rows;
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
