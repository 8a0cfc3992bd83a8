import { PGlite } from '@electric-sql/pglite';
import { dbOverPglite } from './pglite-db.js';
import type { Db } from './types.js';

describe('node-postgres over PGlite (PgliteWire)', () => {
  let pglite: PGlite;
  let db: Db;
  let exchanges: number;
  beforeAll(async () => {
    pglite = await PGlite.create();
    const raw = pglite.execProtocolRawStream.bind(pglite);
    exchanges = 0;
    pglite.execProtocolRawStream = (message, options) => {
      exchanges += 1;
      return raw(message, options);
    };
    db = dbOverPglite(pglite);
    await db.query('CREATE TABLE t (id BIGSERIAL PRIMARY KEY, name TEXT NOT NULL, at TIMESTAMPTZ)');
  });
  afterAll(async () => {
    await db.close();
  });

  it('sends a query with parameters as one exchange and reads its rows and types', async () => {
    exchanges = 0;
    const at = new Date('2026-11-23T10:00:00Z');
    const inserted = await db.query<{ id: number }>(
      'INSERT INTO t (name, at) VALUES ($1, $2), ($3, NULL) RETURNING id',
      ['één', at, 'two'],
    );
    expect(exchanges).toBe(1);
    expect(inserted.rowCount).toBe(2);
    const { rows } = await db.query<{ id: number; name: string; at: Date | null }>(
      'SELECT id, name, at FROM t WHERE id = ANY($1) ORDER BY id',
      [inserted.rows.map((r) => r.id)],
    );
    expect(rows).toEqual([
      { id: inserted.rows[0].id, name: 'één', at },
      { id: inserted.rows[1].id, name: 'two', at: null },
    ]);
  });

  it('prepares a named statement once and then runs it as one exchange', async () => {
    const sql = 'SELECT count(*)::int AS n FROM t WHERE name <> $1';
    await db.query(sql, ['x'], { prepare: true });
    exchanges = 0;
    const { rows } = await db.query<{ n: number }>(sql, ['één'], { prepare: true });
    expect(rows).toEqual([{ n: 1 }]);
    expect(exchanges).toBe(1);
  });

  it('answers an error with PostgreSQL’s code and goes on with the next query', async () => {
    await expect(db.query('INSERT INTO t (name) VALUES ($1)', [null])).rejects.toMatchObject({
      code: '23502',
    });
    await expect(db.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    const { rows } = await db.query<{ one: number }>('SELECT 1 AS one');
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('keeps a transaction together and takes it back on error', async () => {
    await expect(
      db.tx(async (q) => {
        await q.query("INSERT INTO t (name) VALUES ('kept?')");
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    const id = await db.tx(async (q) => {
      const { rows } = await q.query<{ id: number }>("INSERT INTO t (name) VALUES ('kept') RETURNING id");
      return rows[0].id;
    });
    const { rows } = await db.query<{ name: string }>('SELECT name FROM t WHERE name LIKE $1 ORDER BY id', [
      'kept%',
    ]);
    expect(rows).toEqual([{ name: 'kept' }]);
    expect(typeof id).toBe('number');
  });

  it("sends a transaction's BEGIN with its first statement: one exchange fewer, the same transaction", async () => {
    exchanges = 0;
    await db.tx(async (q) => {
      await q.query("INSERT INTO t (name) VALUES ('begun')");
      // Inside the transaction from its first statement: its own write seen, and the insert's transaction
      // id still this statement's (a statement on its own has none until it writes).
      const { rows } = await q.query<{ n: number; inserted: boolean }>(
        "SELECT count(*)::int AS n, pg_current_xact_id_if_assigned() IS NOT NULL AS inserted FROM t WHERE name = 'begun'",
      );
      expect(rows).toEqual([{ n: 1, inserted: true }]);
    });
    // BEGIN with the insert, the select, COMMIT.
    expect(exchanges).toBe(3);
    // A transaction without a statement, one whose first statement fails, and one that throws after it.
    exchanges = 0;
    await db.tx(async () => undefined);
    expect(exchanges).toBe(1);
    await expect(
      db.tx((q) => q.query("INSERT INTO t (name) VALUES ('failed'), (NULL)")),
    ).rejects.toMatchObject({ code: '23502' });
    await expect(
      db.tx(async (q) => {
        await q.query("INSERT INTO t (name) VALUES ('thrown')");
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    const { rows } = await db.query<{ name: string }>(
      "SELECT name FROM t WHERE name IN ('begun', 'failed', 'thrown') ORDER BY id",
    );
    expect(rows).toEqual([{ name: 'begun' }]);
    // Outside a transaction again: a statement is one exchange, in a transaction of its own.
    exchanges = 0;
    const alone = await db.query<{ inserted: boolean }>(
      'SELECT pg_current_xact_id_if_assigned() IS NOT NULL AS inserted',
    );
    expect(alone.rows).toEqual([{ inserted: false }]);
    await db.query("DELETE FROM t WHERE name = 'begun'");
    expect(exchanges).toBe(2);
  });

  it('carries a large answer whole', async () => {
    const { rows } = await db.query<{ s: string }>("SELECT repeat('x', 3000000) AS s");
    expect(rows[0].s.length).toBe(3_000_000);
  });
});
