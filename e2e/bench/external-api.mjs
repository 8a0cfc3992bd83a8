// The external API in the bench (issue 40): a super-user token made through the console's API, then
//  - a role's member list at the performance seed's volume (GET /api/external/v1/user_roles/roles/{id}),
//    measured like every endpoint at concurrency 32 against the floor (api.mjs, `tokenEndpoints`);
//  - 100 invitations in one call (POST /api/external/v1/invitations with suppressSendingEmails), one call
//    after another, BENCH_EXTERNAL_CALLS times (20): p50 / p95 / max, and per invitation, beside the
//    floor's p95 over as many sequential calls.
//  - the limit itself under a flood of one token's calls (measureLimiterFlood), on a server of its own.
// The bench's server runs with EXTERNAL_API_RATE_LIMIT=0, or the load would meet the rate limit.
import { performance } from 'node:perf_hooks';
import { FLOOR_RATIO_TARGET } from './api.mjs';
import { runLoad } from './load.mjs';

const CALLS = Number(process.env.BENCH_EXTERNAL_CALLS ?? 20);
const PER_CALL = 100;

/** @param {number[]} values @param {number} p */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const round1 = (/** @type {number} */ n) => Math.round(n * 10) / 10;

/**
 * A super-user token (made as the tokens page makes it) and the seeded role with the most members.
 * @param {{ baseUrl: string, cookie: string }} options
 */
export async function externalApiTarget({ baseUrl, cookie }) {
  const csrf = (await (await fetch(`${baseUrl}/api/v1/csrf`, { headers: { cookie } })).json()).token;
  const headers = { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' };
  const { token } = await (await fetch(`${baseUrl}/api/v1/tokens/generate-token`, { headers })).json();
  const saved = await fetch(`${baseUrl}/api/v1/tokens`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ description: 'bench' }),
  });
  if (saved.status !== 201) throw new Error(`no bench token: ${saved.status} ${await saved.text()}`);
  const roles = await fetch(`${baseUrl}/api/external/v1/roles?pageSize=1000&sort=name`, {
    headers: { 'x-api-token': token },
  });
  const { content } = await roles.json();
  const role = content.reduce(
    (/** @type {any} */ most, /** @type {any} */ r) =>
      r.userRoleCount > (most?.userRoleCount ?? -1) ? r : most,
    null,
  );
  if (!role) throw new Error('no role to measure: was the performance seed run?');
  return { token, roleId: Number(role.id), members: Number(role.userRoleCount) };
}

/** The member list as an endpoint of measureApi. @param {{ token: string, roleId: number, members: number }} target */
export function memberListEndpoint({ token, roleId, members }) {
  return {
    [`GET /api/external/v1/user_roles/roles/{id} (${members} members, first page of 10, token)`]: {
      path: `/api/external/v1/user_roles/roles/${roleId}?pageNumber=0&pageSize=10`,
      headers: { 'x-api-token': token },
      targetRatio: FLOOR_RATIO_TARGET,
    },
  };
}

/**
 * 100 invitations a call, CALLS calls one after another, and the floor as many times.
 * @param {{ baseUrl: string, token: string, roleId: number }} options
 */
export async function measureBulkInvitations({ baseUrl, token, roleId }) {
  const timings = [];
  const statuses = /** @type {Record<string, number>} */ ({});
  const stamp = Date.now();
  for (let call = 0; call < CALLS; call++) {
    const invites = Array.from({ length: PER_CALL }, (_, i) => `bench.${stamp}.${call}.${i}@example.org`);
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/external/v1/invitations`, {
      method: 'POST',
      headers: { 'x-api-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({
        intendedAuthority: 'GUEST',
        invites,
        roleIdentifiers: [String(roleId)],
        suppressSendingEmails: true,
      }),
    });
    await response.arrayBuffer();
    timings.push(performance.now() - started);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
  const floor = [];
  for (let call = 0; call < CALLS; call++) {
    const started = performance.now();
    await (await fetch(`${baseUrl}/bench/floor`)).arrayBuffer();
    floor.push(performance.now() - started);
  }
  const p95 = percentile(timings, 95);
  const floorP95 = percentile(floor, 95);
  return {
    name: `POST /api/external/v1/invitations (${PER_CALL} addresses, suppressSendingEmails, token), ${CALLS} calls one after another`,
    calls: CALLS,
    statuses,
    p50: round1(percentile(timings, 50)),
    p95: round1(p95),
    max: round1(Math.max(...timings)),
    p95PerInvitation: round1(p95 / PER_CALL),
    floorP95: round1(floorP95),
    ratio: Math.round((p95 / floorP95) * 10) / 10,
  };
}

/** Calls of the flood: all but the first 600 of the window are refused. */
const FLOOD_CALLS = Number(process.env.BENCH_FLOOD_CALLS ?? 6000);

/**
 * The external API's limit under a flood: one token's calls, 32 at a time, to a server with
 * EXTERNAL_API_RATE_LIMIT at its default (600 a minute per token owner), so that all but the first 600 are
 * refused with 429, and each is counted on the owner's one row (server/src/stores/credential-limits.store.ts,
 * whose counts commit without waiting for the log's flush). Calls a second, p95, the statuses, and the CPU of
 * a call: what a client that floods costs the server and the database.
 * @param {{ baseUrl: string, token: string, cpu: ReturnType<typeof import('./cpu.mjs').cpuReader> }} options
 */
export async function measureLimiterFlood({ baseUrl, token, cpu }) {
  const load = await runLoad({
    url: `${baseUrl}/api/external/v1/roles?pageSize=1`,
    headers: { 'x-api-token': token },
    total: FLOOD_CALLS,
    concurrency: 32,
    warmup: 0,
    cpu,
  });
  return {
    name: `GET /api/external/v1/roles?pageSize=1, one token, ${FLOOD_CALLS} calls 32 at a time, EXTERNAL_API_RATE_LIMIT=600`,
    ...load,
  };
}
