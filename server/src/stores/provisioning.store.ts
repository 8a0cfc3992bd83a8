/**
 * The provisioning aggregate: every SQL statement on provisioning_changes, provisioning_queue,
 * scim_resources and scim_group_members (migration 020), and the reads of users and roles that a delivery
 * makes. State is read when a delivery runs, never kept between deliveries.
 */
import type { Db, Queryable } from '../db/types.js';
import type { ScimPerson } from '../domain/scim.js';

/** A target as the planner sees it: which applications it provisions, and whether it takes groups. */
export interface PlannedTarget {
  id: string;
  applications: readonly string[];
  groups: boolean;
}

export type QueueKind = 'group' | 'user';

export interface QueueItem {
  id: number;
  target: string;
  kind: QueueKind;
  localId: number;
  seq: string;
  attempts: number;
}

const GUEST = `(ur.authority = 'GUEST' OR ur.guest_role_included)`;
/** A membership counts while it has not ended (the cleanup job deletes ended ones later). */
const CURRENT = `(ur.end_date IS NULL OR ur.end_date > now())`;

/**
 * A queue row asked for again: a new seq (a delivery under way sends again); a row waiting out a backoff
 * keeps it, a failed one is tried afresh.
 */
const BUMPED = `seq = EXCLUDED.seq, status = 'waiting',
  attempts = CASE WHEN provisioning_queue.status = 'failed' THEN 0 ELSE provisioning_queue.attempts END,
  next_attempt_at = CASE WHEN provisioning_queue.status = 'failed' THEN now() ELSE provisioning_queue.next_attempt_at END,
  updated_at = now()`;

/**
 * Turns the recorded changes into deliveries, in the caller's transaction: takes up to `limit` changes
 * (deleting them) and writes one queue row per target and resource they may concern. Answers how many
 * changes it took (0: none left).
 */
export async function planChanges(
  q: Queryable,
  targets: readonly PlannedTarget[],
  limit: number,
): Promise<number> {
  const { rows } = await q.query<{ kind: string; local_id: string }>(
    `DELETE FROM provisioning_changes WHERE id IN (
       SELECT id FROM provisioning_changes ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING kind, local_id`,
    [limit],
  );
  if (rows.length === 0) return 0;
  const groups = new Set<string>();
  const members = new Set<string>();
  const users = new Set<string>();
  for (const row of rows) {
    if (row.kind === 'user') users.add(row.local_id);
    else {
      groups.add(row.local_id);
      if (row.kind === 'members') members.add(row.local_id);
    }
  }
  await enqueue(q, targets, [...groups], [...members], [...users]);
  return rows.length;
}

/**
 * Queue rows for these roles' groups, these roles' members (their applications changed) and these users,
 * at every target they concern now (by their applications) or did (by what was delivered). A row already
 * waiting gets a new seq: a delivery under way sends again. Users first: a group names only members the
 * target already holds.
 */
