import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { dbOverPglite, openPglite } from './pglite-db.js';
import { PgliteThread } from './pglite-thread.js';
import { PgliteWire } from './pglite-wire.js';
import type { Db } from './types.js';

describe('PGlite on a thread of its own', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite('memory');
  });
  afterAll(() => db.close());

  it('answers queries with their rows, types and errors as on this thread', async () => {
    await db.query(
      'CREATE TABLE t (id BIGSERIAL PRIMARY KEY, name TEXT NOT NULL UNIQUE, at TIMESTAMPTZ, doc JSONB)',
    );
    const at = new Date('2026-11-24T10:00:00Z');
    const inserted = await db.query<{ id: number }>(
      'INSERT INTO t (name, at, doc) VALUES ($1, $2, $3) RETURNING id',
      ['één', at, JSON.stringify({ roles: [1, 2] })],
    );
    const { rows } = await db.query('SELECT id, name, at, doc FROM t WHERE id = $1', [inserted.rows[0].id], {
      prepare: true,
    });
    expect(rows).toEqual([{ id: inserted.rows[0].id, name: 'één', at, doc: { roles: [1, 2] } }]);
    await expect(db.query('INSERT INTO t (name) VALUES ($1)', ['één'])).rejects.toMatchObject({
      code: '23505',
    });
    // The same answers, byte for byte, as a PGlite on this thread gives.
    const here = dbOverPglite(await PGlite.create());
    try {
      const sql = "SELECT 1::bigint AS a, 'x'::text AS b, now() > '2000-01-01' AS c, '{\"k\":1}'::jsonb AS d";
      expect((await db.query(sql)).rows).toEqual((await here.query(sql)).rows);
    } finally {
      await here.close();
    }
  });

  it('has the extensions of every data dir (pg_trgm)', async () => {
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const { rows } = await db.query<{ s: number }>("SELECT similarity('portal', 'portals') AS s");
    expect(rows[0].s).toBeGreaterThan(0.5);
  });

  it('commits and rolls back transactions', async () => {
    await db.query('CREATE TABLE kept (v TEXT)');
    await db.tx(async (q) => q.query("INSERT INTO kept VALUES ('committed')"));
    await expect(
      db.tx(async (q) => {
        await q.query("INSERT INTO kept VALUES ('rolled back')");
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect((await db.query('SELECT v FROM kept')).rows).toEqual([{ v: 'committed' }]);
  });

  it("keeps this thread's work going while a statement runs", async () => {
    // The statement says it started (a file in the data dir), then waits until this thread answers (another
    // file). On this thread it would hold up the answer for ever: the test passes only if this thread runs
    // while the statement does.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
    const own = await openPglite(dir);
    try {
      const statement = own.query(
        `DO $$ BEGIN
           EXECUTE format('COPY (SELECT 1) TO %L', current_setting('data_directory') || '/started');
           WHILE pg_stat_file('answered', true) IS NULL LOOP PERFORM pg_sleep(0.01); END LOOP;
         END $$`,
      );
      const started = path.join(dir, 'pgdata', 'started');
      while (!fs.existsSync(started)) await new Promise((resolve) => setTimeout(resolve, 5));
      fs.writeFileSync(path.join(dir, 'pgdata', 'answered'), '');
      await statement;
    } finally {
      await own.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs many connections at once, a statement prepared by one serving all', async () => {
    await db.query('CREATE TABLE many (n INT)');
    const sql = 'INSERT INTO many VALUES ($1) RETURNING n';
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, n) => db.query<{ n: number }>(sql, [n], { prepare: true })),
    );
    expect(results.map((r) => r.rows[0].n)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM many', [], {
      prepare: true,
    });
    expect(rows).toEqual([{ n: 40 }]);
  });

  it('plans every prepared statement afresh after a replan, the connections none the wiser', async () => {
    await db.query('CREATE TABLE planned (id INT PRIMARY KEY, v TEXT)');
    await db.query("INSERT INTO planned SELECT g, 'v' || g FROM generate_series(1, 100) g");
    const read = 'SELECT v FROM planned WHERE id = $1';
    const plans = async () =>
      (
        await db.query<{ generic: number; custom: number }>(
          'SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement = $1',
          [read],
        )
      ).rows;
    // Every connection prepares it (the pool's eight, at once) and each runs it a few times.
    for (let round = 0; round < 3; round++)
      await Promise.all(Array.from({ length: 16 }, (_, n) => db.query(read, [n + 1], { prepare: true })));
    const before = await plans();
    expect(before).toHaveLength(1);
    expect(before[0].generic + before[0].custom).toBeGreaterThanOrEqual(48);

    await db.replan!();
    // Gone from the backend: its planning starts over at its next use, by whichever connection.
    expect(await plans()).toEqual([]);
    const after = await Promise.all(
      Array.from({ length: 16 }, (_, n) => db.query<{ v: string }>(read, [n + 1], { prepare: true })),
    );
    expect(after.map((r) => r.rows[0].v)).toEqual(Array.from({ length: 16 }, (_, n) => `v${n + 1}`));
    const again = await plans();
    expect(again).toHaveLength(1);
    expect(again[0].generic + again[0].custom).toBe(16);
    // A statement prepared in the same exchange as its first Bind, and one whose Bind fails, still work.
    await expect(db.query(read, ['not a number'], { prepare: true })).rejects.toMatchObject({
      code: '22P02',
    });
    expect((await db.query<{ v: string }>(read, [7], { prepare: true })).rows).toEqual([{ v: 'v7' }]);
  });

  it('waits for an open transaction before it replans', async () => {
    const read = 'SELECT count(*)::int AS n FROM planned';
    await db.query(read, [], { prepare: true });
    let replanned = false;
    const inside = await db.tx(async (q) => {
      // The transaction is open on the backend from its first statement (its BEGIN goes with it).
      const first = await q.query<{ n: number }>(read, [], { prepare: true });
      const replan = db.replan!().then(() => (replanned = true));
      // The transaction's connection goes on using the statement meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await q.query<{ n: number }>(read, [], { prepare: true });
      expect(replanned).toBe(false);
      return { first: first.rows[0].n, second: second.rows[0].n, replan };
    });
    await inside.replan;
    expect(replanned).toBe(true);
    expect([inside.first, inside.second]).toEqual([100, 100]);
    expect((await db.query<{ n: number }>(read, [], { prepare: true })).rows).toEqual([{ n: 100 }]);
  });
});

