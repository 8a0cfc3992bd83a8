// A small HTTP load generator over node's http with a keep-alive agent: a fixed number of GET requests at a
// fixed concurrency, latency percentiles and throughput. Loopback only: it refuses any other host.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * @typedef {object} LoadResult
 * @property {number} requests
 * @property {number} concurrency
 * @property {Record<string, number>} statuses count per HTTP status (or "error")
 * @property {number} p50 ms
 * @property {number} p95 ms
 * @property {number} p99 ms
 * @property {number} max ms
 * @property {number} rps requests per second over the whole run
 * @property {{ server: number, database: number, generator: number }} [cpuUs] CPU time per measured request, µs
 */

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * One GET; resolves with the status (the body is read and dropped).
 * @param {URL} url
 * @param {Record<string, string>} headers
 * @param {http.Agent} agent
 * @returns {Promise<number>}
 */
function get(url, headers, agent) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The median of numbers (the mean of the middle two for an even count). @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** @param {Float64Array} sorted @param {number} p */
function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Sends `total` GETs to `url`, `concurrency` at a time, after `warmup` unmeasured ones. With `cpu` (cpu.mjs),
 * the CPU time spent during the measured requests, per request.
 * @param {{ url: string, headers?: Record<string, string>, total?: number, concurrency?: number, warmup?: number, cpu?: (() => { server: number, database: number, generator: number }) | null }} options
 * @returns {Promise<LoadResult>}
 */
export async function runLoad({
  url,
  headers = {},
  total = 2000,
  concurrency = 32,
  warmup = 64,
  cpu = null,
}) {
  const target = new URL(url);
  if (!LOOPBACK.has(target.hostname))
    throw new Error(`The load generator only targets loopback addresses, not ${target.hostname}.`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    /** @type {Record<string, number>} */
    const statuses = {};
    const latencies = new Float64Array(total);

    /** @param {number} count @param {boolean} measured */
    const run = async (count, measured) => {
      let next = 0;
      const worker = async () => {
        for (;;) {
          const index = next++;
          if (index >= count) return;
          const started = performance.now();
          let status;
          try {
            status = String(await get(target, headers, agent));
          } catch {
            status = 'error';
          }
          if (measured) {
            latencies[index] = performance.now() - started;
            statuses[status] = (statuses[status] ?? 0) + 1;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
    };

    await run(warmup, false);
    const cpuBefore = cpu?.();
    const started = performance.now();
    await run(total, true);
    const elapsedMs = performance.now() - started;
    const cpuAfter = cpu?.();
    /** @param {'server' | 'database' | 'generator'} part */
    const perRequest = (part) =>
      cpuBefore && cpuAfter ? Math.round(((cpuAfter[part] - cpuBefore[part]) * 1000) / total) : 0;
    const sorted = latencies.slice().sort();
    const round = (/** @type {number} */ n) => Math.round(n * 10) / 10;
    return {
      requests: total,
      concurrency,
      statuses,
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted[sorted.length - 1] ?? 0),
      rps: Math.round((total / elapsedMs) * 1000),
      ...(cpuBefore
        ? {
            cpuUs: {
              server: perRequest('server'),
              database: perRequest('database'),
              generator: perRequest('generator'),
            },
          }
        : {}),
    };
  } finally {
    agent.destroy();
  }
}
