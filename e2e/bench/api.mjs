// The API part of the bench: the floor (GET /bench/floor, one primary-key query with no session or
// plugin hook, see server/src/plugins/bench-floor.ts), each endpoint's own limit (GET /api/bench-limit<path>:
// the same route, hooks, session, permission and serialiser sending the endpoint's answer, captured once,
// from memory: server/src/plugins/bench-limits.ts) and each endpoint, driven by the same generator at the
// same concurrency in the same run. Every p95 and CPU per request is given as a ratio to the limit's and
// to the floor's, measured in rounds: a floor run, the limit's, then the endpoint's; each ratio the median
// of the rounds' (measureApi).
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { median } from './load.mjs';
import { startLoadProcess } from './load-process.mjs';

export const CONCURRENCY = 32;
/** A list's p95 (`users/me`, `roles`, a role's members, the audit trail) at most this many times its limit's (issue 58). */
export const FLOOR_RATIO_TARGET = 2;
/** A search's p95 at most this many times its limit's (issue 58: read fresh, without memos). */
export const SEARCH_RATIO_TARGET = 3;

/** The target ratio of an endpoint, by its name. @param {string} name */
export const ratioTarget = (name) => (name.includes('/search') ? SEARCH_RATIO_TARGET : FLOOR_RATIO_TARGET);
/** The audit trail's first page: an absolute target at 8 callers (issue 12). */
export const AUDIT_TARGET_MS = 25;
const AUDIT = 'GET /api/v1/audit-logs (first page)';

// A broad query (every seeded user matches: the worst case for counting) and a narrow one (a few matches).
const SEARCH_QUERIES = ['user', 'perf user 4711'];

/** @param {boolean} searchesOnly @returns {Record<string, string>} */
export function endpointPaths(searchesOnly) {
  /** @type {Record<string, string>} */
  const paths = {};
  if (!searchesOnly) {
    paths['GET /api/v1/users/me'] = '/api/v1/users/me';
    paths['GET /api/v1/roles'] = '/api/v1/roles';
  }
  for (const query of SEARCH_QUERIES)
    paths[`GET /api/v1/users/search?query=${query}`] =
      `/api/v1/users/search?query=${encodeURIComponent(query)}&pageNumber=0&pageSize=10`;
  paths['GET /api/v1/invitations/search'] = '/api/v1/invitations/search?pageNumber=0&pageSize=10';
  // A narrow text: words of an address (of the invitee's, or of the inviter's name or address).
  paths['GET /api/v1/invitations/search?query=perf.user4711'] =
    '/api/v1/invitations/search?query=perf.user4711&pageNumber=0&pageSize=10';
  return paths;
}

/** Rounds per endpoint: each a floor run and, straight after it, the endpoint's run (BENCH_ROUNDS). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** Each figure of a load result, as the median over rounds. @param {Record<string, any>[]} runs */
function medianRun(runs) {
  const pick = (/** @type {string} */ key) => Math.round(median(runs.map((r) => r[key])) * 10) / 10;
  /** @type {Record<string, number>} */
  const statuses = {};
  for (const r of runs)
    for (const [status, count] of Object.entries(r.statuses))
      statuses[status] = (statuses[status] ?? 0) + count;
  return {
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    concurrency: runs[0].concurrency,
    statuses,
    p50: pick('p50'),
    p95: pick('p95'),
    p99: pick('p99'),
    max: Math.max(...runs.map((r) => r.max)),
    rps: Math.round(median(runs.map((r) => r.rps))),
    ...(runs.every((r) => r.cpuUs)
      ? {
          cpuUs: {
            server: Math.round(median(runs.map((r) => r.cpuUs.server))),
            database: Math.round(median(runs.map((r) => r.cpuUs.database))),
            generator: Math.round(median(runs.map((r) => r.cpuUs.generator))),
          },
        }
      : {}),
  };
}

