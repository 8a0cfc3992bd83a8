/**
 * The delivery queue (provisioning_queue): claiming due rows under a lease, and what an attempt leaves
 * behind (delivered, tried again later, given up). Two instances never hold one row at once: a claim takes
 * rows whose lease ran out or was never taken, and every outcome hands the lease back.
 */
import type { Db, Queryable } from '../db/types.js';

export type QueueKind = 'group' | 'user';

export interface QueueItem {
  id: number;
  target: string;
  kind: QueueKind;
  localId: number;
  seq: string;
  attempts: number;
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
    { prepare: true },
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

/**
 * Delivered: each row goes, unless a change came in meanwhile (its seq moved on): then it stays, its lease
 * handed back, and it is sent again now. One statement for a whole batch.
 */
export async function markDelivered(db: Db, items: readonly QueueItem[]): Promise<void> {
  if (items.length === 0) return;
  const ids = items.map((i) => i.id);
  await db.query(
    `WITH gone AS (
       DELETE FROM provisioning_queue q USING unnest($1::bigint[], $2::bigint[]) AS d(id, seq)
        WHERE q.id = d.id AND q.seq = d.seq
       RETURNING q.id)
     UPDATE provisioning_queue SET leased_until = NULL
      WHERE id = ANY($1::bigint[]) AND id NOT IN (SELECT id FROM gone)`,
    [ids, items.map((i) => i.seq)],
    { prepare: true },
  );
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
  await db.query('UPDATE provisioning_queue SET leased_until = NULL WHERE id = ANY($1::bigint[])', [ids], {
    prepare: true,
  });
}

/** Every lease, handed back: at the start of the only instance an embedded database can have. */
export async function releaseAllLeases(db: Db): Promise<void> {
  await db.query('UPDATE provisioning_queue SET leased_until = NULL WHERE leased_until IS NOT NULL');
}

/**
 * Rows left to plan or deliver: changes not planned yet, and due rows not tried since `since` (a drain tries
 * each once).
 */
export async function pendingSince(db: Db, since: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT (SELECT count(*) FROM provisioning_changes)
            + (SELECT count(*) FROM provisioning_queue WHERE status = 'waiting' AND next_attempt_at <= now()
                 AND (last_attempt_at IS NULL OR last_attempt_at < $1::timestamptz)) AS n`,
    [since],
  );
  return Number(rows[0]!.n);
}

/** The database's clock now, as text (where a drain begins). */
export async function databaseNow(db: Db): Promise<string> {
  const { rows } = await db.query<{ t: string }>('SELECT clock_timestamp()::text AS t');
  return rows[0]!.t;
}
