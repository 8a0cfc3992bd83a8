/**
 * The audit aggregate: every SQL statement on `audit_logs`. Writers pass their transaction handle, so an
 * audit row commits or rolls back with the change it records.
 */
import type { FastifyRequest } from 'fastify';
import { keptRowCount } from './row-counts.js';
import {
  AUDIT_SUBJECT_TYPES,
  COUNT_CAP,
  type AuditEvent,
  type AuditRecord,
  type AuditSubjectType,
} from 'shared-auth/rules';
import { analyzeInParts } from '../db/analyze-in-parts.js';
import { jsonRows } from '../db/json-rows.js';
import type { Db, Queryable } from '../db/types.js';
import { deleteInBatches } from './batched-delete.js';
import { toEpochSeconds } from '../domain/time.js';
import { cappedTotal, limitOffset } from '../domain/paging.js';

export { AUDIT_EVENTS, type AuditEvent } from 'shared-auth/rules';
export const AUDIT_ENTITY_TYPES = AUDIT_SUBJECT_TYPES;
export type AuditEntityType = AuditSubjectType;
export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'accept'
  | 'remove_institution_admin'
  | 'remove_application_manager'
  | 'resend'
  | 'cleanup'
  | 'impersonate'
  | 'impersonate_end'
  | 'fail'
  | 'retry'
  | 'resync'
  | 'login'
  | 'logout'
  | 'denied';

export interface AuditEntry {
  entityType: AuditEntityType;
  entityId: number | string | null;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
}

/**
 * Who acted: the request's effective user (and impersonator), or a job (null). A call of the external
 * API (`apiToken` set) is recorded with the token as actor: its name and number, beside its owner's id.
 * `name` names an actor that is no user (a service account, an unknown token) for a refusal.
 */
export type AuditActor =
  | (Pick<FastifyRequest, 'user' | 'impersonatorId'> & {
      apiToken?: Pick<NonNullable<FastifyRequest['apiToken']>, 'id' | 'description'> | null;
      name?: string;
    })
  | null;

/** The actor's name as the trail shows it. */
function actorName(actor: AuditActor): string | null {
  if (actor?.name) return actor.name;
  const user = actor?.user ?? null;
  if (actor?.apiToken) return `API token ${actor.apiToken.id} (${actor.apiToken.description})`;
  return user ? (user.name ?? user.email ?? user.sub ?? null) : 'system';
}

interface Subjects {
  roleIds: number[];
  roleName: string | null;
  userId: number | null;
  userName: string | null;
}

function field(snapshot: unknown, key: string): unknown {
  return snapshot && typeof snapshot === 'object' ? (snapshot as Record<string, unknown>)[key] : undefined;
}

const asId = (value: unknown): number | null =>
  typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? Number(value) : null;
const asText = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The role(s) and the person a row is about, read from the snapshot the writer already gives. */
function subjectsOf(entry: AuditEntry, actorId: number | null): Subjects {
  const snapshot = entry.after ?? entry.before;
  const id = asId(entry.entityId);
  switch (entry.entityType) {
    case 'role':
      return {
        roleIds: id === null ? [] : [id],
        roleName: asText(field(snapshot, 'name')),
        userId: null,
        userName: null,
      };
    case 'user_role': {
      const roleId = asId(field(snapshot, 'roleId'));
      return {
        roleIds: roleId === null ? [] : [roleId],
        roleName: null,
        userId: asId(field(snapshot, 'userId')),
        userName: asText(field(snapshot, 'email')),
      };
    }
    case 'invitation': {
      const roleIds = field(snapshot, 'roleIds');
      return {
        roleIds: Array.isArray(roleIds) ? roleIds.map(asId).filter((r): r is number => r !== null) : [],
        roleName: null,
        userId: asId(field(snapshot, 'acceptedBy')),
        userName: asText(field(snapshot, 'email')),
      };
    }
    case 'api_token':
      // A token belongs to whoever creates it.
      return {
        roleIds: [],
        roleName: null,
        userId: asId(field(snapshot, 'ownerId')) ?? (entry.action === 'create' ? actorId : null),
        userName: null,
      };
    case 'provisioning': {
      // A delivery to a SCIM target: of a role's group or of a person.
      const roleId = asId(field(snapshot, 'roleId'));
      return {
        roleIds: roleId === null ? [] : [roleId],
        roleName: null,
        userId: asId(field(snapshot, 'userId')),
        userName: null,
      };
    }
    case 'audit_log':
      // Rows of the trail removed after their retention: the row counts them, it is about no one.
      return { roleIds: [], roleName: null, userId: null, userName: null };
    case 'user':
      return {
        roleIds: [],
        roleName: null,
        userId: id,
        userName: asText(field(snapshot, 'name')) ?? asText(field(snapshot, 'email')),
      };
  }
}