/** CPU per request, all parts together, in µs. @param {Record<string, any>} run */
const cpuTotal = (run) => run.cpuUs.server + run.cpuUs.database + run.cpuUs.generator;

/**
 * Endpoints of the external API measured like the others, with an API token instead of the session
 * (external-api.mjs): name → path, headers and p95 target as a ratio to the floor.
 * @typedef {Record<string, { path: string, headers: Record<string, string>, targetRatio: number }>} TokenEndpoints
 */

/**
 * The load generator runs in a process of its own (load-process.mjs); `cpuOf` names the server's process and
 * whether PostgreSQL runs on this machine, for the CPU per request (cpu.mjs).
 * With `tokenOnly` only the `tokenEndpoints` (and their floor) are measured (external-api.mjs run alone).
 * `leaveOut`: endpoints by name not measured (each answered as left out), such as a search too slow to
 * run thousands of times at a hundred times the volume (BENCH_LEAVE_OUT); their plans are still printed.
 * `only`: the endpoints measured, by name (the others neither measured nor listed).
 * @param {{ baseUrl: string, cookie: string, requests: number, searchesOnly?: boolean, cpuOf?: { pid: number | undefined, postgres: string | false } | null, tokenEndpoints?: TokenEndpoints, tokenOnly?: boolean, leaveOut?: RegExp | null, only?: RegExp | null }} options
 * @returns {Promise<Record<string, unknown>>} name → load result (with ratio and target) or { error }
 */
export async function measureApi({
  baseUrl,
  cookie,
  requests,
  searchesOnly = false,
  cpuOf = null,
  tokenEndpoints = {},
  tokenOnly = false,
  leaveOut = null,
  only = null,
}) {
  const generator = startLoadProcess();
  try {
    return await measureWith(generator, {
      baseUrl,
      cookie,
      requests,
      searchesOnly,
      cpuOf,
      tokenEndpoints,
      tokenOnly,
      leaveOut,
      only,
    });
  } finally {
    await generator.close();
  }
}

/**
 * @param {ReturnType<typeof startLoadProcess>} generator
 * @param {{ baseUrl: string, cookie: string, requests: number, searchesOnly: boolean, cpuOf: { pid: number | undefined, postgres: string | false } | null, tokenEndpoints: TokenEndpoints, tokenOnly: boolean, leaveOut?: RegExp | null, only?: RegExp | null }} options
 */
