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
  roles: /^SELECT \(SELECT t\.n FROM roles_total t\)::int AS total/,
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
  // The searches with a text: their statements are not among the prepared ones…
  const texts = plans.filter((p) =>
    /lower\(r\.name\) LIKE \$1|lower\(u\.name\) LIKE|user_search_query|::tsquery|to_tsquery/.test(
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

it("a text search past the cap: its count planned for the text, its page's statement prepared and generic", async () => {
  await app.db.query(
    `INSERT INTO users (sub, name, email) SELECT 'urn:test:capped:' || g, 'Capped User ' || g,
            'capped.user' || g || '@example.org' FROM generate_series(1, 1100) g`,
  );
  for (let i = 0; i < CALLS; i++) {
    for (const path of [
      '/api/v1/users/search?query=capped&pageNumber=0&pageSize=10',
      '/api/v1/users/search?query=capped%20user%20107&pageNumber=0&pageSize=10',
    ]) {
      const response = await call(app, s.admin, 'GET', path);
      if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    }
  }
  const plans = await preparedPlans();
  // The capped count of the text's matches is never prepared…
  expect(
    plans.filter((p) => /::tsquery LIMIT 1001/.test(p.statement)).map((p) => p.statement.slice(0, 120)),
  ).toEqual([]);
  // …the page past the cap is, executing its generic plan on every call; and so is the narrow text's page
  // among its matches' ids.
  const pastCap = plans.filter((p) => /walked AS MATERIALIZED/.test(p.statement));
  expect(pastCap.map((p) => ({ custom: p.custom, generic: p.generic }))).toEqual([
    { custom: 0, generic: CALLS },
  ]);
  const amongIds = plans.filter((p) =>
    /= ANY\(\$1::bigint\[\]\) ORDER BY lower\(u\.name\)/.test(p.statement),
  );
  expect(amongIds.map((p) => p.custom)).toEqual([0]);
  expect(amongIds[0].generic).toBeGreaterThanOrEqual(CALLS);
}, 120_000);
