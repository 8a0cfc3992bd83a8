#!/usr/bin/env node
// `npm run bench`: bundle sizes, cold page loads and API latencies of the real console on this machine.
// Prints a table and writes the same figures to bench-results.json at the repository root. It asserts
// nothing: a part that cannot be measured is reported with its error and the rest still runs.
//
// Options: `--scale N` (up to 100) measures the endpoints again (up to ×10 all, above it the searches) after a
// seed of N times the volume (N × 500 roles, N × 75,000 users; on PostgreSQL, on PGlite only with
// BENCH_PGLITE_SCALE=true); `--api-only` skips the
// browser parts, and with BENCH_PGLITE=false also PGlite's API part (PostgreSQL's alone).
// `--console-only` measures the landing and a super user's cold home alone (issue 58 item 5's first two figures).
// BENCH_SCALED_DATABASE_URL: a PostgreSQL database an earlier run seeded at --scale, measured as it is;
// BENCH_LEAVE_OUT: a regular expression of endpoint names not measured at --scale (their plans printed).
// With each API run, the plans of the measured endpoints' statements (bench-plans.ts in the server). BENCH_DATABASE_URL (a PostgreSQL database the bench may wipe; never portal_test) runs the
// API part again on PostgreSQL. BENCH_REFERENCE_URL (a console running elsewhere, such as the reference
// console's own build) or BENCH_REFERENCE_DIST (a reference build's directory, served by the bench on our
// server's API) measures our landing side by side with its landing (reference.mjs).
import { parseArgs } from 'node:util';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  ensureBuilt,
  launchBrowser,
  loginAs,
  newContext,
  ROOT,
  startServer,
  text,
  trackRequests,
} from '../harness/index.mjs';
import { coldLoad, inAppNavigations, REMOTE_SCREENS, summarize } from './page-load.mjs';
import { inviteToMail } from './invite-mail.mjs';
import { landingAgainstReference, serveReferenceBuild } from './reference.mjs';
import { explainEndpoints, measureApi, seedThroughApi } from './api.mjs';
import {
  externalApiTarget,
  measureBulkInvitations,
  measureLimiterFlood,
  memberListEndpoint,
} from './external-api.mjs';
import { cpuReader } from './cpu.mjs';
import { acceptLink, startSmtp } from '../support/smtp.mjs';
import { measureProvisioning } from './provisioning.mjs';
import { printTable } from './report.mjs';
import { bulkResponsivenessLines, measureBulkResponsiveness } from './responsiveness.mjs';

const COLD_LOADS = Number(process.env.BENCH_COLD_LOADS ?? 5);
// Per run, and each endpoint and its floor are run ROUNDS times (api.mjs). 4,000: with fewer (500, and 2,000
// on a fast machine), a run of the floor was so short that one pause decided its p95.
const REQUESTS_PER_ENDPOINT = Number(process.env.BENCH_REQUESTS ?? 4000);
const { values: options } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    'api-only': { type: 'boolean', default: false },
    'console-only': { type: 'boolean', default: false },
  },
});
const SCALE = Number(options.scale);
if (!Number.isInteger(SCALE) || SCALE < 1 || SCALE > 100)
  throw new Error('--scale takes an integer from 1 to 100');
const API_ONLY = options['api-only'] ?? false;
// `--console-only`: the landing and the super user's cold home alone (no seed, no API part, no provisioning).
const CONSOLE_ONLY = options['console-only'] ?? false;
if (API_ONLY && CONSOLE_ONLY) throw new Error('--api-only and --console-only exclude each other');
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
if (DATABASE_URL && /\/portal_test(\?|$)/.test(DATABASE_URL))
  throw new Error('BENCH_DATABASE_URL must not be portal_test: the bench wipes its data');
