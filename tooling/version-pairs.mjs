#!/usr/bin/env node
// CI pairs versions of the shell and the remotes, as teams deploy them on their own: the remotes built from
// the previous release (.ci/previous-release) under this commit's shell, and this commit's remotes under
// the previous release's shell, each through the journeys that cross remotes (home tabs, a role page with
// the invitations tab, the Dutch texts: e2e/journeys/dutch.test.mjs, or the files given as arguments).
//
// The previous release is taken with `git archive` into a temporary folder and built there (shell and
// remotes only: the API server is this commit's in both pairings). Its node_modules are this checkout's,
// linked entry by entry (the workspace packages link to the previous release's own folders) when both
// lockfiles are the same; otherwise `npm ci` installs its own. This checkout must be built (npm run build).
//
//   node tooling/version-pairs.mjs [journey files…]      (keeps nothing: the folder is removed at the end)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const APPS = ['shell', 'mfe-roles', 'mfe-invitations', 'mfe-system', 'mfe-tokens'];
const REMOTES = APPS.filter((app) => app !== 'shell');
const journeys = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['journeys/dutch.test.mjs'];

/** The commit named in .ci/previous-release (its first word that is not in a comment). */
export function previousRelease(text) {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('#'));
  const commit = line?.split(/\s+/)[0];
  if (!commit || !/^[\w./-]+$/.test(commit)) throw new Error('.ci/previous-release names no commit');
  return commit;
}

function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** node_modules for the previous release: this checkout's entries, its own workspace packages. */
function linkNodeModules(previous) {
  const workspaces = new Set(JSON.parse(readFileSync(join(previous, 'package.json'), 'utf8')).workspaces);
  const modules = join(previous, 'node_modules');
  mkdirSync(modules);
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    // The workspace links (node_modules/shared-ui -> ../shared-ui) must reach the previous release's code.
    const target = workspaces.has(entry) ? join(previous, entry) : join(ROOT, 'node_modules', entry);
    symlinkSync(target, join(modules, entry));
  }
}

/** The text of a file of an app's dist (its entry: index.html for the shell, remoteEntry.js for a remote). */
function entryOf(base, app) {
  return readFileSync(join(base, app, 'dist', app === 'shell' ? 'index.html' : 'remoteEntry.js'), 'utf8');
}

/**
 * The server, started as the journeys start it with E2E_STATIC_DIR=dir, serves the pairing's bundles: the
 * shell's page and each remote's entry are the pairing's files (else the journeys would check nothing).
 */
async function checkServed(dir, expected) {
  const { startServer } = await import('../e2e/harness/server.mjs');
  const saved = process.env.E2E_STATIC_DIR;
  process.env.E2E_STATIC_DIR = dir;
  const server = await startServer();
  try {
    for (const app of APPS) {
      const path = app === 'shell' ? '/' : `/remotes/${app.replace(/^mfe-/, '')}/remoteEntry.js`;
      const served = await (
        await fetch(`${server.baseUrl}${path}`, { headers: { 'accept-encoding': 'identity' } })
      ).text();
      const file = entryOf(expected[app], app);
      // The shell's page may carry the session hint; compare what the build wrote.
      if (app === 'shell' ? !served.includes(file.slice(-200)) : served !== file)
        throw new Error(`the server does not serve ${app} from ${dir} (E2E_STATIC_DIR ignored?)`);
    }
  } finally {
    await server.stop();
    if (saved === undefined) delete process.env.E2E_STATIC_DIR;
    else process.env.E2E_STATIC_DIR = saved;
  }
}

async function main() {
  for (const app of APPS) {
    if (!existsSync(join(ROOT, app, 'dist')))
      throw new Error(`${app}/dist is missing: build this checkout first (npm run build)`);
  }
  const commit = previousRelease(readFileSync(join(ROOT, '.ci', 'previous-release'), 'utf8'));
  const work = mkdtempSync(join(os.tmpdir(), 'version-pairs-'));
  const previous = join(work, 'previous');
  mkdirSync(previous);
  const started = Date.now();
  try {
    console.log(`--- previous release ${commit} into ${previous}`);
    const archive = spawnSync('git', ['-C', ROOT, 'archive', '--format=tar', commit], {
      maxBuffer: 1 << 30,
    });
    if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr}`);
    const untar = spawnSync('tar', ['-x', '-C', previous], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`unpacking ${commit} failed: ${untar.stderr}`);

    const sameLockfile =
      readFileSync(join(ROOT, 'package-lock.json'), 'utf8') ===
      readFileSync(join(previous, 'package-lock.json'), 'utf8');
    if (sameLockfile) linkNodeModules(previous);
    else await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: previous });

    // One after the other: two cores.
    const webpack = join(previous, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
    for (const app of APPS) {
      const at = Date.now();
      await run(process.execPath, [webpack, '--mode', 'production'], {
        cwd: join(previous, app),
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      console.log(`built the previous ${app} in ${((Date.now() - at) / 1000).toFixed(1)} s`);
    }

    const same = APPS.filter((app) => entryOf(ROOT, app) === entryOf(previous, app));
    if (same.length === APPS.length)
      console.warn(
        'The previous release builds the very same bundles as this commit: the pairs check nothing new.',
      );
    else if (same.length > 0) console.log(`built the same as the previous release: ${same.join(', ')}`);

    // Each pairing is a static folder as the server reads it (STATIC_DIR/<app>/dist).
    const pairings = {
      'previous remotes under this shell': { shell: ROOT, remotes: previous },
      "this commit's remotes under the previous shell": { shell: previous, remotes: ROOT },
    };
    for (const [name, { shell, remotes }] of Object.entries(pairings)) {
      const dir = join(work, name.replace(/\W+/g, '-'));
      mkdirSync(dir);
      symlinkSync(join(shell, 'shell'), join(dir, 'shell'));
      // The shell's shared-ui is the one that runs (a singleton): the journeys read its texts from here.
      symlinkSync(join(shell, 'shared-ui'), join(dir, 'shared-ui'));
      for (const remote of REMOTES) symlinkSync(join(remotes, remote), join(dir, remote));
      await checkServed(dir, {
        shell,
        ...Object.fromEntries(REMOTES.map((remote) => [remote, remotes])),
      });
      console.log(`--- ${name}: ${journeys.join(' ')}`);
      await run(process.execPath, ['--test', '--test-concurrency=1', '--test-timeout=600000', ...journeys], {
        cwd: join(ROOT, 'e2e'),
        env: { ...process.env, E2E_STATIC_DIR: dir },
      });
    }
    console.log(`version pairs passed in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
