// Builds whatever part of the console is missing or stale, through the repository's own build script, once
// per process.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './paths.mjs';

/** @type {Promise<void> | null} */
let building = null;

/** Runs `node tooling/build.mjs --if-missing` from the repository root; rejects with its output on failure. */
export function ensureBuilt() {
  building ??= new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'tooling/build.mjs'), '--if-missing'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `The build failed (node tooling/build.mjs --if-missing, exit ${code}):\n${output.slice(-4000)}`,
          ),
        );
    });
  });
  return building;
}
