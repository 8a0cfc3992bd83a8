/**
 * Runs the server's Jest (`npm test -w server`, with the arguments given) and watches that its test files
 * keep finishing. A run in which no file has finished for JEST_QUIET_MS (5 minutes; the slowest file takes
 * about 30 s) is hung: what its processes are doing is printed (each thread's state and kernel wait,
 * process-threads.mjs), the run is killed and started once more, and a second run that hangs fails with both
 * descriptions. A failing test fails either way: only a run that stops making progress is run again.
 *
 * Once in many CI runs, a Jest worker of the server's tests stood still for good: its main thread blocked in
 * the kernel (a futex), its CPU idle, its test file never reported, and CI waited until its time limit.
 * The cause is not found (e2e/README.md, "A start that does not answer", for the like in a server start).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { processTree } from './process-threads.mjs';

const QUIET_MS = Number(process.env.JEST_QUIET_MS ?? 300_000);
/** A line of Jest's default reporter for a finished test file. */
const FILE_DONE = /^(PASS|FAIL)\s/m;

const jest = createRequire(import.meta.url).resolve('jest/bin/jest');

/** @type {import('node:child_process').ChildProcess | null} */
let running = null;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (running?.pid) killGroup(running.pid);
    process.exit(130);
  });
}

function killGroup(/** @type {number} */ pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * One Jest run: its exit code, or `hung` with what its processes were doing.
 * @returns {Promise<{ code: number, hung?: undefined } | { hung: string, code?: undefined }>}
 */
function runOnce() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [jest, ...process.argv.slice(2)], {
      stdio: ['inherit', 'pipe', 'pipe'],
      // Its own process group, so that its workers are killed with it.
      detached: true,
    });
    running = child;
    let lastDone = Date.now();
    /** @type {string | null} */
    let hung = null;
    child.stdout?.on('data', (chunk) => process.stdout.write(chunk));
    child.stderr?.on('data', (/** @type {Buffer} */ chunk) => {
      if (FILE_DONE.test(chunk.toString('utf8'))) lastDone = Date.now();
      process.stderr.write(chunk);
    });
    const watch = setInterval(() => {
      if (Date.now() - lastDone < QUIET_MS || !child.pid) return;
      clearInterval(watch);
      hung = processTree(child.pid);
      killGroup(child.pid);
    }, 5_000);
    child.on('close', (code, signal) => {
      clearInterval(watch);
      running = null;
      resolve(hung === null ? { code: code ?? (signal ? 1 : 0) } : { hung });
    });
  });
}

// Jest's own watch mode waits for changes by design, at a terminal: run as it is, without the watch.
if (process.argv.slice(2).some((arg) => /^--watch(All)?(=|$)/.test(arg))) {
  const child = spawn(process.execPath, [jest, ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('close', (code) => process.exit(code ?? 1));
} else {
  await watched();
}

async function watched() {
  const first = await runOnce();
  if (first.hung === undefined) process.exit(first.code);
  console.error(
    `\nNo test file finished within ${QUIET_MS / 1000} s: the run is hung. Its processes (state, kernel wait, user/system ticks):\n${first.hung}\nRunning the tests once more.\n`,
  );
  const second = await runOnce();
  if (second.hung === undefined) process.exit(second.code);
  console.error(
    `\nTwice: no test file finished within ${QUIET_MS / 1000} s. The second run's processes:\n${second.hung}\nThe first run's:\n${first.hung}`,
  );
  process.exit(1);
}
