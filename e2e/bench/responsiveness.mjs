// The server stays responsive during long work (issues 7 and 58): while a bulk of 1000 invitations is
// written (one call of the external API, suppressSendingEmails), a logged-in user's users/config (session,
// user, config) is asked every 50 ms, and the answers' times are what the bench prints. The tests only
// check that the work goes in slices with the database free between them
// (server/src/routes/invitations-bulk.test.ts, the dev seed's responsiveness test); how fast is measured here.
import { performance } from 'node:perf_hooks';

/** The slowest users/config answered meanwhile, at most this (ms). */
export const MEANWHILE_TARGET_MS = 250;
const BULK = 1000;

/**
 * Runs `work` and asks users/config every 50 ms until it ends: its result, and the users/config answers'
 * count, median and slowest time.
 * @template T
 * @param {{ baseUrl: string, cookie: string }} target
 * @param {() => Promise<T>} work
 */
export async function usersConfigMeanwhile({ baseUrl, cookie }, work) {
  let running = true;
  const done = work().finally(() => {
    running = false;
  });
  /** @type {number[]} */
  const times = [];
  while (running) {
    const asked = performance.now();
    await (await fetch(`${baseUrl}/api/v1/users/config`, { headers: { cookie } })).arrayBuffer();
    times.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const result = await done;
  const sorted = [...times].sort((a, b) => a - b);
  return {
    result,
    meanwhile: {
      calls: sorted.length,
      medianMs: Math.round((sorted[Math.floor(sorted.length / 2)] ?? 0) * 10) / 10,
      slowestMs: Math.round(sorted.at(-1) ?? 0),
      targetMs: MEANWHILE_TARGET_MS,
    },
  };
}

/**
 * A bulk of 1000 invitations in one external API call (suppressSendingEmails) with users/config asked
 * meanwhile by the super user's session.
 * @param {{ baseUrl: string, cookie: string, token: string, roleId: number }} options
 */
export async function measureBulkResponsiveness({ baseUrl, cookie, token, roleId }) {
  const stamp = Date.now();
  const started = performance.now();
  const { result, meanwhile } = await usersConfigMeanwhile({ baseUrl, cookie }, async () => {
    const response = await fetch(`${baseUrl}/api/external/v1/invitations`, {
      method: 'POST',
      headers: { 'x-api-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({
        intendedAuthority: 'GUEST',
        invites: Array.from({ length: BULK }, (_, i) => `bulk.${stamp}.${i}@example.org`),
        roleIdentifiers: [String(roleId)],
        suppressSendingEmails: true,
      }),
    });
    await response.arrayBuffer();
    return response.status;
  });
  return {
    invitations: BULK,
    status: result,
    durationMs: Math.round(performance.now() - started),
    usersConfigMeanwhile: meanwhile,
  };
}

/**
 * The lines the bench prints for it.
 * @param {Record<string, any> | undefined} bulk
 */
export function bulkResponsivenessLines(bulk) {
  if (!bulk) return [];
  if (bulk.error) return [`Bulk of ${BULK} invitations (external API): not measured: ${bulk.error}`];
  const config = bulk.usersConfigMeanwhile;
  return [
    `Bulk of ${bulk.invitations} invitations in one external API call (suppressSendingEmails): ${bulk.durationMs} ms, answered ${bulk.status}; ` +
      `users/config meanwhile: ${config.calls} calls, median ${config.medianMs} ms, slowest ${config.slowestMs} ms ` +
      `(target ≤ ${config.targetMs}: ${config.slowestMs <= config.targetMs ? 'yes' : 'NO'})`,
  ];
}