async function measureWith(
  generator,
  { baseUrl, cookie, requests, searchesOnly, cpuOf, tokenEndpoints, tokenOnly, leaveOut, only },
) {
  const headers = { cookie, accept: 'application/json' };
  const floorHeaders = { accept: 'application/json' };
  /** Paths already measured once: the first run of each is preceded by as many unmeasured requests. */
  const warm = new Set();
  /** @param {string} path @param {number} concurrency @param {Record<string, string>} h */
  const load = async (path, concurrency, h) => {
    // As many unmeasured requests first as measured ones the first time: each route is measured once V8
    // has optimised its code (64 left the first routes measured, the floor among them, at half their
    // steady speed). Later runs open fresh connections: a few hundred requests first.
    const warmup = warm.has(`${path} ${concurrency}`) ? Math.min(requests, 500) : requests;
    warm.add(`${path} ${concurrency}`);
    return generator.run({
      url: `${baseUrl}${path}`,
      headers: h,
      total: requests,
      concurrency,
      warmup,
      cpuOf,
    });
  };
  /**
   * An endpoint against the floor: ROUNDS rounds, each the floor and straight after it the endpoint, at the
   * same concurrency. The ratio is the median of the rounds' ratios: each compares two runs a second or
   * two apart, so what slows the machine for a while (another tenant, a vacuum, a collection) slows both
   * or only one round. p50, p95, p99 and req/s are the medians of the rounds.
   * @param {string} path @param {number} concurrency
   * @param {Record<string, string>} [endpointHeaders] the endpoint's (default: the session's)
   */
  const paired = async (
    path,
    concurrency,
    endpointHeaders = /** @type {Record<string, string>} */ (headers),
  ) => {
    try {
      /** @type {Record<string, any>[]} */
      const floors = [];
      /** @type {Record<string, any>[]} */
      const limits = [];
      /** @type {Record<string, any>[]} */
      const runs = [];
      for (let round = 0; round < ROUNDS; round++) {
        floors.push(await load('/bench/floor', concurrency, floorHeaders));
        limits.push(await load(`/api/bench-limit${path}`, concurrency, endpointHeaders));
        runs.push(await load(path, concurrency, endpointHeaders));
      }
      /** @param {Record<string, any>[]} base */
      const p95Ratios = (base) => runs.map((r, i) => r.p95 / base[i].p95);
      // CPU per request against the base's, all parts together (cpu.mjs): what the p95s come to on a
      // machine the load keeps busy, without their swings.
      /** @param {Record<string, any>[]} base */
      const cpuRatios = (base) =>
        runs.every((r, i) => r.cpuUs && base[i].cpuUs && cpuTotal(base[i]) > 0)
          ? runs.map((r, i) => cpuTotal(r) / cpuTotal(base[i]))
          : null;
      const round2 = (/** @type {number} */ n) => Math.round(n * 100) / 100;
      const ratios = p95Ratios(floors);
      const limitRatios = p95Ratios(limits);
      const cpuFloor = cpuRatios(floors);
      const cpuLimit = cpuRatios(limits);
      const limit = medianRun(limits);
      return {
        floors,
        result: {
          ...medianRun(runs),
          ratio: round2(median(ratios)),
          limitRatio: round2(median(limitRatios)),
          limit: { p95: limit.p95, rps: limit.rps, ...(limit.cpuUs ? { cpuUs: limit.cpuUs } : {}) },
          ...(cpuFloor ? { cpuRatio: round2(median(cpuFloor)) } : {}),
          ...(cpuLimit ? { cpuLimitRatio: round2(median(cpuLimit)) } : {}),
          rounds: runs.map((r, i) => ({
            floorP95: floors[i].p95,
            limitP95: limits[i].p95,
            p95: r.p95,
            ratio: round2(ratios[i]),
            limitRatio: round2(limitRatios[i]),
          })),
        },
      };
    } catch (error) {
      return { floors: [], result: { error: error instanceof Error ? error.message : String(error) } };
    }
  };
  /** @type {Record<string, any>} */
  const api = {};
  /** @type {[string, Record<string, any>][]} */
  const measured = [];
  /** @type {Record<number, Record<string, any>[]>} concurrency → every floor run */
  const floorsAt = { 8: [], [CONCURRENCY]: [] };
  if (!searchesOnly && !tokenOnly) {
    // The audit trail at its own concurrency, against the floor at that concurrency.
    const audit = await paired('/api/v1/audit-logs?pageNumber=0&pageSize=20', 8);
    floorsAt[8].push(...audit.floors);
    measured.push([
      `${AUDIT}, concurrency 8`,
      { ...audit.result, targetMs: AUDIT_TARGET_MS, targetRatio: FLOOR_RATIO_TARGET },
    ]);
  }
  for (const [name, path] of Object.entries(tokenOnly ? {} : endpointPaths(searchesOnly))) {
    if (only && !only.test(name)) continue;
    if (leaveOut?.test(name)) {
      measured.push([name, { error: `left out (BENCH_LEAVE_OUT=${leaveOut.source})` }]);
      continue;
    }
    const endpoint = await paired(path, CONCURRENCY);
    floorsAt[CONCURRENCY].push(...endpoint.floors);
    measured.push([name, { ...endpoint.result, targetRatio: ratioTarget(name) }]);
  }
  for (const [name, { path, headers: tokenHeaders, targetRatio }] of Object.entries(tokenEndpoints)) {
    const endpoint = await paired(path, CONCURRENCY, { ...tokenHeaders, accept: 'application/json' });
    floorsAt[CONCURRENCY].push(...endpoint.floors);
    measured.push([name, { ...endpoint.result, targetRatio }]);
  }
  for (const [concurrency, floors] of Object.entries(floorsAt))
    if (floors.length)
      api[`floor (GET /bench/floor, concurrency ${concurrency}): median of ${floors.length} runs`] = {
        ...medianRun(floors),
        floor: true,
      };
  for (const [name, result] of measured) api[name] = result;
  return api;
}