/** The actor's four values of an audit statement, in auditInsert's order: id, name, impersonator, token. */
function actorValues(actor: AuditActor): unknown[] {
  const user = actor?.user ?? null;
  return [user?.id ?? null, actorName(actor), actor?.impersonatorId ?? null, actor?.apiToken?.id ?? null];
}

/**
 * The statement writing audit rows read from `source`: a query whose columns are, in this order,
 * entity_type, entity_id, action, before, after (jsonb), role_ids (bigint[]), role_name, user_id and
 * user_name, its rows written in the order it gives them. The actor's values (actorValues) are the
 * parameters `$at` to `$at + 3`. An actor known by id alone (a refused session, plugins/refusal-audit.ts)
 * is named as the person is now; a row's person by their name as it is now, or the source's name or
 * e-mail once the person is gone; a row's role, without a name, by its first role's.
 */
export function auditInsert(source: string, at: number): string {
  const [id, name, impersonator, token] = [0, 1, 2, 3].map((k) => `$${at + k}`);
  return `INSERT INTO audit_logs (actor_id, actor_name, impersonator_id, entity_type, entity_id, action,
     before, after, role_ids, role_name, user_id, user_name, api_token_id)
   SELECT ${id}::bigint, coalesce(${name}::text, (SELECT coalesce(name, email) FROM users WHERE id = ${id}::bigint)),
          ${impersonator}::bigint, s.entity_type, s.entity_id, s.action, s.before, s.after, s.role_ids,
          coalesce(s.role_name, (SELECT name FROM roles WHERE id = s.role_ids[1])), s.user_id,
          coalesce((SELECT coalesce(name, email) FROM users WHERE id = s.user_id), s.user_name), ${token}::bigint
     FROM (${source}) s (entity_type, entity_id, action, before, after, role_ids, role_name, user_id, user_name)`;
}

/**
 * `entries` as a source of auditInsert (`VALUES …`), their values pushed onto `params` (AuditEntry and
 * the subjects read from its snapshot, nine a row).
 */
export function auditEntryValues(
  actor: AuditActor,
  entries: readonly AuditEntry[],
  params: unknown[],
): string {
  const actorId = actor?.user?.id ?? null;
  const rows = entries.map((entry) => {
    const subjects = subjectsOf(entry, actorId);
    const at = (value: unknown) => `$${params.push(value)}`;
    return `(${at(entry.entityType)}::text, ${at(entry.entityId === null ? null : Number(entry.entityId))}::bigint,
      ${at(entry.action)}::text, ${at(entry.before === undefined ? null : JSON.stringify(entry.before))}::jsonb,
      ${at(entry.after === undefined ? null : JSON.stringify(entry.after))}::jsonb, ${at(subjects.roleIds)}::bigint[],
      ${at(subjects.roleName)}::text, ${at(subjects.userId)}::bigint, ${at(subjects.userName)}::text)`;
  });
  return `VALUES ${rows.join(',\n     ')}`;
}

/** Writes one audit row with the given transaction handle `q`, so it commits or rolls back with the change. */
export async function audit(q: Queryable, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await auditAll(q, actor, [entry]);
}

/**
 * Writes the audit rows of one change by one actor in one statement (an acceptance's memberships and the
 * invitation accepted), in their order, with the transaction handle `q`: one round trip in the
 * transaction instead of one a row.
 */
