/**
 * A text search's page past the cap (searched-page.ts textPageStatement): read from the order index while
 * the page lies within its reach, else from the matches sorted, the same page either way.
 */
import { jest } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { COUNT_CAP } from 'shared-auth/rules';
import { performanceSeed } from '../dev/seed/performance-seed.js';
import { apiApp, call, loginPersonas, type Sessions } from '../test/api-kit.js';
import type { Db, Queryable } from '../db/types.js';
import { onApplications, searchUsers } from './user-search.store.js';
import { loadRoleSummariesByIds } from './roles.store.js';

let app: FastifyInstance;
let s: Sessions;
beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
  await performanceSeed(app.db, { roles: 4, users: COUNT_CAP + 20 });
  // Ahead of every match in the name order, more rows than the walk reads for a first page: the page past
  // the cap lies beyond the walk's reach.
  await app.db.query(
    `INSERT INTO users (sub, name, email, schac_home_organization)
     SELECT 'urn:test:ahead:' || g, 'Aaron Ahead ' || g, 'aaron.ahead' || g || '@example.org', 'example.org'
       FROM generate_series(1, 1500) g`,
  );
});
afterAll(() => app.close());

const names = async (url: string) => {
  const res = await call(app, s.admin, 'GET', url);
  expect(res.statusCode).toBe(200);
  const page = res.json() as { content: { name: string }[]; totalElements: number };
  return { names: page.content.map((u) => u.name), total: page.totalElements };
};

describe('a page past the count cap', () => {
  it('is the page whether the order index reaches it (a broad text) or not (matches far into the order)', async () => {
    // 'perf' matches 1,020 users, all after 1,500 that do not: the walk reads 1,000 rows and fills no page.
    expect(await names('/api/v1/users/search?query=perf&pageNumber=0&pageSize=5')).toEqual({
      names: ['Perf User 1', 'Perf User 10', 'Perf User 100', 'Perf User 1000', 'Perf User 1001'],
      total: COUNT_CAP + 1,
    });
    expect(await names('/api/v1/users/search?query=perf&pageNumber=1&pageSize=5')).toEqual({
      names: [1002, 1003, 1004, 1005, 1006].map((n) => `Perf User ${n}`),
      total: COUNT_CAP + 1,
    });
    // Descending, the matches come first: the walk fills the page.
    expect(await names('/api/v1/users/search?query=perf&sortDirection=DESC&pageNumber=0&pageSize=2')).toEqual(
      {
        names: ['Perf User 999', 'Perf User 998'],
        total: COUNT_CAP + 1,
      },
    );
    // A text every user holds in part ('example'): the walk fills the page with the users ahead.
    expect(await names('/api/v1/users/search?query=example&pageNumber=0&pageSize=2')).toEqual({
      names: ['Aaron Ahead 1', 'Aaron Ahead 10'],
      total: COUNT_CAP + 1,
    });
    // The last page of the matches, partly filled (1,020 of them: 5 on page 145 of 7).
    expect(
      await names('/api/v1/users/search?query=perf&sort=name&sortDirection=DESC&pageNumber=145&pageSize=7'),
    ).toEqual({
      names: [1001, 1000, 100, 10, 1].map((n) => `Perf User ${n}`),
      total: COUNT_CAP + 1,
    });
  });
});

