#!/usr/bin/env node
// The external API's part of the bench alone (`node e2e/bench/external-api-run.mjs`): its own server, the
// performance seed, then external-api.mjs's figures, printed as JSON. `npm run bench` measures the same
// within its API part. BENCH_REQUESTS (default 1000 here) and BENCH_ROUNDS size the member-list runs.
import { ensureBuilt, launchBrowser, loginAs, newContext, startServer } from '../harness/index.mjs';
import { measureApi, seedThroughApi } from './api.mjs';
import { externalApiTarget, measureBulkInvitations, memberListEndpoint } from './external-api.mjs';

await ensureBuilt();
const server = await startServer({
  env: {
    PERFORMANCE_SEED_ALLOWED: 'true',
    BENCH_FLOOR: 'true',
    LOG_LEVEL: 'warn',
    EXTERNAL_API_RATE_LIMIT: '0',
  },
});
try {
  const browser = await launchBrowser();
  const context = await newContext(browser, server.baseUrl);
  await loginAs(await context.newPage(), 'admin');
  const cookie = (await context.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  await browser.close();
  const seed = await seedThroughApi({ baseUrl: server.baseUrl, cookie });
  const target = await externalApiTarget({ baseUrl: server.baseUrl, cookie });
  const memberList = await measureApi({
    baseUrl: server.baseUrl,
    cookie,
    requests: Number(process.env.BENCH_REQUESTS ?? 1000),
    cpuOf: { pid: server.pid, postgres: false },
    tokenEndpoints: memberListEndpoint(target),
    tokenOnly: true,
  });
  const bulkInvitations = await measureBulkInvitations({ baseUrl: server.baseUrl, ...target });
  console.log(JSON.stringify({ seedMs: seed.durationMs, memberList, bulkInvitations }, null, 2));
} finally {
  await server.stop();
}