/**
 * Runs the performance seed through the API as the super user, asking users/config meanwhile.
 * @param {{ baseUrl: string, cookie: string, scale?: number }} options
 */
export async function seedThroughApi({ baseUrl, cookie, scale = 1 }) {
  const csrfResponse = await fetch(`${baseUrl}/api/v1/csrf`, { headers: { cookie } });
  const { token } = /** @type {{ token: string }} */ (await csrfResponse.json());
  const started = performance.now();
  let seeding = true;
  // Through node:http, which waits for the answer as long as it takes: fetch gives up after 300 s without
  // one, and a hundred times the volume takes longer.
  const seeded = put(`${baseUrl}/api/v1/system/performance-seed?scale=${scale}`, {
    cookie,
    'x-csrf-token': token,
    accept: 'application/json',
  }).finally(() => {
    seeding = false;
  });
  // users/config (session, user, config) asked every 50 ms meanwhile: the seed must not hold the server.
  const configTimes = [];
  while (seeding) {
    const asked = performance.now();
    await (await fetch(`${baseUrl}/api/v1/users/config`, { headers: { cookie } })).arrayBuffer();
    configTimes.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const response = await seeded;
  const body = response.body;
  const durationMs = Math.round(performance.now() - started);
  const sorted = [...configTimes].sort((a, b) => a - b);
  const usersConfigMeanwhile = {
    calls: sorted.length,
    medianMs: Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10,
    slowestMs: Math.round(sorted.at(-1) ?? 0),
    targetMs: 250,
  };
  if (!response.ok)
    throw new Error(`PUT /api/v1/system/performance-seed answered ${response.status}: ${body.slice(0, 300)}`);
  /** @type {unknown} */
  let answer = body;
  try {
    answer = JSON.parse(body);
  } catch {
    // not JSON: keep the text
  }
  return { scale, durationMs, status: response.status, answer, usersConfigMeanwhile };
}

/**
 * A PUT without a body, its answer read whole, with no time limit.
 * @param {string} url @param {Record<string, string>} headers
 * @returns {Promise<{ ok: boolean, status: number, body: string }>}
 */
function put(url, headers) {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'PUT', headers }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        resolve({ ok: status >= 200 && status < 300, status, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

/**
 * The plans of the statements each measured endpoint sends (GET /bench/plans, server/src/plugins/bench-plans.ts):
 * endpoint name → its statements, each with its plan (EXPLAIN ANALYZE, BUFFERS) and the tables of more than a
 * thousand rows it reads whole.
 * @param {{ baseUrl: string, cookie: string, searchesOnly?: boolean, extra?: Record<string, string> }} options
 * @returns {Promise<Record<string, unknown>>}
 */
export async function explainEndpoints({ baseUrl, cookie, searchesOnly = false, extra = {} }) {
  /** @type {Record<string, unknown>} */
  const plans = {};
  for (const [name, path] of Object.entries({ ...endpointPaths(searchesOnly), ...extra })) {
    const response = await fetch(`${baseUrl}/bench/plans?path=${encodeURIComponent(path)}`, {
      headers: { cookie, accept: 'application/json' },
    });
    plans[name] = response.ok
      ? await response.json()
      : { error: `${response.status}: ${await response.text()}` };
  }
  return plans;
}
