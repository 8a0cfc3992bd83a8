/** One job run at a time across every server instance over one database. */
import type { Db, Queryable } from '../db/types.js';

export const JOB_LOCK_KEYS = {
  cleanup: 7_351_101,
  expiryNotifications: 7_351_102,
  inactiveUsers: 7_351_103,
  usersWithoutRoles: 7_351_104,
  auditRetention: 7_351_105,
} as const;

/**
 * Runs `fn` in a transaction holding the job's advisory lock (pg_try_advisory_xact_lock: released at
 * commit or rollback, so a crashed run never keeps it). Answers `{ ran: false }` when another instance
 * holds the lock at this moment; that instance is doing the work.
 */
export async function withJobLock<T>(
  db: Db,
  key: number,
  fn: (q: Queryable) => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  return db.tx(async (q) => {
    const { rows } = await q.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
      key,
    ]);
    if (!rows[0]?.locked) return { ran: false } as const;
    return { ran: true, result: await fn(q) } as const;
  });
}
