/**
 * Every PostgreSQL advisory lock the server takes, declared here and nowhere else. Two uses of one key
 * wait for each other although they guard unrelated work (the provisioning planner once shared the
 * inactive-users job's key: planning stopped while a tidy run held it). locks.test.ts proves the keys
 * distinct and that no other source file calls an advisory-lock function.
 */
import type { Db, Queryable } from './types.js';

export const LOCK_KEYS = {
  /** Two instances starting together apply each migration once. */
  migrations: 7_351_001,
  /** Two instances starting together on one empty database seed the development data once. */
  devSeed: 7_351_002,
  cleanup: 7_351_101,
  expiryNotifications: 7_351_102,
  inactiveUsers: 7_351_103,
  usersWithoutRoles: 7_351_104,
  auditRetention: 7_351_105,
  /** One provisioning planner at a time across instances. */
  provisioningPlan: 7_351_201,
  /** One instance refreshes the registry snapshot in the database at a time. */
  registryRefresh: 7_351_202,
} as const;

export type LockKey = (typeof LOCK_KEYS)[keyof typeof LOCK_KEYS];

/**
 * Runs `fn` in a transaction holding the lock `key` (pg_try_advisory_xact_lock: released at commit or
 * rollback, so a crashed run never keeps it). Answers `{ ran: false }` when another instance holds the
 * lock at this moment; that instance is doing the work.
 */
export async function withJobLock<T>(
  db: Db,
  key: LockKey,
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

/**
 * Inside a transaction: waits until the lock `key` is free and holds it until the transaction ends
 * (pg_advisory_xact_lock). For work every instance must see done before it goes on (migrations, seeds).
 */
export async function waitForLock(q: Queryable, key: LockKey): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [key]);
}