const INVITEES = Number(process.env.BENCH_INVITEES ?? 100);
/** Endpoints, by name, not measured at --scale (a regular expression): their plans are still printed. */
const LEAVE_OUT = process.env.BENCH_LEAVE_OUT ? new RegExp(process.env.BENCH_LEAVE_OUT) : null;
/** Measured again after the bulk invitations: the invitations' text search alone. */
const AFTER_WRITES_ONLY = /^GET \/api\/v1\/invitations\/search\?query=/;
/** The largest --scale at which every endpoint is measured again, not only the searches. */
const ALL_ENDPOINTS_UP_TO = 10;
/** The audit trail's first page, explained with the endpoints (its load is measured at 8 callers: api.mjs). */
const AUDIT_PLAN = { 'GET /api/v1/audit-logs (first page)': '/api/v1/audit-logs?pageNumber=0&pageSize=20' };

/** @type {Record<string, unknown>} */
const results = {
  startedAt: new Date().toISOString(),
  machine: {
    node: process.version,
    platform: process.platform,
    cpus: (await import('node:os')).cpus().length,
  },
};

/**
 * Runs one part; an error is recorded instead of stopping the benchmark.
 * @template T
 * @param {string} name
 * @param {() => Promise<T>} part
 * @returns {Promise<T | undefined>}
 */
async function measure(name, part) {
  try {
    const value = await part();
    results[name] = value;
    return value;
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n').slice(0, 6).join('\n') : String(error);
    results[name] = { error: message };
    process.stderr.write(`bench: ${name} could not be measured: ${message}\n`);
    return undefined;
  }
}

const landingReady = (/** @type {import('playwright-core').Page} */ page) =>
  page
    .getByRole('button', { name: text('shared-ui', 'header.login') })
    .or(page.getByRole('link', { name: text('shared-ui', 'header.login') }));
// Home's main content: the active tab's panel, done loading, showing data (a table cell) or its text.
const homeReady = (/** @type {import('playwright-core').Page} */ page) =>
  page
    .getByRole('tabpanel')
    .filter({ hasNot: page.getByText(text('shared-ui', 'loader.loading'), { exact: true }) })
    .filter({ has: page.getByRole('cell').or(page.getByRole('paragraph')) });

// The audit trail's first page: a data cell of its table.
const auditReady = (/** @type {import('playwright-core').Page} */ page) =>
  page.getByRole('table').getByRole('cell');

// The same three conditions in the page's own terms, checked at every frame (see coldLoad): run in the
// page, so each is self-contained; each answers the page's clock once it holds. Visible: laid out, not
// hidden by visibility or opacity.
const landingSeen = {
  check: (/** @type {string} */ label) =>
    Array.from(document.querySelectorAll('button, a')).some(
      (e) =>
        (e.textContent ?? '').toLowerCase().includes(label.toLowerCase()) &&
        e.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
    ) && performance.now(),
  arg: text('shared-ui', 'header.login'),
};
const homeSeen = {
  check: (/** @type {string} */ loading) =>
    Array.from(document.querySelectorAll('[role=tabpanel]')).some(
      (panel) =>
        panel.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
        panel.querySelector('td, [role=cell], p') !== null &&
        !Array.from(panel.querySelectorAll('*')).some((e) => (e.textContent ?? '').trim() === loading),
    ) && performance.now(),
  arg: text('shared-ui', 'loader.loading'),
};
/** A heading "<title> (<count>)": a paged list with its total (the role page's members). */
const countedHeadingSeen = (/** @type {string} */ title) => ({
  check: (/** @type {string} */ heading) =>
    Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]')).some(
      (e) =>
        (e.textContent ?? '').trim().startsWith(`${heading} (`) &&
        /\(\d+\)$/.test((e.textContent ?? '').trim()) &&
        e.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
    ) && performance.now(),
  arg: title,
});
const auditSeen = {
  check: () =>
    Array.from(document.querySelectorAll('table td, table [role=cell]')).some((e) =>
      e.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
    ) && performance.now(),
};

const buildStarted = performance.now();
await ensureBuilt();
results.buildCheckMs = Math.round(performance.now() - buildStarted);
// A real SMTP server in this process: the invitation mails go there, and their arrival is timed.
const smtp = await startSmtp();
const BENCH_ENV = {
  PERFORMANCE_SEED_ALLOWED: 'true',
  SMTP_URL: smtp.url,
  BENCH_FLOOR: 'true',
  LOG_LEVEL: 'warn',
  // The load runs thousands of token calls a minute: no rate limit (external-api.mjs).
  EXTERNAL_API_RATE_LIMIT: '0',
};
const server = await startServer({ env: BENCH_ENV });
const browser = await launchBrowser();

