#!/usr/bin/env node
// Measures only the API part of e2e/bench/bench.mjs: the built server (npm run build -w server) over an
// in-memory PGlite with the performance seed, logged in as the super user, 500 GETs at concurrency 32 per
// endpoint. Usage: node server/scripts/api-bench.mjs [requests]   (BENCH_ONLY=<substring> picks endpoints)
import { randomBytes } from 'node:crypto';
import { buildApp } from '../dist/app.js';
import { loadConfig } from '../dist/config.js';
import { personaByUsername } from '../dist/dev/idp/personas.js';
import { upsertUserFromClaims } from '../dist/oidc/user-from-claims.js';
import { SESSION_COOKIE, SESSION_IDLE_MS } from '../dist/plugins/session.js';
import { performanceSeed } from '../dist/dev/seed/performance-seed.js';
import { runLoad } from '../../e2e/bench/load.mjs';

const total = Number(process.argv[2] ?? 500);
const config = loadConfig({
  PUBLIC_URL: 'http://127.0.0.1:0',
  DATA_DIR: 'memory',
  LOG_LEVEL: 'silent',
  DEV_IDP: 'true',
  DEV_SEED: 'true',
  CRON_CLEANUP: '0',
  CRON_EXPIRY_NOTIFICATIONS: '0',
});
const app = await buildApp({ config, logger: false });
await app.ready();
const seeded = await performanceSeed(app.db);
const userId = await upsertUserFromClaims(app.db, app.config, personaByUsername('admin').claims);
const sessionId = randomBytes(32).toString('base64url');
await app.db.query('INSERT INTO sessions (id, data, expires_at) VALUES ($1, $2, $3)', [
  sessionId,
  JSON.stringify({ userId, csrfToken: 'x' }),
  new Date(Date.now() + SESSION_IDLE_MS),
]);
const cookie = `${SESSION_COOKIE}=${app.signCookie(sessionId)}`;
const address = await app.listen({ host: '127.0.0.1', port: 0 });
const endpoints = {
  'users/me': '/api/v1/users/me',
  roles: '/api/v1/roles',
  'users/search?query=user': '/api/v1/users/search?query=user&pageNumber=0&pageSize=10',
  'users/search?query=perf user 4711': `/api/v1/users/search?query=${encodeURIComponent('perf user 4711')}&pageNumber=0&pageSize=10`,
  'invitations/search': '/api/v1/invitations/search?pageNumber=0&pageSize=10',
};
process.stdout.write(`seed ${JSON.stringify(seeded)}\n`);
for (const [name, path] of Object.entries(endpoints)) {
  if (process.env.BENCH_ONLY && !name.includes(process.env.BENCH_ONLY)) continue;
  const r = await runLoad({
    url: `${address}${path}`,
    headers: { cookie, accept: 'application/json' },
    total,
    concurrency: 32,
  });
  const f = (n) => Math.round(n);
  process.stdout.write(
    `${name.padEnd(36)} p50 ${f(r.p50)} p95 ${f(r.p95)} p99 ${f(r.p99)} ms  ${f(r.rps)} req/s  ${JSON.stringify(r.statuses)}\n`,
  );
}
await app.close();
