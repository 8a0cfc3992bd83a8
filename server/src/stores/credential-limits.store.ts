/**
 * The limiter's counters (table `credential_limits`, migration 028): one row per key with the count of
 * its current window, which begins at the key's first hit, so that every instance over one database
 * counts together. Windows follow the database's clock, not an instance's.
 */
import type { Db, Queryable } from '../db/types.js';

/** The counts a call saw, and how long its windows still run. */
export interface WindowCounts {
  /** Each key's count in its window: after this call's hit for the keys hit, as stored for the rest. */
  counts: Map<string, number>;
  /** Whole seconds until the window of each key ends (at least 1). */
  secondsLeft: Map<string, number>;
}

/**
 * One statement: add one to each key hit (a new window when its last one ended) and read the counts of
 * the keys only looked at, when their window still runs.
 *
 * Its commit does not wait for the write-ahead log to reach the disk (`synchronous_commit` off for its own
 * transaction only, set_config's `true`): every call of one API client, and every failed login from one
 * address, counts on the same row, and each held that row's lock until its log was flushed. A flood of
 * calls, which the limiter is there to refuse (a refused call is counted too), then cost the database most
 * for the counting: at 32 callers of one key (pgbench on the ×1 performance seed's database, PostgreSQL 15,
 * this statement alone) 2,500–2,800 counts a second at 530–565 µs of its CPU each; without the wait
 * 14,000–18,000 a second at 50–105 µs. Through the whole server (`npm run bench`'s flood of one token at
 * 32 callers, where the server's own work is most of a call's), 288–352 µs of the database's CPU a call
 * against 430–482 with the wait, at 1,455–1,636 calls a second against 1,267–1,504.
 *
 * The count is visible to every instance at its commit as before; what a crash of the database server
 * itself (not of this server) can lose is the counts of its last moment (PostgreSQL flushes the log within
 * three times wal_writer_delay, 600 ms by default): a few more calls or guesses after such a crash, for a
 * limiter, and no person's data. `set_config` is called for each key hit, before the transaction commits;
 * a call that hits no key writes nothing and waits for nothing.
 */
export const HIT_AND_READ = `
  WITH hit AS (
    INSERT INTO credential_limits AS c (key, window_start, count)
    SELECT k, now(), 1 FROM unnest($1::text[]) AS k
     WHERE set_config('synchronous_commit', 'off', true) IS NOT NULL
    ON CONFLICT (key) DO UPDATE SET
      window_start = CASE WHEN c.window_start > now() - make_interval(secs => $3) THEN c.window_start ELSE now() END,
      count = CASE WHEN c.window_start > now() - make_interval(secs => $3) THEN c.count + 1 ELSE 1 END
    RETURNING key, count, window_start
  )
  SELECT key, count,
         greatest(1, ceil(extract(epoch FROM window_start + make_interval(secs => $3) - now())))::int AS seconds_left
  FROM (
    SELECT key, count, window_start FROM hit
    UNION ALL
    SELECT key, count, window_start FROM credential_limits
    WHERE key = ANY($2::text[]) AND window_start > now() - make_interval(secs => $3)
  ) counted`;

/**
 * Adds one to each of `hit` and reads `read`, in windows of `windowSeconds`: one statement. A key missing
 * from the answer has no count in a running window (0).
 */
export async function hitAndRead(
  // A Db, never a transaction's handle: the statement's setting holds for the transaction it runs in,
  // and must not reach another statement's writes.
  q: Db,
  hit: readonly string[],
  read: readonly string[],
  windowSeconds: number,
): Promise<WindowCounts> {
  const hits = [...new Set(hit)];
  const reads = [...new Set(read)].filter((key) => !hits.includes(key));
  const { rows } = await q.query<{ key: string; count: number; seconds_left: number }>(
    HIT_AND_READ,
    [hits, reads, windowSeconds],
    { prepare: true },
  );
  const counts = new Map<string, number>();
  const secondsLeft = new Map<string, number>();
  for (const row of rows) {
    counts.set(row.key, Number(row.count));
    secondsLeft.set(row.key, Number(row.seconds_left));
  }
  return { counts, secondsLeft };
}

/** Removes the keys whose window began more than `keepSeconds` ago (long ended); answers how many went. */
export async function purgeCredentialCounts(q: Queryable, keepSeconds = 3600): Promise<number> {
  const { rowCount } = await q.query(
    'DELETE FROM credential_limits WHERE window_start < now() - make_interval(secs => $1)',
    [keepSeconds],
  );
  return rowCount;
}