/** The super user's session cookie on a server, through the dev IdP in a browser. @param {string} baseUrl */
async function superUserSession(baseUrl) {
  const context = await newContext(browser, baseUrl);
  const page = await context.newPage();
  trackRequests(page);
  await loginAs(page, 'admin');
  const storageState = await context.storageState();
  await context.close();
  const cookie = storageState.cookies
    .filter((c) => new URL(baseUrl).hostname === c.domain.replace(/^\./, ''))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  return { storageState, cookie };
}

/**
 * The landing page: cold loads, and the gzip size of what the shell's first load is made of.
 * @param {string} baseUrl
 */
async function measureLanding(baseUrl) {
  await measure('landing', async () => {
    const loads = [];
    for (let i = 0; i < COLD_LOADS; i++)
      loads.push(await coldLoad(browser, baseUrl, '/', landingReady, { seenInPage: landingSeen }));
    const first = loads[0].resources.filter((r) => ['document', 'script', 'stylesheet'].includes(r.type));
    return {
      ...summarize(loads),
      shellFirstLoad: {
        files: first.map((r) => ({
          url: new URL(r.url).pathname,
          type: r.type,
          bytes: r.decoded,
          gzip: r.gzip,
        })),
        gzipTotal: first.reduce((sum, r) => sum + r.gzip, 0),
        bytesTotal: first.reduce((sum, r) => sum + r.decoded, 0),
      },
    };
  });
}

/**
 * A super user's home, cold (a fresh context with the session's cookie, no cache).
 * @param {string} baseUrl
 * @param {Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>} storageState
 */
async function measureHome(baseUrl, storageState) {
  await measure('homeSuperUser', async () => {
    const loads = [];
    for (let i = 0; i < COLD_LOADS; i++)
      loads.push(
        await coldLoad(browser, baseUrl, '/home', homeReady, { storageState, seenInPage: homeSeen }),
      );
    return summarize(loads);
  });
}

results.apiOnly = API_ONLY;
results.consoleOnly = CONSOLE_ONLY;
/** @type {Record<string, unknown>[]} one entry per database and volume */
const apiRuns = [];
results.api = apiRuns;
/** The database's name in a PostgreSQL connection URL. @param {string | undefined} url */
function databaseName(url) {
  return url ? decodeURIComponent(new URL(url).pathname.slice(1)) : '';
}

/**
 * The API part on one server: the seed at scale 1, every endpoint; then, at `--scale`, the seed again and
 * the searches. `before` runs between the first seed and the measurement (the browser parts need the seed).
 * @param {string} database @param {{ baseUrl: string, pid: number | undefined }} target the server
 * @param {string} cookie @param {() => Promise<void>} [before]
 */
