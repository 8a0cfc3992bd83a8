/**
 * Hardening goal: the performance seed (500 roles, 75,000 users) no longer freezes the server. While it
 * runs, its audit trail included (as PUT system/performance-seed runs them), a logged-in user's
 * users/config (session, user, config) is answered between its batches. The test follows the seed's own
 * progress reports, not the clock: a request sent at one report is answered a few batches later, before
 * the phase it was sent in ends. How fast is the bench's to say (`npm run bench` prints the slowest
 * users/config during the seed, target 250 ms), not a test's.
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

it('answers users/config between the batches of the performance seed, and reports progress', async () => {
  const progress: PerformanceSeedProgress[] = [];
  /** Where the seed was when each users/config was sent and when it was answered. */
  const asked: Promise<{
    sent: PerformanceSeedProgress;
    answered: PerformanceSeedProgress;
    status: number;
  }>[] = [];
  const ask = (sent: PerformanceSeedProgress) =>
    asked.push(
      app.inject({ method: 'GET', url: '/api/v1/users/config', headers: s.manager.headers }).then((res) => {
        expect(res.json()).toMatchObject({ authenticated: true });
        return { sent, answered: progress.at(-1)!, status: res.statusCode };
      }),
    );
  const result = await performanceSeed(app.db, {
    // PGlite's batch on both databases (PostgreSQL's own default is 5,000 users a statement, since each
    // request has a connection of its own there): the reports below count batches of 250.
    batchSize: 250,
    onProgress: (p) => {
      progress.push(p);
      // Sent while the seed works: after the second batch of users, and as the statistics begin.
      if ((p.phase === 'users' && p.done === 500) || p.phase === 'statistics') ask(p);
    },
  });
  const trail = { subPrefix: SUB_PREFIX, shortNamePrefix: SHORT_NAME_PREFIX, emailDomain: EMAIL_DOMAIN };
  // The audit trail next, as PUT system/performance-seed runs it: users/config is answered before it ends.
  let trailDone = false;
  const trailRun = seedAuditTrail(app.db, trail).finally(() => {
    trailDone = true;
  });
  const duringTrail = await app
    .inject({ method: 'GET', url: '/api/v1/users/config', headers: s.manager.headers })
    .then((res) => ({ status: res.statusCode, trailDone }));
  const auditLogs = await trailRun;
  expect(duringTrail).toEqual({ status: 200, trailDone: false });
  expect(result).toMatchObject({ roles: 500, users: 75_000, userRoles: 37_500, invitations: 75_000 });
  expect(auditLogs).toBe(500 + 37_500 + 75_000);

  // Each answered before the seed went on for long: the one sent among the users' 300 batches within
  // them (a seed holding the database would answer it only at its end), the other before the seed was done.
  const answers = await Promise.all(asked);
  expect(answers.map((a) => [a.sent.phase, a.status])).toEqual([
    ['users', 200],
    ['statistics', 200],
  ]);
  expect(answers[0].answered).toMatchObject({ phase: 'users' });
  expect(answers[0].answered.done).toBeLessThan(75_000);
  expect(answers[1].answered.phase).not.toBe('done');

  // The progress: clearing first, then a report per batch of 250 users, done last.
  expect(progress[0]).toMatchObject({ phase: 'clearing' });
  expect(progress.filter((p) => p.phase === 'users')).toHaveLength(300);
  expect(progress.at(-1)).toEqual({ phase: 'done', done: 75_000, total: 75_000 });
}, 120_000);
