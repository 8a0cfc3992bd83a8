/**
 * Hardening goal: the performance seed (500 roles, 75,000 users) no longer freezes the server. While it
 * runs, its audit trail included (as PUT system/performance-seed runs them), a logged-in user's
 * users/config (session, user, config) keeps being answered. How fast is the bench's to say (`npm run
 * bench` prints the slowest users/config during the seed, target 250 ms), not a test's.
 */
import type { FastifyInstance } from 'fastify';
import {
  EMAIL_DOMAIN,
  performanceSeed,
  SHORT_NAME_PREFIX,
  SUB_PREFIX,
  type PerformanceSeedProgress,
} from './performance-seed.js';
import { seedAuditTrail } from '../../stores/audit.store.js';
import { apiApp, loginPersonas, type Sessions } from '../../test/api-kit.js';

let app: FastifyInstance;
let s: Sessions;

beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
});
afterAll(() => app.close());

it('answers users/config throughout the performance seed and its audit trail, and reports progress', async () => {
  const progress: PerformanceSeedProgress[] = [];
  let seeding = true;
  let auditLogs = 0;
  const seed = performanceSeed(app.db, { onProgress: (p) => progress.push(p) })
    .then(async (result) => {
      const trail = { subPrefix: SUB_PREFIX, shortNamePrefix: SHORT_NAME_PREFIX, emailDomain: EMAIL_DOMAIN };
      auditLogs = await seedAuditTrail(app.db, trail);
      return result;
    })
    .finally(() => {
      seeding = false;
    });
  const answered: string[] = [];
  while (seeding) {
    const res = await app.inject({ method: 'GET', url: '/api/v1/users/config', headers: s.manager.headers });
    answered.push(progress.at(-1)?.phase ?? 'not started');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authenticated: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const result = await seed;
  expect(result).toMatchObject({ roles: 500, users: 75_000, userRoles: 37_500, invitations: 75_000 });
  expect(auditLogs).toBe(500 + 37_500 + 75_000);
  // Answered during the seed's phases, not only once it was done: a seed holding the database would let
  // users/config through only at its end.
  expect(answered.length).toBeGreaterThan(20);
  expect(answered.filter((phase) => phase === 'users').length).toBeGreaterThan(5);
  expect(progress[0]).toMatchObject({ phase: 'clearing' });
  expect(progress.filter((p) => p.phase === 'users').length).toBeGreaterThan(10);
  expect(progress.at(-1)).toEqual({ phase: 'done', done: 75_000, total: 75_000 });
}, 120_000);