export async function enqueue(
  q: Queryable,
  targets: readonly PlannedTarget[],
  groupRoleIds: readonly string[],
  memberRoleIds: readonly string[],
  userIds: readonly string[],
): Promise<number> {
  const targetIds: string[] = [];
  const manageIds: string[] = [];
  for (const t of targets) {
    for (const app of t.applications) {
      targetIds.push(t.id);
      manageIds.push(app);
    }
  }
  const groupTargets = targets.filter((t) => t.groups).map((t) => t.id);
  const { rowCount } = await q.query(
    `WITH t(target, manage_id) AS (SELECT * FROM unnest($1::text[], $2::text[])),
     wanted AS (
       SELECT t.target, 'group' AS kind, au.role_id AS local_id
         FROM application_usages au JOIN t ON t.manage_id = au.manage_id
        WHERE au.role_id = ANY($4::bigint[]) AND t.target = ANY($3::text[])
       UNION
       SELECT target, 'group', local_id FROM scim_resources WHERE kind = 'group' AND local_id = ANY($4::bigint[])
       UNION
       SELECT t.target, 'user', ur.user_id
         FROM user_roles ur JOIN application_usages au ON au.role_id = ur.role_id
         JOIN t ON t.manage_id = au.manage_id
        WHERE (ur.user_id = ANY($6::bigint[]) OR ur.role_id = ANY($5::bigint[])) AND ${GUEST}
       UNION
       SELECT target, 'user', local_id FROM scim_resources WHERE kind = 'user' AND local_id = ANY($6::bigint[])
       UNION
       SELECT sr.target, 'user', ur.user_id
         FROM user_roles ur JOIN scim_resources sr ON sr.kind = 'user' AND sr.local_id = ur.user_id
        WHERE ur.role_id = ANY($5::bigint[])
       UNION
       SELECT target, 'user', user_id FROM scim_group_members WHERE role_id = ANY($5::bigint[])
     )
     INSERT INTO provisioning_queue (target, kind, local_id, seq)
     SELECT target, kind, local_id, nextval('provisioning_queue_seq')
       FROM (SELECT * FROM wanted ORDER BY kind DESC, target, local_id) w
     ON CONFLICT (target, kind, local_id) DO UPDATE SET ${BUMPED}`,
    [targetIds, manageIds, groupTargets, groupRoleIds, memberRoleIds, userIds],
  );
  return rowCount;
}

/**
 * Everything a target should hold, sent again whole (a full resync): its groups and users, and whatever it
 * was sent before. What was recorded as sent is set aside first, so that each user is replaced (made again
 * when the target lost it) and each group gets every member again.
 */
export async function enqueueWholeTarget(q: Queryable, target: PlannedTarget): Promise<number> {
  await q.query('UPDATE scim_resources SET sent_digest = NULL WHERE target = $1', [target.id]);
  await q.query('DELETE FROM scim_group_members WHERE target = $1', [target.id]);
  const { rows } = await q.query<{ role_id: string }>(
    'SELECT DISTINCT role_id FROM application_usages WHERE manage_id = ANY($1::text[])',
    [target.applications],
  );
  const { rows: known } = await q.query<{ kind: string; local_id: string }>(
    'SELECT kind, local_id FROM scim_resources WHERE target = $1',
    [target.id],
  );
  const roleIds = new Set(rows.map((r) => r.role_id));
  const userIds = new Set<string>();
  for (const k of known) (k.kind === 'group' ? roleIds : userIds).add(k.local_id);
  return enqueue(q, [target], [...roleIds], [...roleIds], [...userIds]);
}

/**
 * A user was made (or made again) at the target: the groups there of the roles they hold as a guest are
 * delivered again, now naming them.
 */
export async function enqueueGroupsOf(q: Queryable, target: PlannedTarget, userId: number): Promise<void> {
  if (!target.groups) return;
  await q.query(
    `INSERT INTO provisioning_queue (target, kind, local_id, seq)
     SELECT $1, 'group', role_id, nextval('provisioning_queue_seq') FROM (
       SELECT DISTINCT ur.role_id
         FROM user_roles ur JOIN application_usages au ON au.role_id = ur.role_id
        WHERE ur.user_id = $2 AND au.manage_id = ANY($3::text[]) AND ${GUEST}
        ORDER BY ur.role_id) r
     ON CONFLICT (target, kind, local_id) DO UPDATE SET ${BUMPED}`,
    [target.id, userId, target.applications],
  );
}

/** Claims up to `limit` due rows of one target, oldest first, under a lease; another instance skips them. */
export async function claimDue(
  db: Db,
  target: string,
  limit: number,
  leaseMs: number,
  /** Leaves out rows tried since this moment (a drain tries each once). */
  notTriedSince: string | null = null,
): Promise<QueueItem[]> {
  const { rows } = await db.query<{
    id: string;
    target: string;
    kind: QueueKind;
    local_id: string;
    seq: string;
    attempts: number;
  }>(
    `UPDATE provisioning_queue SET leased_until = now() + $3 * interval '1 millisecond'
      WHERE id IN (
        SELECT id FROM provisioning_queue
         WHERE target = $1 AND status = 'waiting' AND next_attempt_at <= now()
           AND (leased_until IS NULL OR leased_until < now())
           AND ($4::timestamptz IS NULL OR last_attempt_at IS NULL OR last_attempt_at < $4::timestamptz)
         ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING id, target, kind, local_id, seq, attempts`,
    [target, limit, leaseMs, notTriedSince],
  );
  return rows
    .map((r) => ({
      id: Number(r.id),
      target: r.target,
      kind: r.kind,
      localId: Number(r.local_id),
      seq: r.seq,
      attempts: r.attempts,
    }))
    .sort((a, b) => a.id - b.id);
}

