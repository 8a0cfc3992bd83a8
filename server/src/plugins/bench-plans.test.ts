import type { FastifyInstance } from 'fastify';
import { apiApp, call, insertRole, loginPersonas, type Sessions } from '../test/api-kit.js';
import { explain, sqlLiteral, wholeTableReads } from './bench-plans.js';

interface Explained {
  status: number;
  statements: { sql: string; prepared: boolean; plan: string[]; wholeTableReads: string[] }[];
}

describe('the bench plans (BENCH_FLOOR=true)', () => {
  let app: FastifyInstance;
  let s: Sessions;
  beforeAll(async () => {
    app = await apiApp({ env: { BENCH_FLOOR: 'true' } });
    s = await loginPersonas(app);
    await insertRole(app, 'Planned role');
  });
  afterAll(() => app.close());

  it("explains every read an endpoint sends, with the caller's own credentials", async () => {
    const response = await call(
      app,
      s.admin,
      'GET',
      `/bench/plans?path=${encodeURIComponent('/api/v1/roles?pageNumber=0&pageSize=10')}`,
    );
    expect(response.statusCode).toBe(200);
    const explained = response.json<Explained>();
    expect(explained.status).toBe(200);
    const list = explained.statements.find((st) => /FROM roles r/.test(st.sql));
    expect(list).toBeDefined();
    expect(list!.prepared).toBe(true);
    expect(list!.plan.join('\n')).toMatch(/Execution Time/);
  });

  it('explains each statement of a text search past the count cap with the values it was sent', async () => {
    await app.db.query(
      `INSERT INTO users (sub, name, email) SELECT 'urn:test:planned:' || g, 'Planned User ' || g,
              'planned.user' || g || '@example.org' FROM generate_series(1, 1100) g`,
    );
    const response = await call(
      app,
      s.admin,
      'GET',
      `/bench/plans?path=${encodeURIComponent('/api/v1/users/search?query=planned&pageNumber=0&pageSize=10')}`,
    );
    expect(response.statusCode).toBe(200);
    const explained = response.json<Explained>();
    // The session; the matches (on PostgreSQL found inside the page's statement and explained apart as the
    // unnamed statement they are; on PGlite sent first), with the text's words written in; and the page's
    // statement, prepared.
    expect(explained.statements.map((st) => st.plan.join('\n').includes('Execution Time'))).toEqual([
      true,
      true,
      true,
    ]);
    const [, matches, page] = explained.statements;
    expect({ matches: matches.prepared, page: page.prepared }).toEqual({ matches: false, page: true });
    expect(matches.sql).toMatch(
      /SELECT ARRAY\(SELECT u\.id FROM users u WHERE .*'planned'.* LIMIT 1001\) AS ids/,
    );
    expect(matches.plan.join('\n')).toMatch(/Seq Scan on users|Bitmap Heap Scan on users/);
    expect(page.sql).toMatch(/^WITH matches AS MATERIALIZED/);
  });
});

describe('how the bench plans a statement', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await apiApp();
  });
  afterAll(() => app.close());

  const settingsAfter = (prepared: boolean) =>
    app.db.tx(async (q) => {
      const plan = await explain(q, { sql: 'SELECT $1::int AS n', params: [1], prepared });
      const { rows } = await q.query<{ mode: string; workers: string }>(
        `SELECT current_setting('plan_cache_mode') AS mode,
                current_setting('max_parallel_workers_per_gather') AS workers`,
      );
      return { explained: plan.join('\n').includes('Execution Time'), ...rows[0] };
    });

  it("a prepared statement as the generic plans' connections plan it: generic, without parallel workers", async () => {
    expect(await settingsAfter(true)).toEqual({ explained: true, mode: 'force_generic_plan', workers: '0' });
  });

  it('an unnamed one for its values, as the other connections plan it', async () => {
    const { explained, mode } = await settingsAfter(false);
    expect({ explained, mode }).toEqual({ explained: true, mode: 'force_custom_plan' });
  });
});

describe('what the bench plans flag', () => {
  it('a sequential scan that read half of a table of more than a thousand rows, not of a small one', () => {
    const rowsOf = new Map([
      ['users', 75_000],
      ['roles', 500],
      ['invitations', 75_000],
    ]);
    const plan = [
      'Limit  (cost=0.00..1.00 rows=10 width=8) (actual time=0.01..9.00 rows=10 loops=1)',
      '  ->  Seq Scan on users u  (cost=0.00..1.00 rows=10 width=8) (actual time=0.01..9.00 rows=10 loops=1)',
      '        Filter: (name ~~ $1)',
      '        Rows Removed by Filter: 74990',
      '  ->  Seq Scan on roles r  (cost=0.00..1.00 rows=500 width=8) (actual time=0.01..1.00 rows=500 loops=1)',
      '  ->  Index Scan using x on invitations  (cost=0.00..1.00 rows=1 width=8) (actual time=0.01..0.02 rows=1 loops=1)',
    ];
    expect(wholeTableReads(plan, rowsOf)).toEqual(['users']);
    // A broad search's scan that stopped at its cap read a sliver of the table.
    const capped = [
      'Limit  (cost=0.00..1.00 rows=1001 width=8) (actual time=0.01..0.50 rows=1001 loops=1)',
      '  ->  Seq Scan on users u  (cost=0.00..1.00 rows=75000 width=8) (actual time=0.01..0.40 rows=1001 loops=1)',
      '        Filter: (search_words @@ $1)',
      '        Rows Removed by Filter: 3',
    ];
    expect(wholeTableReads(capped, rowsOf)).toEqual([]);
    // PGlite's backend writes its counts with two decimals.
    expect(
      wholeTableReads(
        plan.map((line) => line.replace(/rows=(\d+) loops/g, 'rows=$1.00 loops')),
        rowsOf,
      ),
    ).toEqual(['users']);
  });

  it('values as literals', () => {
    expect([null, 3, true, "it's", [1, 2], ['a"b']].map(sqlLiteral)).toEqual([
      'NULL',
      '3',
      'TRUE',
      "'it''s'",
      '\'{"1","2"}\'',
      '\'{"a\\"b"}\'',
    ]);
  });
});