describe('the page past the cap, read from all the matches', () => {
  it('reads the matches with their sort key as they come, into no tuple store (no CTE of them)', async () => {
    const statements: { sql: string; params: readonly unknown[] }[] = [];
    // As the database's own handle: its kind chooses how a text search's matches go (searched-page.ts).
    const q: Queryable & Pick<Db, 'kind'> = {
      kind: app.db.kind,
      query: (sql, params, options) => {
        statements.push({ sql, params: params ?? [] });
        return app.db.query(sql, params, options);
      },
    };
    // 'perf' past the cap, its matches beyond the walk's reach: the page comes from all of them, sorted.
    const page = await searchUsers(q, { query: 'perf', pageNumber: 0, pageSize: 3 });
    expect(page.rows.map((row) => row.name)).toEqual(['Perf User 1', 'Perf User 10', 'Perf User 100']);
    const pageStatement = statements.find((st) => /^WITH matches AS MATERIALIZED/.test(st.sql));
    expect(pageStatement).toBeDefined();
    const { rows } = await app.db.query<Record<string, unknown>>(
      `EXPLAIN ${pageStatement!.sql}`,
      pageStatement!.params,
    );
    const plan = rows.map((row) => String(Object.values(row)[0])).join('\n');
    expect(plan).toMatch(/CTE matches/);
    expect(plan).not.toMatch(/CTE Scan on k\b|CTE k\b/);
  });
});

describe("a text search's capped count", () => {
  /** The statements a search sends, with their parameters. */
  async function sent(search: (q: Queryable) => Promise<unknown>) {
    const statements: { sql: string; params: readonly unknown[] }[] = [];
    // As the database's own handle: its kind chooses how a text search's matches go (searched-page.ts).
    const q: Queryable & Pick<Db, 'kind'> = {
      kind: app.db.kind,
      query: (sql, params, options) => {
        statements.push({ sql, params: params ?? [] });
        return app.db.query(sql, params, options);
      },
    };
    return { answer: await search(q), statements };
  }

  it("goes with its values written in: inside the page's one prepared statement on PostgreSQL, first on PGlite", async () => {
    await app.db.query(
      `INSERT INTO users (sub, name, email) VALUES ('urn:test:zoe', 'Zoë O''Neil', 'zoe.oneil@example.org')`,
    );
    const zoeWords = "@@ E'''zoë'' & ''o'' & ( ''neil'' | ''neil'':* )'::tsquery";
    /** The page's statements (prepared, the text a parameter), the matches passed to them, and those sent first. */
    const apart = (statements: { sql: string; params: readonly unknown[] }[]) => {
      const pages = statements.filter((st) => /^WITH matches AS MATERIALIZED/.test(st.sql));
      const inside = pages.flatMap((st) =>
        st.params.filter((v): v is string => typeof v === 'string' && /LIMIT 1001/.test(v)),
      );
      const first = statements.filter((st) => /^SELECT cardinality\(m\.ids\) AS total/.test(st.sql));
      return { pages, inside, first };
    };
    // The function's word query (a letter outside ASCII), quotes and all, written into the matches' statement.
    const zoe = await sent((q) => searchUsers(q, { query: "Zoë O'Neil", pageNumber: 0, pageSize: 10 }));
    expect(zoe.answer).toMatchObject({ total: 1, rows: [{ name: "Zoë O'Neil" }] });
    const { pages, inside, first } = apart(zoe.statements);
    expect(pages).toHaveLength(1);
    expect(pages[0].sql).not.toContain('zoë');
    if (app.db.kind === 'postgres') {
      // One round trip: the matches a parameter of the page's statement, run by search_matches.
      expect(pages[0].sql).toContain('search_matches(');
      expect(inside).toEqual([expect.stringContaining(zoeWords)]);
      expect(first).toEqual([]);
    } else {
      // The matches first, without parameters; the page's statement takes their ids.
      expect(first).toHaveLength(1);
      expect(first[0].params).toEqual([]);
      expect(first[0].sql).toContain(zoeWords);
      expect(pages[0].sql).not.toContain('search_matches(');
    }
    // A scope holding an array (an institution admin's applications): written in as well.
    const scoped = await sent((q) =>
      searchUsers(q, { query: 'perf user 7', pageNumber: 0, pageSize: 10 }, onApplications(['app-wiki'])),
    );
    const written = apart(scoped.statements);
    expect([...written.inside, ...written.first.map((st) => st.sql)]).toEqual([
      expect.stringContaining(`E'{"app-wiki"}'::text[]`),
    ]);
    expect(scoped.answer).toMatchObject({ total: expect.any(Number) });
  });

  it('with a value not written as a literal, finds the matches first with their parameters: the same page', async () => {
    // A role id past 2^53 (the routes refuse one): sent as a parameter, planned for it all the same.
    const huge = await sent((q) =>
      searchUsers(q, { query: 'perf', pageNumber: 0, pageSize: 10, roleId: 2 ** 60 }),
    );
    expect(huge.answer).toEqual({ rows: [], total: 0 });
    // No match: no page's statement.
    expect(huge.statements).toHaveLength(1);
    expect(huge.statements[0].sql).toMatch(/^SELECT cardinality\(m\.ids\) AS total/);
    expect(huge.statements[0].params).toEqual(["'perf' | 'perf':*", 2 ** 60]);
    // With matches, the page's statement takes their count and ids.
    const some = await sent((q) =>
      searchUsers(
        q,
        { query: 'perf user 7', pageNumber: 0, pageSize: 10 },
        { sql: 'u.id < $1', params: [2 ** 60] },
      ),
    );
    expect(some.statements.map((st) => st.sql.slice(0, 30))).toEqual([
      'SELECT cardinality(m.ids) AS t',
      'WITH matches AS MATERIALIZED (',
    ]);
    expect(some.statements[1].sql).toMatch(/SELECT \$\d+::bigint\[\] AS ids, \$\d+::int AS n/);
    expect((some.answer as { rows: unknown[] }).rows.length).toBeGreaterThan(0);
  });
});

