/**
 * The system area's views of provisioning (GET /system/provisioning, a role's state per target, the
 * metrics' backlog) and the operator's retry.
 */
import type { Queryable } from '../db/types.js';
import type { QueueKind } from './provisioning-queue.store.js';
import { CURRENT, GUEST } from './provisioning-sql.js';

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
