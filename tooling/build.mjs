#!/usr/bin/env node
// Builds every part of the console: shared-auth's pure rules (used by the server), the server, the shell
// and the four remotes. With --if-missing, a part is built only when its output is missing or older than
// its sources, so `npm start` on a fresh clone builds everything and a second start builds nothing.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ifMissing = process.argv.includes('--if-missing');

const WEB_INPUTS = [
  'src',
  'package.json',
  'webpack.config.cjs',
  '../shared-ui/src',
  '../shared-auth/src',
  '../tooling/webpack.app.cjs',
  '../tooling/mf-shared.cjs',
  '../tooling/remote-metadata.cjs',
  '../tooling/shared-exports-check.cjs',
  '../tooling/shared-used-exports.cjs',
  '../tooling/use-sync-external-store-shim.mjs',
  '../shared-ui/contract-version.json',
];
const PARTS = [
  { ws: 'shared-auth', output: 'dist/rules/index.js', inputs: ['src/rules', 'tsconfig.rules.json'] },
  {
    ws: 'server',
    output: 'dist/main.js',
    inputs: ['src', 'tsconfig.build.json', '../shared-auth/src/rules'],
  },
  ...['shell', 'mfe-roles', 'mfe-invitations', 'mfe-system', 'mfe-tokens'].map((ws) => ({
    ws,
    output: ws === 'shell' ? 'dist/index.html' : 'dist/mf-manifest.json',
    inputs: WEB_INPUTS,
    web: true,
  })),
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isFresh(part) {
  const out = join(root, part.ws, part.output);
  if (!existsSync(out)) return false;
  const built = statSync(out).mtimeMs;
  return part.inputs.every((input) => newestMtime(join(root, part.ws, input)) <= built);
}

function run(part) {
  const { ws } = part;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => {
      if (code === 0) {
        // webpack leaves a file it would write unchanged alone (compareBeforeEmit), mtime included: a change
        // that does not alter the manifest (a comment, a test) would leave the part stale, rebuilt every time.
        const now = new Date();
        const out = join(root, ws, part.output);
        if (existsSync(out)) utimesSync(out, now, now);
        console.log(`built ${ws} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
        resolve();
      } else {
        console.error(output);
        reject(new Error(`building ${ws} failed (exit ${code})`));
      }
    });
  });
}

const todo = PARTS.filter((part) => !(ifMissing && isFresh(part)));
if (todo.length === 0) {
  console.log('every part is built and up to date');
} else {
  // shared-auth first (the server compiles against its rules), then the rest two at a time (2 cores).
  const [first, ...rest] = todo[0].ws === 'shared-auth' ? todo : [null, ...todo];
  if (first) await run(first);
  const queue = [...rest];
  const worker = async () => {
    while (queue.length) await run(queue.shift());
  };
  try {
    await Promise.all([worker(), worker()]);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
