import {
  analyzedColumns,
  analyzeInParts,
  COLUMNS_PER_ANALYZE,
  WHOLE_UP_TO_BYTES,
} from './analyze-in-parts.js';
import { freshTestDb } from '../test/template-db.js';
import type { Db } from './types.js';

let db: Db;
beforeAll(async () => {
  db = await freshTestDb();
});
afterAll(() => db.close());

/** The table's columns: their names and whether each holds words (tsvector). */
const columnsOf = async (table: string) =>
  (
    await db.query<{ name: string; words: boolean }>(
      `SELECT quote_ident(attname) AS name, atttypid = 'tsvector'::regtype AS words FROM pg_attribute
        WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
      [table],
    )
  ).rows;

describe('a table analysed in parts', () => {
  it.each(['users', 'invitations'])(
    'groups the columns of %s: each once, a word column alone, the others a few at a time',
    async (table) => {
      const groups = await analyzedColumns(db, table);
      const columns = await columnsOf(table);
      expect(groups.flat().sort()).toEqual(columns.map((c) => c.name).sort());
      const words = columns.filter((c) => c.words).map((c) => c.name);
      expect(words.length).toBeGreaterThan(0);
      for (const group of groups) {
        expect(group.length).toBeLessThanOrEqual(COLUMNS_PER_ANALYZE);
        if (group.some((name) => words.includes(name))) expect(group).toHaveLength(1);
      }
      // More than one statement: the whole table's held PGlite's only backend for 280-400 ms.
      expect(groups.length).toBeGreaterThan(2);
    },
  );

  it('takes the statistics of every column of a large table, a few a statement, an oddly named one included', async () => {
    const statements: string[] = [];
    const { missing, bytes } = await db.tx(async (q) => {
      await q.query(
        `CREATE TEMP TABLE wide AS
           SELECT g AS a, g AS b, g AS c, g AS d, g AS e, g AS f, g AS "Odd ""name""", md5(g::text) AS h,
                  to_tsvector('simple', 'word ' || g) AS words
             FROM generate_series(1, 40000) g`,
      );
      const size = await q.query<{ bytes: string }>("SELECT pg_relation_size('wide') AS bytes");
      await analyzeInParts(q, 'wide', (statement) => {
        statements.push(statement);
        return q.query(statement);
      });
      const { rows } = await q.query<{ name: string }>(
        `SELECT a.attname AS name FROM pg_attribute a
          WHERE a.attrelid = 'wide'::regclass AND a.attnum > 0
            AND NOT EXISTS (SELECT 1 FROM pg_statistic s WHERE s.starelid = a.attrelid AND s.staattnum = a.attnum)`,
      );
      await q.query('DROP TABLE wide');
      return { missing: rows, bytes: Number(size.rows[0].bytes) };
    });
    expect(bytes).toBeGreaterThan(WHOLE_UP_TO_BYTES);
    expect(missing).toEqual([]);
    expect(statements).toEqual([
      'ANALYZE wide (words)',
      'ANALYZE wide (a, b, c, d)',
      'ANALYZE wide (e, f, "Odd ""name""", h)',
    ]);
  });

  it("analyses a small table whole, its index's expression with it", async () => {
    const statements: string[] = [];
    const expressions = await db.tx(async (q) => {
      await q.query(
        `CREATE TEMP TABLE narrow AS SELECT g AS id, 'Name ' || g AS name FROM generate_series(1, 2000) g;
         CREATE INDEX narrow_name_order ON narrow (lower(name))`,
      );
      await analyzeInParts(q, 'narrow', (statement) => {
        statements.push(statement);
        return q.query(statement);
      });
      const { rows } = await q.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_statistic WHERE starelid = 'narrow_name_order'::regclass",
      );
      await q.query('DROP TABLE narrow');
      return rows[0].n;
    });
    expect(statements).toEqual(['ANALYZE narrow']);
    expect(expressions).toBe(1);
  });
});
