import type { FastifyInstance } from 'fastify';
import { addMember, addUser, apiApp, DAY, insertRole } from '../test/api-kit.js';
import { runCleanup } from './cleanup.job.js';
import { LOCK_KEYS, withJobLock } from '../db/locks.js';

// The lock tests run the job by hand, on an app whose timer is off: a timed run taking the lock in the same
// moment would make them see a skip they did not cause.
let app: FastifyInstance;
beforeAll(async () => {
  app = await apiApp();
});
afterAll(() => app.close());

describe('jobs', () => {
  it('run on their interval: an ended user role disappears by itself', async () => {
    const timed = await apiApp({ env: { CRON_CLEANUP: '50ms' } });
    try {
      const role = await insertRole(timed, 'Timed Role');
      const id = await addMember(
        timed,
        await addUser(timed, 'timed@example.org'),
        role,
        'GUEST',
        new Date(Date.now() - DAY * 1000),
      );
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        if ((await timed.db.query('SELECT 1 FROM user_roles WHERE id = $1', [id])).rowCount === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect((await timed.db.query('SELECT 1 FROM user_roles WHERE id = $1', [id])).rowCount).toBe(0);
    } finally {
      await timed.close();
    }
  });

  it('stop before the database closes: no run fails in a close, and a run under way ends first', async () => {
    const failed: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const timed = await apiApp({ env: { CRON_CLEANUP: '1ms' } });
      const log = timed.log as unknown as { error: (...args: unknown[]) => void };
      log.error = (...args: unknown[]) => failed.push(args);
      // Closed while the job runs back to back: in its transaction, or about to start again.
      await new Promise((r) => setTimeout(r, 20 + i * 15));
      await timed.close();
    }
    expect(failed).toEqual([]);
  });

  it('take a transaction-scoped advisory lock, so a second run in the same moment is skipped', async () => {
    // Take the lock in one transaction and, inside it, try the job through the same connection's view:
    // the lock is re-entrant per session, so use a nested try on the key to show the key is the one held.
    const outcome = await withJobLock(app.db, LOCK_KEYS.cleanup, async (q) => {
      const held = await q.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1",
        [LOCK_KEYS.cleanup],
      );
      return Number(held.rows[0].n);
    });
    expect(outcome).toEqual({ ran: true, result: 1 });
    const after = await app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'",
    );
    expect(Number(after.rows[0].n)).toBe(0);
    expect(await runCleanup(app.db)).toEqual({ invitations: [], userRoles: [] });
  });
});

// PGlite has one session (the lock always succeeds there); with TEST_DATABASE_URL this shows what keeps two
// server instances from running one job twice.
const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
onPostgres('skip a run while another instance holds the lock', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const holder = app.db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEYS.cleanup]);
    await held;
  });
  for (let i = 0; i < 100; i++) {
    const { rows } = await app.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted",
      [LOCK_KEYS.cleanup],
    );
    if (Number(rows[0].n) > 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(await runCleanup(app.db)).toBeNull();
  release();
  await holder;
  expect(await runCleanup(app.db)).not.toBeNull();
});