describe("an invitation search with a text reads its page's roles in the page's statement", () => {
  /** The statements a call sends through app.db, and its answer. */
  async function statementsOf(path: string) {
    const spy = jest.spyOn(app.db, 'query');
    try {
      const answer = await call(app, s.admin, 'GET', path);
      expect(answer.statusCode).toBe(200);
      return { sql: spy.mock.calls.map(([sql]) => String(sql)), page: answer.json() as InvitationsPage };
    } finally {
      spy.mockRestore();
    }
  }
  type InvitationsPage = {
    totalElements: number;
    content: { email: string; roles: { role: { id: number } & Record<string, unknown> }[] }[];
  };
  /** The page's roles as the route reads them apart (loadRoleSummariesByIds), for the same invitations. */
  async function summariesApart(page: InvitationsPage) {
    const ids = [...new Set(page.content.flatMap((i) => i.roles.map(({ role }) => role.id)))];
    const roles = await loadRoleSummariesByIds(app.db, app.registry, ids);
    return JSON.parse(JSON.stringify(roles)) as unknown[];
  }

  it.each([
    ['under the cap', '/api/v1/invitations/search?query=perf.user1&pageNumber=1&pageSize=7'],
    ['past the cap', '/api/v1/invitations/search?query=perf&pageNumber=2&pageSize=7'],
  ])('%s: no statement of its own, the same role summaries', async (_case, path) => {
    const { sql, page } = await statementsOf(path);
    expect(page.content).toHaveLength(7);
    expect(sql.filter((text) => /FROM roles r WHERE r\.id = ANY/.test(text))).toEqual([]);
    const listed = page.content.flatMap((i) => i.roles.map(({ role }) => role));
    const apart = await summariesApart(page);
    expect(listed.length).toBeGreaterThan(0);
    for (const role of listed) {
      // Each field the answer sends (its schema's), as the summary read apart holds it.
      const summary = apart.find((r) => (r as { id: number }).id === role.id) as Record<string, unknown>;
      expect(Object.keys(role).length).toBeGreaterThan(5);
      for (const key of Object.keys(role))
        expect({ key, value: role[key] }).toEqual({ key, value: summary[key] });
    }
  });

  it('a page past the matches: empty, its roles none', async () => {
    const { page } = await statementsOf(
      '/api/v1/invitations/search?query=perf.user1&pageNumber=50&pageSize=7',
    );
    expect(page.content).toEqual([]);
    expect(page.totalElements).toBeGreaterThan(0);
  });
});