export async function auditAll(
  q: Queryable,
  actor: AuditActor,
  entries: readonly AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const params = actorValues(actor);
  const values = auditEntryValues(actor, entries, params);
  await q.query(auditInsert(values, 1), params, { prepare: true });
}

/** The actor's values for a statement that writes its audit rows itself (auditInsert), pushed onto `params`;
 * answers the first one's number (auditInsert's `at`). */
export function pushActorValues(actor: AuditActor, params: unknown[]): number {
  const at = params.length + 1;
  params.push(...actorValues(actor));
  return at;
}

interface Person {
  id: number;
  name?: string | null;
  email?: string | null;
  sub?: string | null;
}

/** A super user started or ended acting as `target`; the real user is both actor and impersonator. */
export async function auditImpersonation(
  q: Queryable,
  real: Person,
  target: Person,
  action: 'impersonate' | 'impersonate_end',
): Promise<void> {
  await audit(
    q,
    { user: real as FastifyRequest['user'], impersonatorId: real.id },
    {
      entityType: 'user',
      entityId: target.id,
      action,
      after: { name: target.name ?? null, email: target.email ?? null },
    },
  );
}

/** A person logged in or out (the console's own login, oidc/login.routes.ts); they are actor and subject. */
export async function auditSession(q: Queryable, person: Person, action: 'login' | 'logout'): Promise<void> {
  await audit(
    q,
    { user: person as FastifyRequest['user'], impersonatorId: null },
    {
      entityType: 'user',
      entityId: person.id,
      action,
      after: { name: person.name ?? null, email: person.email ?? null },
    },
  );
}

export interface AuditFilter {
  /** Part of the actor's name (case-insensitive). */
  actor?: string;
  actorId?: number;
  /** Rows about this role: the role itself, its memberships and its invitations. */
  roleId?: number;
  /** Rows about this person: memberships, accepted invitations, tokens, impersonation, deletion. */
  userId?: number;
  entityType?: AuditEntityType;
  entityId?: number;
  event?: AuditEvent;
  /** Epoch seconds, inclusive. */
  from?: number;
  /** Epoch seconds, exclusive. */
  to?: number;
  pageNumber?: number;
  pageSize?: number;
}

interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_name: string | null;
  impersonator_id: string | null;
  api_token_id?: string | number | null;
  entity_type: string;
  entity_id: string | null;
  action: string;
  role_ids: (string | number)[] | null;
  role_name: string | null;
  user_id: string | null;
  user_name: string | null;
  before: unknown;
  after: unknown;
  created_at: Date;
}

const num = (value: string | null): number | null => (value === null ? null : Number(value));

function toRecord(row: AuditRow): AuditRecord {
  return {
    id: Number(row.id),
    actorId: num(row.actor_id),
    actorName: row.actor_name,
    impersonatorId: num(row.impersonator_id),
    apiTokenId: row.api_token_id === undefined || row.api_token_id === null ? null : Number(row.api_token_id),
    // The column holds only the subject types the writers use (audit() takes an AuditSubjectType).
    entityType: row.entity_type as AuditSubjectType,
    entityId: num(row.entity_id),
    action: row.action,
    roleIds: (row.role_ids ?? []).map(Number),
    roleName: row.role_name,
    userId: num(row.user_id),
    userName: row.user_name,
    before: row.before,
    after: row.after,
    createdAt: toEpochSeconds(row.created_at) as number,
  };
}

