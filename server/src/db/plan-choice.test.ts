import { jest } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { fileRegistry } from '../registry/file-registry.js';
import { addMember, addUser, call, insertRole, loginPersonas, type Sessions } from '../test/api-kit.js';
import { testConfig } from '../test/helper.js';
import { freshTestDb } from '../test/template-db.js';

/**
 * Which statements are planned once for every value (generic) and which for their values on every call
 * (issue 58 item 2), on the database the tests run on (PGlite, or PostgreSQL with TEST_DATABASE_URL): a
 * list without free text is prepared and always executes its generic plan (pool-db.ts PLAN_GENERIC), a
 * search with a text is never prepared (an unnamed statement is planned for the values it is sent with).
 * Left to PostgreSQL, the roles page was planned for its values on every call: its generic plan's
 * estimate, with the page's LIMIT and OFFSET unknown, was dearer than a plan for ten rows.
 */
const CALLS = 8;

let app: FastifyInstance;
let s: Sessions;
let roleId: number;
beforeAll(async () => {
  // One connection a pool: the prepared statements' statistics are a connection's own (on PostgreSQL), so
  // every statement must run on the one this test reads them from.
  const db = await freshTestDb({ connections: 1 });
  app = await buildApp({ registry: fileRegistry(), logger: false, config: testConfig(), db });
  app.addHook('onClose', async () => db.close());
  await app.ready();
  s = await loginPersonas(app);
  for (let i = 0; i < 30; i++) roleId = await insertRole(app, `Planned role ${i}`);
  for (let i = 0; i < 20; i++)
    await addMember(app, await addUser(app, `member${i}@example.org`), roleId, 'GUEST');
});
afterAll(() => app.close());

/** A prepared statement's plans so far: on the prepared statements' connection (prepare: true). */
async function preparedPlans(): Promise<{ statement: string; generic: number; custom: number }[]> {
  const { rows } = await app.db.query<{ statement: string; generic: number; custom: number }>(
    `SELECT statement, generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements
      WHERE statement NOT LIKE '%pg_prepared_statements%'`,
    [],
    { prepare: true },
  );
  return rows;
}

const LISTS = {
  session: /FROM sessions s/,
  roles:
    /^SELECT \(SELECT COALESCE\(sum\(c\.n\), 0\) FROM row_counts c WHERE c\.counted = 'roles'\)::int AS total/,
  members: /^(?!.*LIKE).*FROM user_roles ur JOIN users u ON u\.id = ur\.user_id/,
  users: /FROM users u WHERE TRUE LIMIT/,
  invitations: /FROM invitations i WHERE TRUE LIMIT/,
  auditTrail: /FROM audit_logs +ORDER BY created_at DESC/,
};

it('the lists run prepared, every call on their generic plan; the searches with a text are planned for it', async () => {
  const paths = [
    '/api/v1/users/me',
    '/api/v1/roles',
    `/api/v1/user_roles/search/${roleId}/guests?pageNumber=0&pageSize=10`,
    '/api/v1/users/search?pageNumber=0&pageSize=10',
    '/api/v1/invitations/search?pageNumber=0&pageSize=10',
    '/api/v1/audit-logs?pageNumber=0&pageSize=20',
    // With a text:
    '/api/v1/roles?query=planned&pageNumber=0&pageSize=10',
    `/api/v1/user_roles/search/${roleId}/guests?query=member1&pageNumber=0&pageSize=10`,
    '/api/v1/users/search?query=member1&pageNumber=0&pageSize=10',
    '/api/v1/invitations/search?query=member1&pageNumber=0&pageSize=10',
  ];
  for (let i = 0; i < CALLS; i++) {
    for (const path of paths) {
      const response = await call(app, s.admin, 'GET', path);
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    }
  }
  const plans = await preparedPlans();
  for (const [list, text] of Object.entries(LISTS)) {
    const found = plans.filter((p) => text.test(p.statement.replace(/\s+/g, ' ')));
    expect({ list, statements: found.length }).toEqual({ list, statements: 1 });
    // Generic from the first call on (left to PostgreSQL: custom for the first five at least).
    expect({ list, custom: found[0].custom }).toEqual({ list, custom: 0 });
    expect(found[0].generic).toBeGreaterThanOrEqual(CALLS);
  }
  // The searches with a text: no prepared statement holds a text or the planning of one (a users or an
  // invitation search's page is prepared, its word query a parameter, `$n::tsquery`; its matches are planned
  // for the text inside search_matches, below)…
  const texts = plans.filter((p) =>
    /lower\(r\.name\) LIKE \$1|lower\(u\.name\) LIKE|user_search_query|'::tsquery|to_tsquery|LIMIT 1001\) AS ids/.test(
      p.statement,
    ),
  );
  expect(texts.map((p) => p.statement.slice(0, 120))).toEqual([]);
  // …and a role's members with a text (its own statement, with the LIKE the one without leaves out) ran
  // unnamed: the prepared one counts only the calls without.
  const members = plans.find((p) => LISTS.members.test(p.statement.replace(/\s+/g, ' ')));
  expect(members?.generic).toBe(CALLS);
}, 120_000);

