import { jest } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshTestDb } from '../test/template-db.js';
import { migrate } from './migrate.js';
import { PGlite } from '@electric-sql/pglite';
import {
  maintainWhenDue,
  checkpointWhenDue,
  DataDirLockedError,
  dbOverPglite,
  lockDataDir,
  lockSocketPath,
  openPglite,
  PGLITE_EXTENSIONS,
} from './pglite-db.js';
import { PgliteThread } from './pglite-thread.js';
import type { Db } from './types.js';

describe('database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await freshTestDb();
  });
  afterAll(async () => {
    await db.close();
  });

  it("starts every sequential scan at a table's first page, PostgreSQL's and the embedded database's", async () => {
    const setting = async (q: Db) =>
      (await q.query<{ synchronize_seqscans: string }>('SHOW synchronize_seqscans')).rows[0]
        .synchronize_seqscans;
    // This database: PostgreSQL's pool (pool-db.ts) when TEST_DATABASE_URL is set, else a test PGlite.
    if (db.kind === 'postgres') expect(await setting(db)).toBe('off');
    const server = await openPglite('memory');
    try {
      expect(await setting(server)).toBe('off');
    } finally {
      await server.close();
    }
  });

  it('has every migration recorded, and applying them again does nothing', async () => {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(rows[0].name).toBe('001_init.sql');
    expect(await migrate(db)).toEqual([]);
  });

  it('applies a new migration once, in order', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
    fs.writeFileSync(path.join(dir, '900_b.sql'), 'ALTER TABLE probe ADD COLUMN b INT;');
    fs.writeFileSync(path.join(dir, '899_a.sql'), 'CREATE TABLE probe (a INT);');
    try {
      expect(await migrate(db, dir)).toEqual(['899_a.sql', '900_b.sql']);
      expect(await migrate(db, dir)).toEqual([]);
      await db.query('INSERT INTO probe (a, b) VALUES (1, 2)');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a failing migration by name and applies none of the run', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-migrations-'));
    fs.writeFileSync(path.join(dir, '950_ok.sql'), 'CREATE TABLE never_kept (a INT);');
    fs.writeFileSync(path.join(dir, '951_bad.sql'), 'CREATE TABLE oops (;');
    try {
      await expect(migrate(db, dir)).rejects.toThrow(/Migration 951_bad\.sql failed/);
      const { rows } = await db.query("SELECT to_regclass('never_kept') AS t");
      expect(rows[0]).toEqual({ t: null });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('commits a transaction, rolls one back on error, and returns ids as numbers', async () => {
    const id = await db.tx(async (q) => {
      const { rows } = await q.query<{ id: number }>(
        "INSERT INTO users (sub) VALUES ('tx-kept') RETURNING id",
      );
      return rows[0].id;
    });
    expect(typeof id).toBe('number');
    await expect(
      db.tx(async (q) => {
        await q.query("INSERT INTO users (sub) VALUES ('tx-dropped')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query<{ sub: string }>("SELECT sub FROM users WHERE sub LIKE 'tx-%'");
    expect(rows.map((r) => r.sub)).toEqual(['tx-kept']);
  });

  it('keeps the search words of users and invitations with their names and addresses', async () => {
    const finds = async (table: 'users' | 'invitations', id: number, text: string) =>
      (
        await db.query<{ hit: boolean }>(
          `SELECT search_words @@ user_search_query($2) AS hit FROM ${table} WHERE id = $1`,
          [id, text],
        )
      ).rows[0].hit;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO users (sub, name, email, schac_home_organization)
       VALUES ('words-1', 'Jan de Vries', 'j.devries@uni.example', 'uni.example') RETURNING id`,
    );
    const user = rows[0].id;
    expect(await finds('users', user, 'jan de vr')).toBe(true);
    expect(await finds('users', user, 'devries@uni')).toBe(true);
    await db.query(`UPDATE users SET name = 'Janneke Bos', email = 'janneke@elders.example' WHERE id = $1`, [
      user,
    ]);
    expect(await finds('users', user, 'vries')).toBe(false);
    expect(await finds('users', user, 'janneke bos')).toBe(true);
    // Written directly, the words are made again from the name and addresses.
    await db.query(`UPDATE users SET search_words = to_tsvector('simple', 'forged') WHERE id = $1`, [user]);
    expect(await finds('users', user, 'forged')).toBe(false);
    expect(await finds('users', user, 'elders')).toBe(true);

    const invitation = (
      await db.query<{ id: number }>(
        `INSERT INTO invitations (hash, email, intended_authority, expiry_date)
         VALUES ('words-hash-1', 'Piet.Klaassen@school.example', 'GUEST', now() + interval '1 day') RETURNING id`,
      )
    ).rows[0].id;
    expect(await finds('invitations', invitation, 'piet.klaas')).toBe(true);
    await db.query(`UPDATE invitations SET email = 'kees@school.example' WHERE id = $1`, [invitation]);
    expect(await finds('invitations', invitation, 'piet')).toBe(false);
    expect(await finds('invitations', invitation, 'kees@school')).toBe(true);
  });

  it('keeps concurrent transactions apart', async () => {
    const results = await Promise.allSettled([
      db.tx(async (q) => {
        await q.query("INSERT INTO users (sub) VALUES ('concurrent-a')");
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back a');
      }),
      db.tx(async (q) => {
        await q.query("INSERT INTO users (sub) VALUES ('concurrent-b')");
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    const { rows } = await db.query<{ sub: string }>("SELECT sub FROM users WHERE sub LIKE 'concurrent-%'");
    expect(rows.map((r) => r.sub)).toEqual(['concurrent-b']);
  });

  const onPostgres = process.env.TEST_DATABASE_URL ? it : it.skip;
  onPostgres('answers on after the server ended its idle connections, quietly', async () => {
    const warn = jest.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      // Several connections idle in the pool.
      await Promise.all(Array.from({ length: 3 }, () => db.query('SELECT pg_sleep(0.01)')));
      const ended = await db.tx(async (q) => {
        const { rows } = await q.query<{ n: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = current_setting('application_name')
              AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND state = 'idle'`,
        );
        return rows[0].n;
      });
      expect(ended).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The process is still up (an unheard 'error' event would have ended it), and the pool answers.
      const { rows } = await db.query<{ one: number }>('SELECT 1 AS one');
      expect(rows).toEqual([{ one: 1 }]);
      // Not a line per pooled connection: an outage is logged once, by the requests that meet it.
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

describe('checkpoints of the embedded database (PGlite runs no checkpointer)', () => {
  const MB = 2 ** 20;
  const redo = async (q: Db) =>
    (await q.query<{ lsn: string }>('SELECT (pg_control_checkpoint()).redo_lsn::text AS lsn')).rows[0].lsn;
  const walSinceCheckpoint = async (q: Db) =>
    Number(
      (
        await q.query<{ since: string }>(
          'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), (pg_control_checkpoint()).redo_lsn)::bigint AS since',
        )
      ).rows[0].since,
    );
  /** About 3 MB of WAL: 3,000 rows of 1 kB. */
  const writeWal = (q: Db) =>
    q.query(
      'CREATE TABLE IF NOT EXISTS wal_filler (v text); INSERT INTO wal_filler SELECT repeat(md5(g::text), 32) FROM generate_series(1, 3000) g',
    );

  it('checkpoints once enough WAL was written since the last checkpoint, and not before', async () => {
    const pglite = await PGlite.create();
    // A keeper that never ticks during the test: the function is called by hand.
    const db = dbOverPglite(pglite, undefined, {
      afterBytes: 64 * MB,
      everyMs: 3_600_000,
      maintainEveryMs: 3_600_000,
    });
    try {
      await writeWal(db);
      const before = await redo(db);
      expect(await walSinceCheckpoint(db)).toBeGreaterThan(2 * MB);
      expect(await checkpointWhenDue(db, 64 * MB)).toBe(false);
      expect(await redo(db)).toBe(before);
      expect(await checkpointWhenDue(db, 2 * MB)).toBe(true);
      expect(await redo(db)).not.toBe(before);
      expect(await walSinceCheckpoint(db)).toBeLessThan(MB);
      expect(await checkpointWhenDue(db, 2 * MB)).toBe(false);
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM wal_filler')).rows[0].n).toBe(
        3000,
      );
    } finally {
      await db.close();
    }
  });

  it('checkpoints on its own while it runs, and closes cleanly with its timer on', async () => {
    const pglite = await PGlite.create();
    const db = dbOverPglite(pglite, undefined, {
      afterBytes: 2 * MB,
      everyMs: 20,
      maintainEveryMs: 3_600_000,
    });
    try {
      const before = await redo(db);
      await writeWal(db);
      const deadline = Date.now() + 5_000;
      while ((await redo(db)) === before && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await redo(db)).not.toBe(before);
      expect(await walSinceCheckpoint(db)).toBeLessThan(MB);
    } finally {
      await db.close();
    }
    expect(pglite.closed).toBe(true);
  });
});

describe('upkeep of the embedded database (PGlite runs no autovacuum)', () => {
  /** A database whose timers never fire during a test: its upkeep is called by hand. */
  const upkeepByHand = async () =>
    dbOverPglite(await PGlite.create(), undefined, {
      afterBytes: 2 ** 30,
      everyMs: 3_600_000,
      maintainEveryMs: 3_600_000,
    });
  const analysed = async (q: Db, table: string) =>
    (
      await q.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = 'public' AND tablename = $1",
        [table],
      )
    ).rows[0].n > 0;
  /** Rows of about 1 kB: a hundred fill some 13 pages. */
  const fill = (q: Db, table: string, rows: number) =>
    q.query(`INSERT INTO ${table} SELECT g, repeat(md5(g::text), 30) FROM generate_series(1, ${rows}) g`);

  it('vacuums and analyses a table once it has grown by a tenth and stopped growing, not a small one', async () => {
    const db = await upkeepByHand();
    try {
      await db.query('CREATE TABLE grown (id int, v text); CREATE TABLE small (id int, v text)');
      await fill(db, 'grown', 100);
      await fill(db, 'small', 3);
      const sizes = new Map<string, number>();
      // First seen: not known to have stopped growing.
      expect(await maintainWhenDue(db, sizes)).toBeNull();
      expect(await maintainWhenDue(db, sizes)).toBe('public.grown');
      expect(await analysed(db, 'grown')).toBe(true);
      // Every column of it (a small table, analysed in one statement: analyze-in-parts.ts).
      const columns = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = 'public' AND tablename = 'grown'",
      );
      expect(columns.rows[0].n).toBe(2);
      expect(await maintainWhenDue(db, sizes)).toBeNull();
      // Grown by more than a tenth: analysed again once it stays that size.
      await fill(db, 'grown', 50);
      expect(await maintainWhenDue(db, sizes)).toBeNull();
      await fill(db, 'grown', 50);
      expect(await maintainWhenDue(db, sizes)).toBeNull();
      expect(await maintainWhenDue(db, sizes)).toBe('public.grown');
      expect(await maintainWhenDue(db, sizes)).toBeNull();
      expect(await analysed(db, 'small')).toBe(false);
    } finally {
      await db.close();
    }
  });

  it('analyses a large table once, a few columns a statement (analyze-in-parts.ts)', async () => {
    const db = await upkeepByHand();
    try {
      // About 5 MB, over the size analysed whole.
      await db.query('CREATE TABLE large (id int, v text, n bigint, t text)');
      await db.query(
        `INSERT INTO large SELECT g, repeat(md5(g::text), 30), g, md5(g::text) FROM generate_series(1, 5000) g`,
      );
      const sizes = new Map<string, number>();
      expect(await maintainWhenDue(db, sizes)).toBeNull();
      expect(await maintainWhenDue(db, sizes)).toBe('public.large');
      const columns = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stats WHERE schemaname = 'public' AND tablename = 'large'",
      );
      expect(columns.rows[0].n).toBe(4);
      // Analysed once: a list of columns leaves the table's changed rows counted, and each check after
      // found it due again.
      expect(await maintainWhenDue(db, sizes)).toBeNull();
      expect(await maintainWhenDue(db, sizes)).toBeNull();
    } finally {
      await db.close();
    }
  });

  it('vacuums: deleted rows give their space to new ones, and counts read the index alone', async () => {
    const db = await upkeepByHand();
    const pages = async () =>
      (await db.query<{ n: number }>("SELECT (pg_relation_size('churn') / 8192)::int AS n")).rows[0].n;
    /** Two checks: the first sees the table's size, the second that it stopped growing. */
    const maintained = async () => {
      const sizes = new Map<string, number>();
      await maintainWhenDue(db, sizes);
      return maintainWhenDue(db, sizes);
    };
    /** 400 of the 1,200 rows replaced by new ones. */
    const replace = async () => {
      await db.query('DELETE FROM churn WHERE id <= 400');
      await fill(db, 'churn', 400);
    };
    try {
      await db.query('CREATE TABLE churn (id int PRIMARY KEY, v text)');
      await fill(db, 'churn', 1200);
      expect(await maintained()).toBe('public.churn');
      // Every page marked all-visible: a count by the primary key reads no row from the table.
      const visible = await db.query<{ all: boolean }>(
        "SELECT relallvisible = relpages AS all FROM pg_class WHERE relname = 'churn'",
      );
      expect(visible.rows[0].all).toBe(true);
      await db.query('SET enable_seqscan = off; SET enable_bitmapscan = off');
      const plan = await db.query<{ 'QUERY PLAN': string }>(
        'EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM churn WHERE id BETWEEN 1 AND 600',
      );
      await db.query('RESET enable_seqscan; RESET enable_bitmapscan');
      const lines = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(lines).toContain('Index Only Scan');
      expect(lines).toContain('Heap Fetches: 0');
      // A third of the rows replaced again and again, the upkeep's checks between: the table stays near
      // its size. (Never vacuumed, each replacement went after the dead rows: 150 pages became 450.)
      const first = await pages();
      for (let i = 0; i < 6; i++) {
        await replace();
        await maintained();
      }
      expect(await pages()).toBeLessThan(first * 1.6);
    } finally {
      await db.close();
    }
  });

  it('analyses on its own while it runs', async () => {
    const pglite = await PGlite.create();
    const db = dbOverPglite(pglite, undefined, { afterBytes: 2 ** 30, everyMs: 20, maintainEveryMs: 20 });
    try {
      await db.query('CREATE TABLE grown (id int, v text)');
      await fill(db, 'grown', 100);
      const deadline = Date.now() + 5_000;
      while (!(await analysed(db, 'grown')) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await analysed(db, 'grown')).toBe(true);
    } finally {
      await db.close();
    }
  });

  it('plans the prepared statements afresh once it analysed a table (on its own thread)', async () => {
    const thread = await PgliteThread.start({ startParams: PGlite.defaultStartParams });
    const db = dbOverPglite(thread, undefined, { afterBytes: 2 ** 30, everyMs: 20, maintainEveryMs: 20 });
    try {
      await db.query('CREATE TABLE grown (id int, v text)');
      const read = 'SELECT count(*)::int AS n FROM grown WHERE id = $1';
      const prepared = async () =>
        (
          await db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1',
            [read],
          )
        ).rows[0].n;
      await db.query(read, [1], { prepare: true });
      expect(await prepared()).toBe(1);
      await fill(db, 'grown', 100);
      const deadline = Date.now() + 5_000;
      while (!((await analysed(db, 'grown')) && (await prepared()) === 0) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await analysed(db, 'grown')).toBe(true);
      // Dropped once the statistics changed, and prepared again, unseen, at its next use.
      expect(await prepared()).toBe(0);
      expect((await db.query(read, [1], { prepare: true })).rows).toEqual([{ n: 1 }]);
      expect(await prepared()).toBe(1);
    } finally {
      await db.close();
    }
  });
});