function whereOf(filter: AuditFilter): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  const actor = filter.actor?.trim();
  if (actor)
    add((p) => `lower(actor_name) LIKE ${p}`, `%${actor.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (filter.actorId !== undefined) add((p) => `actor_id = ${p}`, filter.actorId);
  if (filter.roleId !== undefined) add((p) => `role_ids @> ARRAY[${p}::bigint]`, filter.roleId);
  if (filter.userId !== undefined) add((p) => `user_id = ${p}`, filter.userId);
  if (filter.entityType !== undefined) add((p) => `entity_type = ${p}`, filter.entityType);
  if (filter.entityId !== undefined) add((p) => `entity_id = ${p}`, filter.entityId);
  if (filter.event !== undefined) {
    const [entityType, action] = filter.event.split('.');
    add((p) => `entity_type = ${p}`, entityType);
    add((p) => `action = ${p}`, action);
  }
  if (filter.from !== undefined) add((p) => `created_at >= to_timestamp(${p})`, filter.from);
  if (filter.to !== undefined) add((p) => `created_at < to_timestamp(${p})`, filter.to);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/**
 * One page of the trail, newest first; `totalElements` is capped like the searches (COUNT_CAP + 1 = more).
 * The page and its capped count come in one statement: on PGlite a round trip costs more than the first
 * page's rows.
 */
export async function searchAuditLogs(
  q: Queryable,
  filter: AuditFilter,
): Promise<{ content: AuditRecord[]; totalElements: number }> {
  const { where, params } = whereOf(filter);
  const size = filter.pageSize ?? 10;
  const page = { size, offset: (filter.pageNumber ?? 0) * size };
  // The whole trail's capped count from its number, kept as it is written (migration 044): asked of the
  // id index (whether a row lies COUNT_CAP entries down from the newest) it read 1,001 entries a page. A
  // filter's count reads its own index, in whatever order is cheapest.
  const total =
    where === ''
      ? `LEAST(${keptRowCount('audit_logs')}, ${COUNT_CAP + 1})::int`
      : cappedTotal(`FROM audit_logs ${where}`);
  const { rows } = await q.query<{ total: number; rows: AuditRow[] }>(
    `SELECT ${total} AS total,
            ${jsonRows(`SELECT * FROM audit_logs ${where} ORDER BY created_at DESC, id DESC ${limitOffset(page, params)}`)} AS rows`,
    params,
    // The whole trail's pages: planned once (generically, pool-db.ts PLAN_GENERIC). A filter's plan hangs
    // on its values (an actor's text, a period, a role's share of the trail): planned for them.
    { prepare: where === '' },
  );
  return { content: rows[0].rows.map(toRecord), totalElements: Number(rows[0].total) };
}

const SEED_ACTOR = 'performance seed';
/** The statistics sample of the seeded trail's ANALYZE on PGlite (the default is 100). */
const TRAIL_STATISTICS_TARGET = 30;

/** The first and last id of `table`'s rows matching `where` (one scan), or null when none match. */
async function idRange(db: Queryable, table: string, where: string, param: string) {
  const { rows } = await db.query<{ low: string | null; high: string | null }>(
    `SELECT min(id) AS low, max(id) AS high FROM ${table} WHERE ${where}`,
    [param],
  );
  return rows[0]?.low == null || rows[0]?.high == null
    ? null
    : { low: Number(rows[0].low), high: Number(rows[0].high) };
}

/**
 * The trail the performance seed's data would have left: a "created" row per seeded role, a "granted" row
 * per membership and a "sent" row per invitation, spread over the past year. Each batch is a range of ids
 * read through the tables' own indexes (a batch that joined by e-mail, or let the planner hash whole
 * tables, took a quarter of a second on PGlite, holding every other request), with a pause between.
 */
export async function seedAuditTrail(
  db: Db,
  /** emailDomain: the seeded invitations' addresses end in it. */
  options: { subPrefix: string; shortNamePrefix: string; emailDomain: string; batch?: number },
): Promise<number> {
  // Rows a statement: at 1,000 a statement held PGlite long enough for a users/config during a CI run to
  // come close to seed-responsiveness.test.ts's bound; at 500, half that.
  // On PostgreSQL a statement holds up no other request (each has a connection of its own): 20,000 rows,
  // so that a hundred times the volume (11 million rows) is a few hundred statements, not 22,000.
  const batch = options.batch ?? (db.kind === 'postgres' ? 20_000 : 500);
  const pause = () => new Promise((resolve) => setImmediate(resolve));
  // The last run's rows, a range at a time (113,000 of them in one statement held PGlite for seconds).
  await deleteInBatches(db, 'audit_logs', 'actor_name = $1', SEED_ACTOR);
  let written = (
    await db.query(
      `INSERT INTO audit_logs (actor_name, entity_type, entity_id, action, after, role_ids, role_name, created_at)
       SELECT $1, 'role', r.id, 'create', jsonb_build_object('name', r.name), ARRAY[r.id], r.name,
              now() - interval '400 days' + make_interval(secs => r.id % 86400)
       FROM roles r WHERE r.short_name LIKE $2`,
      [SEED_ACTOR, `${options.shortNamePrefix}%`],
    )
  ).rowCount;
  const users = await idRange(db, 'users', 'sub LIKE $1', `${options.subPrefix}%`);
  for (let start = users?.low ?? 0; users && start <= users.high; start += batch) {
    await pause();
    written += (
      await db.query(
        `INSERT INTO audit_logs (actor_name, entity_type, entity_id, action, after, role_ids, role_name, user_id, user_name, created_at)
         SELECT $4, 'user_role', ur.id, 'create',
                jsonb_build_object('userId', u.id, 'roleId', r.id, 'email', u.email, 'authority', ur.authority),
                ARRAY[r.id], r.name, u.id, u.name, now() - make_interval(secs => (u.id * 397) % 31536000)
         FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
         WHERE u.sub LIKE $1 AND u.id BETWEEN $2 AND $3 AND ur.user_id BETWEEN $2 AND $3`,
        [`${options.subPrefix}%`, start, start + batch - 1, SEED_ACTOR],
      )
    ).rowCount;
  }
  const invitations = await idRange(db, 'invitations', "email LIKE '%' || $1", options.emailDomain);
  for (let start = invitations?.low ?? 0; invitations && start <= invitations.high; start += batch) {
    await pause();
    written += (
      await db.query(
        `INSERT INTO audit_logs (actor_name, entity_type, entity_id, action, after, role_ids, role_name, user_name, created_at)
         SELECT $4, 'invitation', i.id, 'create',
                jsonb_build_object('email', i.email, 'intendedAuthority', i.intended_authority),
                ARRAY[ir.role_id], r.name, i.email, now() - make_interval(secs => (i.id * 211) % 31536000)
         FROM invitations i JOIN invitation_roles ir ON ir.invitation_id = i.id JOIN roles r ON r.id = ir.role_id
         WHERE i.email LIKE '%' || $1 AND i.id BETWEEN $2 AND $3 AND ir.invitation_id BETWEEN $2 AND $3`,
        [options.emailDomain, start, start + batch - 1, SEED_ACTOR],
      )
    ).rowCount;
  }
  // Fresh statistics keep the newest-first page on its index (PGlite has no autovacuum). On PostgreSQL a
  // VACUUM also clears the last run's deleted rows, and blocks no one. On PGlite a statement holds the only
  // connection: VACUUM (ANALYZE) of the whole trail held it long, every request waiting; an
  // ANALYZE from a smaller sample than the default (as the seed's own tables, performance-seed.ts) is short.
  await pause();
  if (db.kind === 'postgres') await db.query('VACUUM (ANALYZE) audit_logs');
  else {
    await analyzeInParts(db, 'audit_logs', (statement) =>
      db.tx(async (q) => {
        await q.query(`SET LOCAL default_statistics_target = ${TRAIL_STATISTICS_TARGET}`);
        await q.query(statement);
      }),
    );
    // And vacuumed here, without the indexes' clean-up (as the seed's own tables, performance-seed.ts): left
    // to PGlite's upkeep (pglite-db.ts maintainWhenDue: a million rows inserted since its last vacuum),
    // the trail was vacuumed a minute or two after the seed, holding the only backend for seconds in the
    // middle of whatever was asked then (the bench's first measured list, the audit trail at ten times the
    // volume). Its pages marked all-visible, the capped count reads the id index alone.
    await pause();
    await db.query('VACUUM (INDEX_CLEANUP OFF) audit_logs');
  }
  return written;
}
