// The load generator in a process of its own (runLoad of load.mjs, driven over IPC): its CPU and its heap are
// then its own, not shared with the bench's browser driver, SMTP server and results, and what it costs a
// request is read from /proc like the server's. Started once per API part and reused for every run, so its
// code is optimised after the first warm-up.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runLoad } from './load.mjs';
import { cpuReader } from './cpu.mjs';

const IS_CHILD = process.argv[2] === '--load-process' && typeof process.send === 'function';

/**
 * @typedef {Omit<Parameters<typeof runLoad>[0], 'cpu'> & { cpuOf?: { pid: number | undefined, postgres: string | false } | null }} LoadOptions
 * runLoad's options; `cpuOf` names the server (and whether PostgreSQL runs here) whose CPU is read per run
 */

/**
 * Forks the generator's process.
 * @returns {{ run: (options: LoadOptions) => Promise<import('./load.mjs').LoadResult>, pid: number | undefined, close: () => Promise<void> }}
 */
export function startLoadProcess() {
  const child = fork(fileURLToPath(import.meta.url), ['--load-process'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 0;
  /** @type {Map<number, { resolve: (value: any) => void, reject: (error: Error) => void }>} */
  const waiting = new Map();
  child.on('message', (/** @type {{ id: number, result?: any, error?: string }} */ message) => {
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error !== undefined) pending.reject(new Error(message.error));
    else pending.resolve(message.result);
  });
  child.on('exit', (code) => {
    for (const pending of waiting.values())
      pending.reject(new Error(`the load generator's process exited (code ${code})`));
    waiting.clear();
  });
  return {
    pid: child.pid,
    run: (options) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        child.send({ id, options });
      }),
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

if (IS_CHILD) {
  process.on('message', async (/** @type {{ id: number, options: LoadOptions }} */ { id, options }) => {
    const { cpuOf, ...load } = options;
    try {
      // The generator's CPU is this process's own (cpuReader's process.cpuUsage()).
      const cpu = cpuOf ? cpuReader(cpuOf) : null;
      process.send?.({ id, result: await runLoad({ ...load, cpu }) });
    } catch (error) {
      process.send?.({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}