async function apiPart(database, { baseUrl, pid }, cookie, before) {
  // CPU per request: the server's process, and PostgreSQL's backends of its database when that is the
  // database (cpu.mjs).
  const cpuOf = { pid, postgres: database === 'PostgreSQL' && databaseName(DATABASE_URL) };
  /** @type {Record<string, unknown>} */
  const run = { database, scale: 1 };
  apiRuns.push(run);
  try {
    run.seed = await seedThroughApi({ baseUrl, cookie });
    if (before) await before();
    const external = await externalApiTarget({ baseUrl, cookie });
    run.endpoints = await measureApi({
      baseUrl,
      cookie,
      requests: REQUESTS_PER_ENDPOINT,
      cpuOf,
      tokenEndpoints: memberListEndpoint(external),
    });
    run.plans = await explainEndpoints({ baseUrl, cookie, extra: AUDIT_PLAN });
    run.bulkInvitations = await measureBulkInvitations({ baseUrl, ...external });
    run.bulkResponsiveness = await measureBulkResponsiveness({ baseUrl, cookie, ...external });
    // The invitations' text search again, after those bulk invitations (3,000, none vacuumed since the
    // seed's last vacuum): what rows added since cost a search by the word indexes (each with a pending
    // list of at most 64 kB that every search reads whole, migrations 047 and 049).
    apiRuns.push({
      database,
      scale: 1,
      afterWrites: 'after the bulk invitations above (no vacuum since)',
      endpoints: await measureApi({
        baseUrl,
        cookie,
        requests: REQUESTS_PER_ENDPOINT,
        searchesOnly: true,
        cpuOf,
        only: AFTER_WRITES_ONLY,
      }),
    });
    // The external API's limit under a flood, on a second server over the same database with the limit on
    // (PostgreSQL only: a PGlite database lives in one server's process).
    // What fails here is reported with the flood, and the figures above are kept.
    if (database === 'PostgreSQL' && DATABASE_URL) {
      /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
      let limited;
      try {
        limited = await startServer({ env: { ...BENCH_ENV, DATABASE_URL, EXTERNAL_API_RATE_LIMIT: '600' } });
        run.limiterFlood = await measureLimiterFlood({
          baseUrl: limited.baseUrl,
          token: external.token,
          cpu: cpuReader({ pid: limited.pid, postgres: cpuOf.postgres }),
        });
      } catch (error) {
        run.limiterFlood = { error: error instanceof Error ? error.message : String(error) };
      } finally {
        await limited?.stop();
      }
    }
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
    return;
  }
  if (SCALE === 1) return;
  /** @type {Record<string, unknown>} */
  const scaled = { database, scale: SCALE };
  apiRuns.push(scaled);
  if (database === 'PGlite' && process.env.BENCH_PGLITE_SCALE !== 'true') {
    scaled.skipped = `PGlite keeps ${SCALE * 75_000} users in the server process's memory: skipped (BENCH_PGLITE_SCALE=true to run it anyway)`;
    return;
  }
  // A database seeded at --scale by an earlier run (BENCH_SCALED_DATABASE_URL, PostgreSQL): measured on a
  // server of its own, without seeding it again (at ×100 the seed takes tens of minutes).
  const seeded = database === 'PostgreSQL' ? process.env.BENCH_SCALED_DATABASE_URL : undefined;
  /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
  let own;
  try {
    let target = { baseUrl, pid, cookie };
    if (seeded) {
      // A new migration on the ×100 database may take minutes: not a start that hangs (startServer).
      own = await startServer({ env: { ...BENCH_ENV, DATABASE_URL: seeded }, startTimeoutMs: 900_000 });
      target = { ...own, cookie: (await superUserSession(own.baseUrl)).cookie };
      scaled.seed = { skipped: `seeded at ×${SCALE} earlier (BENCH_SCALED_DATABASE_URL): not seeded again` };
    } else scaled.seed = await seedThroughApi({ baseUrl, cookie, scale: SCALE });
    // Up to ×10 every endpoint is measured again (issue 58: lists and searches against their limits at ×1
    // and ×10); above it the searches alone (at ×100 a run of every endpoint would take hours).
    const searchesOnly = SCALE > ALL_ENDPOINTS_UP_TO;
    const tokenEndpoints = searchesOnly
      ? {}
      : memberListEndpoint(await externalApiTarget({ baseUrl: target.baseUrl, cookie: target.cookie }));
    scaled.endpoints = await measureApi({
      baseUrl: target.baseUrl,
      cookie: target.cookie,
      requests: REQUESTS_PER_ENDPOINT,
      searchesOnly,
      cpuOf: {
        pid: target.pid,
        postgres: cpuOf.postgres && (seeded ? databaseName(seeded) : cpuOf.postgres),
      },
      tokenEndpoints,
      leaveOut: LEAVE_OUT,
    });
    scaled.plans = await explainEndpoints({
      baseUrl: target.baseUrl,
      cookie: target.cookie,
      searchesOnly,
      ...(searchesOnly ? {} : { extra: AUDIT_PLAN }),
    });
  } catch (error) {
    scaled.error = error instanceof Error ? error.message : String(error);
  } finally {
    await own?.stop();
  }
}

