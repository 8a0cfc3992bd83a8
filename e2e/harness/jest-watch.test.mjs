// tooling/jest-watch.mjs, which runs the server's Jest: a run whose test files stop finishing is described,
// killed and run once more, then fails; a run that finishes keeps Jest's exit code and runs once.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT } from './paths.mjs';

/**
 * Runs jest-watch over test files written into a directory of their own.
 * @param {Record<string, string>} files
 * @returns {Promise<{ code: number | null, output: string }>}
 */
async function watchRun(files) {
  const dir = await mkdtemp(join(tmpdir(), 'jest-watch-test-'));
  try {
    for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
    const config = JSON.stringify({ rootDir: dir, transform: {}, testEnvironment: 'node' });
    /** @type {NodeJS.ProcessEnv} */
    const env = { ...process.env, JEST_QUIET_MS: '6000', CI: 'true' };
    delete env.NODE_OPTIONS;
    const child = spawn(
      process.execPath,
      [join(ROOT, 'tooling/jest-watch.mjs'), '--config', config, '--maxWorkers=2'],
      { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    return { code, output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const PASSING = `test('passes', () => { expect(1 + 1).toBe(2); });\n`;

test('a run whose files stop finishing is described, run once more, and fails with both descriptions', async () => {
  const { code, output } = await watchRun({
    'a.test.cjs': PASSING,
    // Blocks its worker's main thread in the kernel for good, as the hang seen in CI did.
    'b.test.cjs': `test('stands still', () => { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); });\n`,
  });
  assert.equal(code, 1);
  assert.match(output, /No test file finished within 6 s: the run is hung\./);
  assert.match(output, /Running the tests once more\./);
  assert.match(output, /Twice: no test file finished within 6 s\./);
  // The worker whose main thread (its id the process's) is blocked, as /proc tells it.
  assert.match(output, /process (\d+): \S+ \S+processChild\.js\n\s+\1 node: S futex/);
  assert.equal(output.match(/PASS .*a\.test\.cjs/g)?.length, 2);
});

test("a run that finishes keeps Jest's exit code and runs once", async () => {
  const failing = await watchRun({
    'a.test.cjs': PASSING,
    'c.test.cjs': `test('fails', () => { expect(1).toBe(2); });\n`,
  });
  assert.equal(failing.code, 1);
  assert.match(failing.output, /FAIL .*c\.test\.cjs/);
  assert.doesNotMatch(failing.output, /once more/);
  const passing = await watchRun({ 'a.test.cjs': PASSING });
  assert.equal(passing.code, 0);
  assert.equal(passing.output.match(/PASS .*a\.test\.cjs/g)?.length, 1);
});
