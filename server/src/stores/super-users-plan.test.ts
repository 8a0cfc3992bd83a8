import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/types.js';
import { buildTestApp } from '../test/helper.js';
import { reconcileSuperUsers } from './authority-grants.store.js';

/**
 * Every start reconciles the super users (plugins/super-users.ts): its statement reads only the users who
 * hold the right, are named or have a grant, never the whole table, which at a hundred times the
 * performance seed kept a server from getting ready (issue 58 item 3). The planner is told not to scan a
 * table where it has another way: a statement with none still scans users.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

it('the start-up reconciliation of super users reads users by index, not whole', async () => {
  let sent: { sql: string; params: readonly unknown[] } | null = null;
  const recorder: Queryable = {
    query: async (sql, params) => {
      sent = { sql, params: params ?? [] };
      return { rows: [], rowCount: 0 };
    },
  };
  await reconcileSuperUsers(recorder, ['urn:collab:person:example.org:admin']);
  const statement = sent!;
  const plan = await app.db.tx(async (q) => {
    await q.query('SET LOCAL enable_seqscan = off');
    const { rows } = await q.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.sql}`, statement.params);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
  expect(plan).not.toMatch(/Seq Scan on users/);
  expect(plan).toMatch(/users_super_users/);
});
