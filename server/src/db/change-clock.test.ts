import pg from 'pg';
import { mayWrite, WriteClock } from './change-clock.js';
import { freshTestDb, withDatabase } from '../test/template-db.js';
import type { Db } from './types.js';

describe('mayWrite', () => {
  it('counts only plain reads as reads', () => {
    for (const read of [
      'SELECT id FROM users WHERE id = $1',
      '  select s.data, lu.* FROM sessions s LEFT JOIN LATERAL (SELECT u.created_at, u.updated_at FROM users u) lu ON TRUE',
      'EXPLAIN SELECT 1',
      'SELECT pg_advisory_xact_lock($1)',
      // A search's probe and page, one statement.
      'WITH p AS MATERIALIZED (SELECT u.id FROM users u LIMIT 1001), c AS (SELECT count(*)::int AS n FROM p) SELECT c.n FROM c',
      'with recursive r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT n FROM r',
    ])
      expect([read, mayWrite(read)]).toEqual([read, false]);
  });

  it('counts anything that may write as a write, what it cannot tell included', () => {
    for (const write of [
      'INSERT INTO users (sub) VALUES ($1)',
      'update users SET name = $1',
      'DELETE FROM sessions WHERE id = $1',
      'WITH gone AS (DELETE FROM user_roles RETURNING id) SELECT count(*) FROM gone',
      'WITH r AS (SELECT id FROM roles) UPDATE roles SET name = $1 FROM r WHERE roles.id = r.id',
      'WITH n AS (SELECT 1) INSERT INTO sessions (id) SELECT $1 FROM n',
      'SELECT id FROM roles WHERE id = $1 FOR UPDATE',
      "SELECT nextval('users_id_seq')",
      'TRUNCATE sessions',
      'BEGIN',
      'CREATE INDEX x ON users (name)',
    ])
      expect([write, mayWrite(write)]).toEqual([write, true]);
  });
});

describe('the change clock', () => {
  it('reads null while blind, and moves at every change', () => {
    const clock = new WriteClock(false);
    expect(clock.reading).toBeNull();
    clock.see();
    const seeing = clock.reading;
    expect(seeing).not.toBeNull();
    clock.tick();
    expect(clock.reading).not.toBe(seeing);
    clock.blind();
    expect(clock.reading).toBeNull();
    clock.see();
    expect(clock.reading).not.toBeNull();
  });

  describe('over the database', () => {
    let db: Db;
    beforeAll(async () => {
      db = await freshTestDb();
    });
    afterAll(async () => {
      await db.close();
    });

    it('moves after a write and after a transaction, not after a read', async () => {
      const start = db.changes.reading;
      expect(start).not.toBeNull();
      await db.query('SELECT count(*) FROM users', [], { prepare: true });
      expect(db.changes.reading).toBe(start);
      await db.query(
        "INSERT INTO sessions (id, data, expires_at) VALUES ('c1', '{}', now() + interval '1 hour')",
      );
      const afterWrite = db.changes.reading;
      expect(afterWrite).not.toBe(start);
      await db.tx(async (q) => {
        await q.query("DELETE FROM sessions WHERE id = 'c1'");
        // Not before the commit: another request could read what is not committed yet as stale.
        expect(db.changes.reading).toBe(afterWrite);
      });
      expect(db.changes.reading).not.toBe(afterWrite);
    });

    it('moves after a failed write and a rolled back transaction', async () => {
      const start = db.changes.reading;
      await expect(db.query('INSERT INTO sessions (id) VALUES (NULL)')).rejects.toThrow();
      const afterFailure = db.changes.reading;
      expect(afterFailure).not.toBe(start);
      await expect(
        db.tx(async (q) => {
          await q.query("INSERT INTO sessions (id, data, expires_at) VALUES ('c2', '{}', now())");
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      expect(db.changes.reading).not.toBe(afterFailure);
    });

    // Only PostgreSQL has other writers: another connection stands for another instance.
    const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
    async function otherConnection(): Promise<pg.Client> {
      const { rows } = await db.query<{ name: string }>('SELECT current_database() AS name');
      const client = new pg.Client({
        connectionString: withDatabase(process.env.TEST_DATABASE_URL!, rows[0].name),
      });
      await client.connect();
      return client;
    }

    onPostgres("moves when another connection commits a change to a session's tables", async () => {
      const other = await otherConnection();
      try {
        const start = db.changes.reading;
        await other.query("INSERT INTO sessions (id, data, expires_at) VALUES ('c3', '{}', now())");
        await until(() => db.changes.reading !== start);
        expect(db.changes.reading).not.toBeNull();
      } finally {
        await other.end();
      }
    });

    onPostgres("moves when another connection commits a change to a listed invitation's tables", async () => {
      const other = await otherConnection();
      try {
        // The tables whose rows an invitation search page keeps (migration 018), each changed elsewhere.
        for (const table of ['invitations', 'invitation_roles', 'application_usages']) {
          const start = db.changes.reading;
          await other.query(`DELETE FROM ${table} WHERE false`);
          await until(() => db.changes.reading !== start);
        }
      } finally {
        await other.end();
      }
    });

    onPostgres('reads null while its listener is cut off, and sees again once it is back', async () => {
      const other = await otherConnection();
      try {
        await other.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
        );
        await until(() => db.changes.reading === null);
        await until(() => db.changes.reading !== null, 5_000);
        // Listening again: another connection's change is seen.
        const back = db.changes.reading;
        await other.query('UPDATE users SET name = name WHERE false');
        await until(() => db.changes.reading !== back);
      } finally {
        await other.end();
      }
    });
  });
});

async function until(condition: () => boolean, ms = 2_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('The condition did not come true in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