describe('data directory lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A process that takes the lock and reports it; killed with SIGKILL by the test. */
  async function holderProcess(): Promise<ChildProcess> {
    const child = spawn(
      process.execPath,
      [
        '-e',
        `const net = require('node:net');
         const server = net.createServer((s) => s.end(String(process.pid)));
         server.listen(${JSON.stringify(lockSocketPath(dir))}, () => console.log('locked'));`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
    return child;
  }

  it('refuses a second server on a data dir while the first one lives', async () => {
    const holder = await holderProcess();
    try {
      await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
      await expect(lockDataDir(dir)).rejects.toThrow(`in use by another server process (pid ${holder.pid})`);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over the lock of a process killed with SIGKILL, whatever pid the lock names', async () => {
    const holder = await holderProcess();
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    // What a container restart leaves: the lock's file, and an old-style pid file naming a live pid.
    expect(fs.existsSync(lockSocketPath(dir))).toBe(true);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(`(pid ${process.pid})`);
    release();
    expect(fs.existsSync(lockSocketPath(dir))).toBe(false);
    const again = await lockDataDir(dir);
    again();
  });

  it('has a committed row in the data dir at once, as a process that dies before closing leaves it', async () => {
    const db = await openPglite(dir);
    await db.query('CREATE TABLE kept (v text)');
    await db.query("INSERT INTO kept VALUES ('committed')");
    // Another PGlite on the same files, while the first is still open and has not closed, checkpointed or
    // synced anything: what it finds is what a kill -9 of the first would leave (written as committed,
    // nothing synced after the exchanges).
    const other = await PGlite.create({ dataDir: path.join(dir, 'pgdata'), extensions: PGLITE_EXTENSIONS });
    try {
      const { rows } = await other.query<{ v: string }>('SELECT v FROM kept');
      expect(rows).toEqual([{ v: 'committed' }]);
    } finally {
      await other.close();
    }
    await db.close();
    const reopened = await openPglite(dir);
    try {
      expect((await reopened.query<{ v: string }>('SELECT v FROM kept')).rows).toEqual([{ v: 'committed' }]);
    } finally {
      await reopened.close();
    }
  });

  it('uses an abstract socket when the data dir path is too long for a socket file', () => {
    expect(lockSocketPath(path.join(dir, 'x'.repeat(120)))).toMatch(/^\0access-portal-[0-9a-f]{32}$/);
  });
});
