// Starts the real API server (server/dist/main.js) on a free loopback port with a fresh in-memory database
// and the bundled development identity provider, and stops it again.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './paths.mjs';

const MAIN = join(ROOT, 'server/dist/main.js');
/**
 * Node's flags for the server, as its start script has them (server/package.json; harness.test.mjs holds
 * the two equal): the server runs here as it is deployed.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
// A started server answers within seconds; on a machine about twice as slow as the one this was written on,
// with two test files starting theirs beside builds, two of three fresh-clone CI runs (30 November) each had
// one server not answering within 90 s. A server that never answers still fails here, later.
const START_TIMEOUT_MS = 180_000;
const LOG_LIMIT = 200_000;
// Server settings a developer's shell may hold; the journeys need the defaults (dev IdP, embedded database,
// built-in registry, outbox mail, the locally built remotes) unless a test sets them itself.
const INHERITED_SETTINGS_DROPPED = [
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'SESSION_SECRET',
  'SUPER_USER_SUBS',
  'DATABASE_URL',
  'SMTP_URL',
  'REGISTRY_URL',
  'DEV_SEED',
  'STATIC_DIR',
  'PAST_DATE_ALLOWED',
  'PERFORMANCE_SEED_ALLOWED',
  'REMOTE_ROLES_URL',
  'REMOTE_INVITATIONS_URL',
  'REMOTE_SYSTEM_URL',
  'REMOTE_TOKENS_URL',
  'REMOTES',
  'TRUSTED_ORIGINS',
];

/**
 * @typedef {object} RunningServer
 * @property {string} baseUrl e.g. http://127.0.0.1:40123
 * @property {number} port
 * @property {number | undefined} pid the server's process (its CPU time is read by the bench)
 * @property {() => string} log what the server printed so far (the last 200 kB)
 * @property {() => Promise<void>} stop
 */

/** A TCP port nobody listens on right now (on 127.0.0.1). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server and resolves once it answers HTTP.
 * @param {{ env?: Record<string, string> }} [options] extra environment (e.g. REMOTE_TOKENS_URL)
 * @returns {Promise<RunningServer>}
 */
export async function startServer({ env = {} } = {}) {
  if (!existsSync(MAIN))
    throw new Error(`${MAIN} is missing: the server was not built (node tooling/build.mjs).`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv = { ...process.env };
  // A fresh in-memory database and the dev identity provider, whatever the caller's shell has set.
  for (const name of INHERITED_SETTINGS_DROPPED) delete childEnv[name];
  Object.assign(childEnv, {
    // The bundled development identity provider is refused with NODE_ENV=production.
    NODE_ENV: 'test',
    DEV_IDP: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: 'memory',
    // The bundles of another build (tooling/version-pairs.mjs pairs a previous release's shell or remotes
    // with this checkout's): where the server looks for shell/dist and mfe-<id>/dist.
    ...(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {}),
    ...env,
  });
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, MAIN], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (/** @type {Buffer} */ chunk) => {
    output += chunk;
    if (output.length > LOG_LIMIT) output = output.slice(-LOG_LIMIT);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  /** @type {number | null} */
  let exitCode = null;
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve((exitCode = code ?? (signal ? -1 : 0)))),
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (exitCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (exitCode !== null) {
      throw new Error(
        `The server exited (code ${exitCode}) before answering on ${baseUrl}. Its output:\n${output.slice(-4000)}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/v1/csrf`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(
          `The server did not answer on ${baseUrl} within ${START_TIMEOUT_MS / 1000} s. Its output:\n${output.slice(-4000)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { baseUrl, port, pid: child.pid, log: () => output, stop };
}
