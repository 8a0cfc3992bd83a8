/**
 * Hardening goal: the performance seed (500 roles, 75,000 users) no longer freezes the server. While it
 * runs, its audit trail included (as PUT system/performance-seed runs them), a logged-in user's
 * users/config (session, user, config) keeps being answered within 250 ms.
 */
import type { FastifyInstance } from 'fastify';
import {
  EMAIL_DOMAIN,
  performanceSeed,
  SHORT_NAME_PREFIX,
  SUB_PREFIX,
  type PerformanceSeedProgress,
} from './performance-seed.js';
import { seedAuditTrail } from '../stores/audit.store.js';
import { apiApp, loginPersonas, type Sessions } from '../test/api-kit.js';

let app: FastifyInstance;
let s: Sessions;

beforeAll(async () => {
  app = await apiApp();
  s = await loginPersonas(app);
});
afterAll(() => app.close());

it('answers users/config within 250 ms throughout the performance seed and its audit trail, and reports progress', async () => {
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
  const waits: number[] = [];
  while (seeding) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/v1/users/config', headers: s.manager.headers });
    waits.push(performance.now() - started);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authenticated: true });
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const result = await seed;
  expect(result).toMatchObject({ roles: 500, users: 75_000, userRoles: 37_500, invitations: 75_000 });
  expect(auditLogs).toBe(500 + 37_500 + 75_000);
  expect(waits.length).toBeGreaterThan(20);
  const slowest = Math.max(...waits);
  // eslint-disable-next-line no-console -- the figure the issue asks for, next to the assertion
  console.info(
    `users/config during the seed and its trail: ${waits.length} calls, slowest ${slowest.toFixed(0)} ms, seed ${result.ms} ms`,
  );
  expect(slowest).toBeLessThan(250);
  expect(progress[0]).toMatchObject({ phase: 'clearing' });
  expect(progress.filter((p) => p.phase === 'users').length).toBeGreaterThan(10);
  expect(progress.at(-1)).toEqual({ phase: 'done', done: 75_000, total: 75_000 });
}, 120_000);