/** Delivered: the row goes, unless a change came in meanwhile (then it is sent again, now). */
export async function markDelivered(db: Db, item: QueueItem): Promise<void> {
  const { rowCount } = await db.query('DELETE FROM provisioning_queue WHERE id = $1 AND seq = $2', [
    item.id,
    item.seq,
  ]);
  if (rowCount === 0) {
    await db.query('UPDATE provisioning_queue SET leased_until = NULL WHERE id = $1', [item.id]);
  }
}

/** Not delivered this time: tried again after `delayMs`. */
export async function markRetry(
  db: Db,
  item: QueueItem,
  delayMs: number,
  status: number | null,
  reason: string,
): Promise<void> {
  await db.query(
    `UPDATE provisioning_queue SET attempts = attempts + 1, leased_until = NULL, last_status = $2, last_error = $3,
       last_attempt_at = now(),
       next_attempt_at = now() + $4 * interval '1 millisecond', updated_at = now()
     WHERE id = $1`,
    [item.id, status, reason, delayMs],
  );
}

/** Given up (the target refused it): kept, with the answer, until someone retries or a change comes. */
export async function markFailed(
  q: Queryable,
  item: QueueItem,
  status: number | null,
  reason: string,
): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE provisioning_queue SET status = 'failed', attempts = attempts + 1, leased_until = NULL,
       last_attempt_at = now(),
       last_status = $3, last_error = $4, updated_at = now()
     WHERE id = $1 AND seq = $2`,
    [item.id, item.seq, status, reason],
  );
  if (rowCount === 0) {
    await q.query('UPDATE provisioning_queue SET leased_until = NULL WHERE id = $1', [item.id]);
  }
  return rowCount > 0;
}

/** Hands the leases of these rows back (a worker stopping, or passing over them). */
export async function releaseLeases(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query('UPDATE provisioning_queue SET leased_until = NULL WHERE id = ANY($1::bigint[])', [ids]);
}

/** Every lease, handed back: at the start of the only instance an embedded database can have. */
export async function releaseAllLeases(db: Db): Promise<void> {
  await db.query('UPDATE provisioning_queue SET leased_until = NULL WHERE leased_until IS NOT NULL');
}

// ---- what a delivery reads and writes ----

export interface KnownResource {
  remoteId: string;
  digest: string | null;
}

export async function readResource(
  q: Queryable,
  target: string,
  kind: QueueKind,
  localId: number,
): Promise<KnownResource | null> {
  const { rows } = await q.query<{ remote_id: string; sent_digest: string | null }>(
    'SELECT remote_id, sent_digest FROM scim_resources WHERE target = $1 AND kind = $2 AND local_id = $3',
    [target, kind, localId],
  );
  return rows[0] ? { remoteId: rows[0].remote_id, digest: rows[0].sent_digest } : null;
}

export async function saveResource(
  q: Queryable,
  target: string,
  kind: QueueKind,
  localId: number,
  remoteId: string,
  digest: string,
): Promise<void> {
  await q.query(
    `INSERT INTO scim_resources (target, kind, local_id, remote_id, sent_digest) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (target, kind, local_id) DO UPDATE SET remote_id = $4, sent_digest = $5, updated_at = now()`,
    [target, kind, localId, remoteId, digest],
  );
}

/** The user is no longer at the target: nor in any of its groups there. */
export async function forgetUser(db: Db, target: string, userId: number): Promise<void> {
  await db.tx(async (q) => {
    await q.query("DELETE FROM scim_resources WHERE target = $1 AND kind = 'user' AND local_id = $2", [
      target,
      userId,
    ]);
    await q.query('DELETE FROM scim_group_members WHERE target = $1 AND user_id = $2', [target, userId]);
  });
}

/** The group is no longer at the target, nor its memberships. */
export async function forgetGroup(db: Db, target: string, roleId: number): Promise<void> {
  await db.tx(async (q) => {
    await q.query("DELETE FROM scim_resources WHERE target = $1 AND kind = 'group' AND local_id = $2", [
      target,
      roleId,
    ]);
    await q.query('DELETE FROM scim_group_members WHERE target = $1 AND role_id = $2', [target, roleId]);
  });
}

export async function readPerson(q: Queryable, userId: number): Promise<ScimPerson | null> {
  const { rows } = await q.query<{
    sub: string;
    email: string | null;
    given_name: string | null;
    family_name: string | null;
    name: string | null;
    eduperson_principal_name: string | null;
  }>('SELECT sub, email, given_name, family_name, name, eduperson_principal_name FROM users WHERE id = $1', [
    userId,
  ]);
  const r = rows[0];
  return r
    ? {
        sub: r.sub,
        email: r.email,
        givenName: r.given_name,
        familyName: r.family_name,
        name: r.name,
        eduPersonPrincipalName: r.eduperson_principal_name,
      }
    : null;
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

/** The memberships the target was sent, with the members' remote ids (null when the user was deleted there). */
export async function deliveredMembers(
  q: Queryable,
  target: string,
  roleId: number,
): Promise<Array<{ userId: number; remoteId: string | null }>> {
  const { rows } = await q.query<{ user_id: string; remote_id: string | null }>(
    `SELECT m.user_id, sr.remote_id FROM scim_group_members m
       LEFT JOIN scim_resources sr ON sr.target = m.target AND sr.kind = 'user' AND sr.local_id = m.user_id
      WHERE m.target = $1 AND m.role_id = $2`,
    [target, roleId],
  );
  return rows.map((r) => ({ userId: Number(r.user_id), remoteId: r.remote_id }));
}

/** Records the group's memberships as the target now holds them. */
export async function saveMembers(
  db: Db,
  target: string,
  roleId: number,
  added: readonly number[],
  removed: readonly number[],
): Promise<void> {
  await db.tx(async (q) => {
    if (removed.length > 0) {
      await q.query(
        'DELETE FROM scim_group_members WHERE target = $1 AND role_id = $2 AND user_id = ANY($3::bigint[])',
        [target, roleId, removed],
      );
    }
    if (added.length > 0) {
      await q.query(
        `INSERT INTO scim_group_members (target, role_id, user_id)
         SELECT $1, $2, unnest($3::bigint[]) ON CONFLICT DO NOTHING`,
        [target, roleId, added],
      );
    }
  });
}

// ---- what the console shows ----

export interface TargetCounts {
  target: string;
  waiting: number;
  failed: number;
  users: number;
  groups: number;
}

/** Per target: rows waiting and failed, users and groups it holds. */
export async function targetCounts(q: Queryable): Promise<TargetCounts[]> {
  const { rows } = await q.query<{
    target: string;
    waiting: string;
    failed: string;
    users: string;
    groups: string;
  }>(
    `SELECT target, sum(waiting) AS waiting, sum(failed) AS failed, sum(users) AS users, sum(groups) AS groups FROM (
       SELECT target, count(*) FILTER (WHERE status = 'waiting') AS waiting,
              count(*) FILTER (WHERE status = 'failed') AS failed, 0 AS users, 0 AS groups
         FROM provisioning_queue GROUP BY target
       UNION ALL
       SELECT target, 0, 0, count(*) FILTER (WHERE kind = 'user'), count(*) FILTER (WHERE kind = 'group')
         FROM scim_resources GROUP BY target) c
     GROUP BY target`,
  );
  return rows.map((r) => ({
    target: r.target,
    waiting: Number(r.waiting),
    failed: Number(r.failed),
    users: Number(r.users),
    groups: Number(r.groups),
  }));
}

/** Changes recorded and not yet planned into deliveries (a moment's worth, normally). */
export async function unplannedChanges(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: string }>('SELECT count(*) AS n FROM provisioning_changes');
  return Number(rows[0]?.n ?? 0);
}

export interface QueueRow {
  id: number;
  target: string;
  kind: QueueKind;
  localId: number;
  /** The role's name or the person's name (or e-mail); null when it is gone. */
  label: string | null;
  status: 'waiting' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  lastStatus: number | null;
  lastError: string | null;
  updatedAt: Date;
}

interface QueueDbRow {
  id: string;
  target: string;
  kind: QueueKind;
  local_id: string;
  label: string | null;
  status: 'waiting' | 'failed';
  attempts: number;
  next_attempt_at: Date | string;
  last_status: number | null;
  last_error: string | null;
  updated_at: Date | string;
}

const toQueueRow = (r: QueueDbRow): QueueRow => ({
  id: Number(r.id),
  target: r.target,
  kind: r.kind,
  localId: Number(r.local_id),
  label: r.label,
  status: r.status,
  attempts: r.attempts,
  nextAttemptAt: new Date(r.next_attempt_at),
  lastStatus: r.last_status,
  lastError: r.last_error,
  updatedAt: new Date(r.updated_at),
});

const QUEUE_COLUMNS = `q.id, q.target, q.kind, q.local_id, q.status, q.attempts, q.next_attempt_at, q.last_status,
  q.last_error, q.updated_at,
  CASE q.kind WHEN 'group' THEN (SELECT name FROM roles WHERE id = q.local_id)
    ELSE (SELECT coalesce(name, email, sub) FROM users WHERE id = q.local_id) END AS label`;

/** The deliveries waiting or failed, failed first, then oldest first; at most `limit`. */
export async function queueRows(
  q: Queryable,
  filter: { status?: 'waiting' | 'failed'; target?: string },
  limit: number,
  offset: number,
): Promise<{ rows: QueueRow[]; total: number }> {
  const params = [filter.status ?? null, filter.target ?? null];
  const where = `($1::text IS NULL OR q.status = $1) AND ($2::text IS NULL OR q.target = $2)`;
  const { rows } = await q.query<QueueDbRow>(
    `SELECT ${QUEUE_COLUMNS} FROM provisioning_queue q WHERE ${where}
      ORDER BY q.status = 'failed' DESC, q.id LIMIT $3 OFFSET $4`,
    [...params, limit, offset],
  );
  const { rows: count } = await q.query<{ n: string }>(
    `SELECT count(*) AS n FROM provisioning_queue q WHERE ${where}`,
    params,
  );
  return { rows: rows.map(toQueueRow), total: Number(count[0]?.n ?? 0) };
}

/** One queue row, for a retry. */
export async function queueRow(q: Queryable, id: number): Promise<QueueRow | null> {
  const { rows } = await q.query<QueueDbRow>(
    `SELECT ${QUEUE_COLUMNS} FROM provisioning_queue q WHERE q.id = $1`,
    [id],
  );
  return rows[0] ? toQueueRow(rows[0]) : null;
}

/** Tried again now, from the first attempt. */
export async function retryNow(q: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await q.query(
    `UPDATE provisioning_queue SET status = 'waiting', attempts = 0, next_attempt_at = now(),
       seq = nextval('provisioning_queue_seq'), updated_at = now()
     WHERE id = $1`,
    [id],
  );
  return rowCount > 0;
}

export interface RoleTargetState {
  target: string;
  /** The group at the target (its remote id known). */
  groupDelivered: boolean;
  /** Current guest members, and how many of them the target holds in the group (or as users). */
  members: number;
  delivered: number;
  waiting: number;
  failed: number;
  /** The failures' reasons, newest first (at most 5). */
  failures: Array<{
    kind: QueueKind;
    label: string | null;
    lastStatus: number | null;
    lastError: string | null;
  }>;
}

/** How a role stands at each of these targets. */
export async function roleTargetStates(
  q: Queryable,
  roleId: number,
  targets: ReadonlyArray<{ id: string; groups: boolean }>,
): Promise<RoleTargetState[]> {
  if (targets.length === 0) return [];
  const ids = targets.map((t) => t.id);
  const { rows } = await q.query<{
    target: string;
    group_delivered: boolean;
    members: string;
    delivered_group: string;
    delivered_users: string;
    waiting: string;
    failed: string;
  }>(
    `WITH t AS (SELECT unnest($2::text[]) AS target),
     m AS (SELECT ur.user_id FROM user_roles ur WHERE ur.role_id = $1 AND ${GUEST} AND ${CURRENT})
     SELECT t.target,
       EXISTS (SELECT 1 FROM scim_resources sr WHERE sr.target = t.target AND sr.kind = 'group' AND sr.local_id = $1)
         AS group_delivered,
       (SELECT count(*) FROM m) AS members,
       (SELECT count(*) FROM scim_group_members g JOIN m ON m.user_id = g.user_id
         WHERE g.target = t.target AND g.role_id = $1) AS delivered_group,
       (SELECT count(*) FROM scim_resources sr JOIN m ON m.user_id = sr.local_id
         WHERE sr.target = t.target AND sr.kind = 'user') AS delivered_users,
       (SELECT count(*) FROM provisioning_queue pq WHERE pq.target = t.target AND pq.status = 'waiting'
          AND ((pq.kind = 'group' AND pq.local_id = $1) OR (pq.kind = 'user' AND pq.local_id IN (SELECT user_id FROM m))))
         AS waiting,
       (SELECT count(*) FROM provisioning_queue pq WHERE pq.target = t.target AND pq.status = 'failed'
          AND ((pq.kind = 'group' AND pq.local_id = $1) OR (pq.kind = 'user' AND pq.local_id IN (SELECT user_id FROM m))))
         AS failed
     FROM t`,
    [roleId, ids],
  );
  const { rows: failures } = await q.query<QueueDbRow>(
    `SELECT ${QUEUE_COLUMNS} FROM provisioning_queue q
      WHERE q.target = ANY($2::text[]) AND q.status = 'failed'
        AND ((q.kind = 'group' AND q.local_id = $1) OR (q.kind = 'user' AND q.local_id IN (
          SELECT ur.user_id FROM user_roles ur WHERE ur.role_id = $1)))
      ORDER BY q.updated_at DESC LIMIT 50`,
    [roleId, ids],
  );
  const groupsOf = new Map(targets.map((t) => [t.id, t.groups]));
  return rows.map((r) => ({
    target: r.target,
    groupDelivered: r.group_delivered,
    members: Number(r.members),
    delivered: Number(groupsOf.get(r.target) ? r.delivered_group : r.delivered_users),
    waiting: Number(r.waiting),
    failed: Number(r.failed),
    failures: failures
      .filter((f) => f.target === r.target)
      .slice(0, 5)
      .map((f) => ({ kind: f.kind, label: f.label, lastStatus: f.last_status, lastError: f.last_error })),
  }));
}

/** Waiting and failed deliveries in all: for metrics and the bench. */
export async function backlog(q: Queryable): Promise<{ waiting: number; failed: number; unplanned: number }> {
  const { rows } = await q.query<{ waiting: string; failed: string; unplanned: string }>(
    `SELECT (SELECT count(*) FROM provisioning_queue WHERE status = 'waiting') AS waiting,
            (SELECT count(*) FROM provisioning_queue WHERE status = 'failed') AS failed,
            (SELECT count(*) FROM provisioning_changes) AS unplanned`,
  );
  return {
    waiting: Number(rows[0]?.waiting ?? 0),
    failed: Number(rows[0]?.failed ?? 0),
    unplanned: Number(rows[0]?.unplanned ?? 0),
  };
}
