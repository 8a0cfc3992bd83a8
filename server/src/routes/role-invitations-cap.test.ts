import type { FastifyInstance } from 'fastify';
import { performanceSeed } from '../dev/seed/performance-seed.js';
import { apiApp, call, loginPersonas, type Sessions } from '../test/api-kit.js';
import { ROLE_INVITATIONS_CAP } from '../stores/invitations.store.js';

// The unpaged list of a role's open invitations answers at most ROLE_INVITATIONS_CAP, newest first: on a
// big role it returned every invitation at once and froze the server.
let app: FastifyInstance;
let s: Sessions;
beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
  await performanceSeed(app.db, { roles: 1, users: ROLE_INVITATIONS_CAP + 10 });
});
afterAll(() => app.close());

it('caps invitations/roles/{id} and keeps the paged search complete', async () => {
  const { rows } = await app.db.query<{ id: number }>(
    "SELECT id FROM roles WHERE short_name = 'perf_role_1'",
  );
  const roleId = rows[0].id;
  const list = await call(app, s.admin, 'GET', `/api/v1/invitations/roles/${roleId}`);
  expect(list.statusCode).toBe(200);
  expect(list.json()).toHaveLength(ROLE_INVITATIONS_CAP);
  const search = await call(app, s.admin, 'GET', `/api/v1/invitations/search?roleId=${roleId}&pageSize=5`);
  expect(search.json().totalElements).toBeGreaterThan(ROLE_INVITATIONS_CAP);
});
