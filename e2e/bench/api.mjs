// The API part of the bench: the floor (GET /bench/floor, one primary-key query with no session or
// plugin hook, see server/src/plugins/bench-floor.ts) and each endpoint, driven by the same generator at
// the same concurrency in the same run; every p95 is also given as a ratio to the floor's p95 (the floor
// is measured before and after the endpoints, and the faster of the two counts).
import { performance } from 'node:perf_hooks';
import { runLoad } from './load.mjs';

export const CONCURRENCY = 32;
/** p95 of each endpoint at most this many times the floor's p95 (issue 11). */
export const FLOOR_RATIO_TARGET = 2;
/** The audit trail's first page: an absolute target at 8 callers (issue 12). */
export const AUDIT_TARGET_MS = 25;
const AUDIT = 'GET /api/v1/audit-logs (first page)';

// A broad query (every seeded user matches: the worst case for counting) and a narrow one (a few matches).
const SEARCH_QUERIES = ['user', 'perf user 4711'];

/** @param {boolean} searchesOnly @returns {Record<string, string>} */
function endpointPaths(searchesOnly) {
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

/**
 * @param {{ baseUrl: string, cookie: string, requests: number, searchesOnly?: boolean }} options
 * @returns {Promise<Record<string, unknown>>} name → load result (with ratio and target) or { error }
 */
export async function measureApi({ baseUrl, cookie, requests, searchesOnly = false }) {
  const headers = { cookie, accept: 'application/json' };
  /** @param {string} path @param {number} concurrency @param {Record<string, string>} [h] */
  const load = async (path, concurrency, h = headers) => {
    try {
      // As many unmeasured requests first as measured ones: each route is measured once V8 has optimised
      // its code (64 left the first routes measured, the floor among them, at half their steady speed).
      return await runLoad({
        url: `${baseUrl}${path}`,
        headers: h,
        total: requests,
        concurrency,
        warmup: requests,
      });
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  };
  /** @type {Record<string, any>} */
  const api = {};
  // Each floor is measured before and after what is compared to it; the faster of the two (the lower p95)
  // is the base of the ratios: a floor slowed by what ran before it (the seed) would flatter them.
  const floorBefore = await load('/bench/floor', CONCURRENCY, { accept: 'application/json' });
  const withRatio = (/** @type {Record<string, any>} */ r, /** @type {number | null} */ base) =>
    'p95' in r && base ? { ...r, ratio: Math.round((r.p95 / base) * 100) / 100 } : r;
  const fastest = (/** @type {Record<string, any>[]} */ ...floors) => {
    const p95s = floors.filter((f) => 'p95' in f).map((f) => f.p95);
    return p95s.length ? Math.min(...p95s) : null;
  };

  if (!searchesOnly) {
    // The audit trail at its own concurrency, with its own floor at that concurrency.
    const floor8Before = await load('/bench/floor', 8, { accept: 'application/json' });
    const audit = await load('/api/v1/audit-logs?pageNumber=0&pageSize=20', 8);
    const floor8After = await load('/bench/floor', 8, { accept: 'application/json' });
    api['floor (GET /bench/floor, concurrency 8)'] = { ...floor8Before, floor: true };
    api['floor again after the audit trail, concurrency 8'] = { ...floor8After, floor: true };
    api[`${AUDIT}, concurrency 8`] = {
      ...withRatio(audit, fastest(floor8Before, floor8After)),
      targetMs: AUDIT_TARGET_MS,
    };
  }
  /** @type {[string, Record<string, any>][]} */
  const measured = [];
  for (const [name, path] of Object.entries(endpointPaths(searchesOnly))) {
    measured.push([name, await load(path, CONCURRENCY)]);
  }
  const floorAfter = await load('/bench/floor', CONCURRENCY, { accept: 'application/json' });
  api[`floor (GET /bench/floor, concurrency ${CONCURRENCY})`] = { ...floorBefore, floor: true };
  api[`floor again after the endpoints, concurrency ${CONCURRENCY}`] = { ...floorAfter, floor: true };
  const base = fastest(floorBefore, floorAfter);
  for (const [name, result] of measured) {
    api[name] = { ...withRatio(result, base), targetRatio: FLOOR_RATIO_TARGET };
  }
  return api;
}

/**
 * Runs the performance seed through the API as the super user.
 * @param {{ baseUrl: string, cookie: string, scale?: number }} options
 */
export async function seedThroughApi({ baseUrl, cookie, scale = 1 }) {
  const csrfResponse = await fetch(`${baseUrl}/api/v1/csrf`, { headers: { cookie } });
  const { token } = /** @type {{ token: string }} */ (await csrfResponse.json());
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/system/performance-seed?scale=${scale}`, {
    method: 'PUT',
    headers: { cookie, 'x-csrf-token': token, accept: 'application/json' },
  });
  const body = await response.text();
  const durationMs = Math.round(performance.now() - started);
  if (!response.ok)
    throw new Error(`PUT /api/v1/system/performance-seed answered ${response.status}: ${body.slice(0, 300)}`);
  /** @type {unknown} */
  let answer = body;
  try {
    answer = JSON.parse(body);
  } catch {
    // not JSON: keep the text
  }
  return { scale, durationMs, status: response.status, answer };
}