try {
  const { baseUrl } = server;
  if (API_ONLY && process.env.BENCH_PGLITE === 'false') {
    results.performanceSeed = { error: 'PGlite left out (BENCH_PGLITE=false)' };
  } else if (API_ONLY) {
    const { cookie } = await superUserSession(baseUrl);
    await apiPart('PGlite', server, cookie);
    results.performanceSeed = apiRuns[0]?.seed ?? { error: apiRuns[0]?.error };
  } else if (CONSOLE_ONLY) {
    await measureLanding(baseUrl);
    await measureHome(baseUrl, (await superUserSession(baseUrl)).storageState);
  } else {
    await measureLanding(baseUrl);

    // Side by side with another console's landing, when one is named.
    if (process.env.BENCH_REFERENCE_URL || process.env.BENCH_REFERENCE_DIST) {
      await measure('landingReference', async () => {
        const served = process.env.BENCH_REFERENCE_URL
          ? null
          : await serveReferenceBuild({ dist: String(process.env.BENCH_REFERENCE_DIST), apiUrl: baseUrl });
        try {
          const side = await landingAgainstReference({
            browser,
            baseUrl,
            referenceUrl: served?.url ?? String(process.env.BENCH_REFERENCE_URL),
            runs: COLD_LOADS,
            ours: { ready: landingReady, seenInPage: landingSeen },
            readyText: process.env.BENCH_REFERENCE_READY,
          });
          return served ? { ...side, referenceBuild: process.env.BENCH_REFERENCE_DIST } : side;
        } finally {
          await served?.close();
        }
      });
    }

    // Log in once as the super user; later cold contexts reuse the session cookie (but not the cache).
    const { storageState, cookie } = await superUserSession(baseUrl);

    await measureHome(baseUrl, storageState);

    // Each remote: its manifest, remoteEntry.js and the chunks of its first screen, as the browser fetched them.
    await measure('remotes', async () => {
      /** @type {Record<string, unknown>} */
      const remotes = {};
      for (const [id, path] of Object.entries(REMOTE_SCREENS)) {
        const load = await coldLoad(browser, baseUrl, path, (page) => page.getByRole('main'), {
          storageState,
          settleMs: 2500,
        });
        const files = load.resources.filter((r) => new URL(r.url).pathname.startsWith(`/remotes/${id}/`));
        const kind = (/** @type {string} */ url) =>
          url.endsWith('/mf-manifest.json')
            ? 'manifest'
            : url.endsWith('/remoteEntry.js')
              ? 'remoteEntry'
              : 'chunk';
        remotes[id] = {
          screen: path,
          files: files.map((r) => ({
            url: new URL(r.url).pathname,
            kind: kind(r.url),
            bytes: r.decoded,
            gzip: r.gzip,
          })),
          manifestGzip: files.filter((r) => kind(r.url) === 'manifest').reduce((s, r) => s + r.gzip, 0),
          remoteEntryGzip: files.filter((r) => kind(r.url) === 'remoteEntry').reduce((s, r) => s + r.gzip, 0),
          chunksGzip: files.filter((r) => kind(r.url) === 'chunk').reduce((s, r) => s + r.gzip, 0),
          gzipTotal: files.reduce((s, r) => s + r.gzip, 0),
        };
      }
      return remotes;
    });

    // From "Invite" on the invitation form to the mails' arrival, for 100 invitees (before the seed fills
    // the database: this is the mail path, not a database under load).
    await measure('inviteToMail', () => inviteToMail(browser, baseUrl, storageState, smtp, INVITEES));

    // The performance seed (through the API), then the role page, the API part and the audit trail page.
    await apiPart('PGlite', server, cookie, async () => {
      // The role page at the performance seed's volume (a seeded role with its members), as the super user:
      // cold loads of /roles/{id}, and in-app navigations from the roles tab (a click on the role's row) to its
      // guests list showing with its count — the "role page ready after navigation" figure.
      await measure('rolePage', async () => {
        const name = 'Performance role 1';
        const answer = await fetch(
          `${baseUrl}/api/v1/roles?query=${encodeURIComponent(name)}&pageNumber=0&pageSize=50`,
          { headers: { cookie, accept: 'application/json' } },
        );
        const { content } =
          /** @type {{ content: { id: number, name: string, userRoleCount?: number }[] }} */ (
            await answer.json()
          );
        const role = content.find((r) => r.name === name);
        if (!role)
          throw new Error(`the seeded role "${name}" was not found (GET roles answered ${answer.status})`);
        const membersShown = (/** @type {import('playwright-core').Page} */ page) =>
          page.getByRole('heading', { name: new RegExp(`^${text('roles', 'guestsTitle')} \\(\\d+\\)$`) });
        const membersSeen = countedHeadingSeen(text('roles', 'guestsTitle'));

        const loads = [];
        for (let i = 0; i < COLD_LOADS; i++)
          loads.push(
            await coldLoad(browser, baseUrl, `/roles/${role.id}`, membersShown, {
              storageState,
              seenInPage: membersSeen,
            }),
          );

        const navigation = await inAppNavigations(browser, baseUrl, storageState, {
          from: '/home/roles',
          runs: COLD_LOADS,
          target: async (page) => {
            await page.getByRole('searchbox').fill(name);
            return page.getByRole('cell', { name, exact: true });
          },
          ready: membersShown,
          seenInPage: membersSeen,
        });
        return {
          path: '/roles/{id}',
          members: role.userRoleCount ?? null,
          coldLoad: summarize(loads),
          ...navigation,
          targetMs: 300,
        };
      });
    });
    results.performanceSeed = apiRuns[0]?.seed ?? { error: apiRuns[0]?.error };

    // The audit trail page (super user): navigation to its first rows, cold.
    await measure('auditTrail', async () => {
      const loads = [];
      for (let i = 0; i < COLD_LOADS; i++)
        loads.push(
          await coldLoad(browser, baseUrl, '/audit-logs', auditReady, {
            storageState,
            seenInPage: auditSeen,
          }),
        );
      return summarize(loads);
    });
    // …and in-app: from the system area, a click on its "Audit trail" link to the first rows (issue 12's
    // "ready ≤ 300 ms after navigation"); the first click also loads the page's chunk.
    await measure('auditTrailNavigation', async () => ({
      from: '/system',
      ...(await inAppNavigations(browser, baseUrl, storageState, {
        from: '/system',
        runs: COLD_LOADS,
        target: async (page) => page.getByRole('link', { name: text('system', 'audit.title'), exact: true }),
        ready: (page) => auditReady(page).first(),
        seenInPage: auditSeen,
      })),
      targetMs: 300,
    }));
  }
  await server.stop();

  // The API part again on PostgreSQL, in a server of its own over BENCH_DATABASE_URL.
  if (DATABASE_URL && !CONSOLE_ONLY) {
    /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
    let pgServer;
    try {
      // The bench's PostgreSQL database may be one left at a larger scale: its migrations may take minutes.
      pgServer = await startServer({ env: { ...BENCH_ENV, DATABASE_URL }, startTimeoutMs: 900_000 });
      const { cookie } = await superUserSession(pgServer.baseUrl);
      await apiPart('PostgreSQL', pgServer, cookie);
    } catch (error) {
      // A server that cannot start (PostgreSQL not running) is reported; what PGlite measured is kept.
      const message =
        error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error);
      apiRuns.push({ database: 'PostgreSQL', scale: 1, error: message });
      process.stderr.write(`bench: PostgreSQL could not be measured: ${message}\n`);
    } finally {
      await pgServer?.stop();
    }
  }
  // Provisioning (issue 41), on a server of its own with a SCIM service provider in this process.
  if (process.env.BENCH_PROVISIONING !== 'false' && !CONSOLE_ONLY) {
    results.provisioning = await measureProvisioning({ smtp, smtpUrl: smtp.url, acceptLink }).catch(
      (/** @type {unknown} */ error) => ({ error: error instanceof Error ? error.message : String(error) }),
    );
  }
} finally {
  await browser.close();
  await server.stop();
  await smtp.close();
}

results.finishedAt = new Date().toISOString();
writeFileSync(join(ROOT, 'bench-results.json'), `${JSON.stringify(results, null, 2)}\n`);
printTable(results);
for (const run of apiRuns) {
  for (const line of bulkResponsivenessLines(/** @type {any} */ (run).bulkResponsiveness))
    process.stdout.write(`\nAPI on ${run.database}: ${line}\n`);
}
process.stdout.write(`\nwritten to ${join(ROOT, 'bench-results.json')}\n`);