describe("PGlite's connections on its thread, around a transaction", () => {
  let thread: PgliteThread;
  let db: Db;
  beforeAll(async () => {
    thread = await PgliteThread.start({ startParams: PGlite.defaultStartParams, waitLimitMs: 400 });
    db = dbOverPglite(thread);
    await db.query('CREATE TABLE notes (v TEXT)');
  });
  afterAll(() => db.close());
  beforeEach(() => db.query('DELETE FROM notes'));

  it('keeps the other connections out of an open transaction: they run after it, not in it', async () => {
    let outside: Promise<unknown> | undefined;
    let outsideDone = false;
    await expect(
      db.tx(async (q) => {
        await q.query("INSERT INTO notes VALUES ('inside')");
        // On another connection: must neither see the insert nor be rolled back with it.
        outside = db.query("INSERT INTO notes VALUES ('outside')").then(() => (outsideDone = true));
        await new Promise((r) => setTimeout(r, 100));
        expect(outsideDone).toBe(false);
        await q.query("INSERT INTO notes VALUES ('inside again')");
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outside;
    expect((await db.query('SELECT v FROM notes')).rows).toEqual([{ v: 'outside' }]);
  });

  it("fails a query that waits too long for another connection's transaction, and goes on after it", async () => {
    await db.tx(async (q) => {
      await q.query("INSERT INTO notes VALUES ('held')");
      // The outer handle inside a transaction: without a limit it would wait for ever.
      await expect(db.query('SELECT 1')).rejects.toThrow(/waited 400 ms for a transaction/);
    });
    expect((await db.query('SELECT v FROM notes')).rows).toEqual([{ v: 'held' }]);
  });

  const connect = async () => {
    const client = new pg.Client({
      stream: () => new PgliteWire(thread),
      user: 'postgres',
      database: 'postgres',
    });
    await client.connect();
    return client;
  };

  it('keeps a named statement that one connection closes (as pg does when binding its values failed)', async () => {
    const text = 'SELECT $1::text AS v';
    const unbindable = {
      toPostgres: () => {
        throw new Error('unbindable');
      },
    };
    const [one, other] = [await connect(), await connect()];
    try {
      await one.query({ name: 'shared', text, values: ['a'] });
      await expect(one.query({ name: 'shared', text, values: [unbindable] })).rejects.toThrow('unbindable');
      // The other connection's Parse of it is answered without the backend, which must still have it.
      expect((await other.query({ name: 'shared', text, values: ['b'] })).rows).toEqual([{ v: 'b' }]);
      expect((await one.query({ name: 'shared', text, values: ['c'] })).rows).toEqual([{ v: 'c' }]);
    } finally {
      await Promise.all([one.end(), other.end()]);
    }
  });

  it('rolls back the transaction of a connection that ends inside it', async () => {
    const client = await connect();
    await client.query('BEGIN');
    await client.query("INSERT INTO notes VALUES ('abandoned')");
    await client.end();
    expect((await db.query('SELECT v FROM notes')).rows).toEqual([]);
  });
});

describe("PGlite's thread choosing among waiting exchanges", () => {
  let db: Db;
  beforeAll(async () => {
    db = dbOverPglite(await PgliteThread.start({ startParams: PGlite.defaultStartParams }));
    await db.query('CREATE SEQUENCE ran');
  });
  afterAll(() => db.close());

  const read = "SELECT nextval('ran')::int AS n, current_setting('plan_cache_mode') AS mode, $1::int AS i";
  type Ran = { n: number; mode: string; i: number };

  it('lets a statement that suits the plan mode pass one that needs it set again, 4 times at most', async () => {
    // Every connection open, the backend in the prepared statements' mode.
    await Promise.all(Array.from({ length: 8 }, (_, i) => db.query(read, [i], { prepare: true })));
    await db.query("SELECT setval('ran', 1, false)");
    // One connection holds the backend while the others' statements come: they wait together.
    const held = db.query('SELECT pg_sleep($1::float8)', [0.5], { prepare: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const unnamed = db.query<Ran>(read, [0]);
    const prepared = Array.from({ length: 6 }, (_, i) => db.query<Ran>(read, [i + 1], { prepare: true }));
    await held;
    const ran = [await unnamed, ...(await Promise.all(prepared))].map((r) => r.rows[0]);
    // The unnamed statement came first; four prepared ones passed it, then it ran, then the other two.
    expect(ran.map((r) => [r.i, r.n])).toEqual([
      [0, 5],
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 6],
      [6, 7],
    ]);
    expect(ran.map((r) => r.mode)).toEqual(['auto', ...Array(6).fill('force_generic_plan')]);
  });

  it('sets no plan mode for a statement without values: it is planned for what it says in either', async () => {
    const mode = 'SELECT current_setting($1::text) AS mode';
    const unnamed = await db.query<{ mode: string }>(mode, ['plan_cache_mode']);
    const withoutValues = await db.query<{ mode: string }>(
      "SELECT current_setting('plan_cache_mode') AS mode",
      [],
      { prepare: true },
    );
    const prepared = await db.query<{ mode: string }>(mode, ['plan_cache_mode'], { prepare: true });
    expect([unnamed, withoutValues, prepared].map((r) => r.rows[0].mode)).toEqual([
      'auto',
      'auto',
      'force_generic_plan',
    ]);
  });
});

describe('PgliteThread', () => {
  it('tells when its thread ends without being closed, and fails every call from then on', async () => {
    let worker!: Worker;
    const lost: Error[] = [];
    const thread = await PgliteThread.start(
      { startParams: PGlite.defaultStartParams },
      { spawn: (file, options) => (worker = new Worker(file, options)), onLost: (error) => lost.push(error) },
    );
    const db = dbOverPglite(thread);
    expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    // What a crash of the database looks like from here.
    await worker.terminate();
    await expect(db.query('SELECT 1')).rejects.toThrow("The embedded database's thread ended");
    await expect(db.query('SELECT 2')).rejects.toThrow("The embedded database's thread ended");
    expect(lost.map((error) => error.message)).toEqual(["The embedded database's thread ended (code 1)"]);
    await db.close();
  });

  it('answers every exchange that came before its close: the connections end without an error', async () => {
    const thread = await PgliteThread.start({ startParams: PGlite.defaultStartParams });
    const db = dbOverPglite(thread);
    await Promise.all(Array.from({ length: 8 }, (_, i) => db.query('SELECT $1::int AS i', [i])));
    const failed: unknown[] = [];
    const onFailure = (error: unknown) => failed.push(error);
    process.on('uncaughtException', onFailure);
    try {
      // The pool's eight connections end (a Terminate each), then the database closes.
      await db.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('uncaughtException', onFailure);
    }
    expect(failed).toEqual([]);
  });

  it('fails a call after the database is closed, and an open that cannot succeed, with a reason', async () => {
    const lost: Error[] = [];
    const thread = await PgliteThread.start(
      { startParams: PGlite.defaultStartParams },
      { onLost: (error) => lost.push(error) },
    );
    await thread.close();
    expect(lost).toEqual([]);
    await expect(thread.exchange(Buffer.from([0]), 0)).rejects.toThrow('The embedded database is closed');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
    try {
      const file = path.join(dir, 'not-a-dir');
      fs.writeFileSync(file, 'x');
      await expect(
        PgliteThread.start({ dataDir: path.join(file, 'pgdata'), startParams: PGlite.defaultStartParams }),
      ).rejects.toThrow('ENOTDIR');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