it("a prepared statement runs with the generic setting and an unnamed one with PostgreSQL's own, taking turns", async () => {
  const setting = 'SELECT current_setting($1::text) AS mode';
  for (let i = 0; i < 3; i++) {
    const prepared = await app.db.query<{ mode: string }>(setting, ['plan_cache_mode'], { prepare: true });
    const unnamed = await app.db.query<{ mode: string }>(setting, ['plan_cache_mode']);
    expect([prepared.rows[0].mode, unnamed.rows[0].mode]).toEqual(['force_generic_plan', 'auto']);
  }
  // After a transaction that rolled back (which undoes a setting made in it), the same.
  await app.db
    .tx(async (q) => {
      await q.query(setting, ['plan_cache_mode'], { prepare: true });
      throw new Error('rolled back');
    })
    .catch(() => undefined);
  const prepared = await app.db.query<{ mode: string }>(setting, ['plan_cache_mode'], { prepare: true });
  const unnamed = await app.db.query<{ mode: string }>(setting, ['plan_cache_mode']);
  expect([prepared.rows[0].mode, unnamed.rows[0].mode]).toEqual(['force_generic_plan', 'auto']);
});

it("a text search: its matches planned for the text, its page's statement prepared and generic", async () => {
  await app.db.query(
    `INSERT INTO users (sub, name, email) SELECT 'urn:test:capped:' || g, 'Capped User ' || g,
            'capped.user' || g || '@example.org' FROM generate_series(1, 1100) g`,
  );
  // The planner weighs a text's words by the table's statistics.
  await app.db.query('ANALYZE users');
  const matches: Record<string, string> = {};
  const texts = { broad: 'capped', narrow: 'capped user 107' };
  const spy = jest.spyOn(app.db, 'query');
  try {
    for (let i = 0; i < CALLS; i++) {
      for (const [kind, text] of Object.entries(texts)) {
        const path = `/api/v1/users/search?query=${encodeURIComponent(text)}&pageNumber=0&pageSize=10`;
        spy.mockClear();
        const response = await call(app, s.admin, 'GET', path);
        if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
        const page = spy.mock.calls.filter(([sql]) => /^WITH matches AS MATERIALIZED/.test(String(sql)));
        expect(page.map(([, , options]) => options)).toEqual([{ prepare: true }]);
        // The matches: on PostgreSQL a parameter of the page's statement (search_matches runs them), on
        // PGlite a statement of their own, unnamed, sent first.
        const first = spy.mock.calls.filter(([sql]) =>
          /^SELECT cardinality\(m\.ids\) AS total/.test(String(sql)),
        );
        expect(first.map(([, , options]) => options?.prepare)).toEqual(
          app.db.kind === 'postgres' ? [] : [undefined],
        );
        const inside = (page[0][1] ?? []).filter((value) => /LIMIT 1001/.test(String(value)));
        matches[kind] = String([...inside, ...first.map(([sql]) => sql)][0]);
      }
    }
  } finally {
    spy.mockRestore();
  }
  const plans = await preparedPlans();
  // The users page's statements execute their generic plan on every call: on PostgreSQL one, the same text for
  // both texts (and the first test's); on PGlite one for a page among the matches' ids (the narrow text, and
  // the first test's) and one for a page past the cap (the broad text).
  const page = plans.filter(
    (p) => /^WITH matches AS MATERIALIZED/.test(p.statement) && /FROM users u/.test(p.statement),
  );
  expect(page.map((p) => p.custom)).toEqual(app.db.kind === 'postgres' ? [0] : [0, 0]);
  expect(page.reduce((sum, p) => sum + p.generic, 0)).toBeGreaterThanOrEqual(2 * CALLS);
  if (app.db.kind !== 'postgres')
    expect(page.map((p) => /WHERE u\.id = ANY\(m\.ids\)/.test(p.statement)).sort()).toEqual([false, true]);
  // …and the matches (in search_matches an EXECUTE, planned on every call; on PGlite unnamed) are planned for their text:
  // the planner's estimate of the matches is the text's own (a generic plan's would be one for every text).
  const estimate = async (sql: string) => {
    const plan = (await app.db.query<Record<string, string>>(`EXPLAIN ${sql}`)).rows.map(
      (r) => Object.values(r)[0],
    );
    const limit = plan.find((line) => /Limit/.test(line)) ?? '';
    return Number(/rows=(\d+)/.exec(limit)?.[1]);
  };
  expect(matches.narrow).toContain("''107''");
  expect(await estimate(matches.narrow)).toBeLessThan(20);
  expect(await estimate(matches.broad)).toBe(1001);
}, 120_000);

it('plans with random reads priced as memory, on every connection (pool-db.ts RANDOM_PAGE_COST)', async () => {
  const setting = 'SELECT current_setting($1::text) AS cost';
  const prepared = await app.db.query<{ cost: string }>(setting, ['random_page_cost'], { prepare: true });
  const unnamed = await app.db.query<{ cost: string }>(setting, ['random_page_cost']);
  const inTx = await app.db.tx((q) => q.query<{ cost: string }>(setting, ['random_page_cost']));
  expect([prepared, unnamed, inTx].map((r) => r.rows[0].cost)).toEqual(['1.1', '1.1', '1.1']);
});
