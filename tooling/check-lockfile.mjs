#!/usr/bin/env node
// Checks, offline, that package-lock.json records every optional dependency of every package it holds, as
// `npm ci` requires ("Missing: @swc/core-darwin-arm64@… from lock file"): an `npm install` over a
// node_modules that holds only this platform's binaries drops the other platforms' entries (npm/cli#4828),
// and a team's pipeline on another platform, or CI's `npm ci`, then refuses the lockfile. Run by `npm run
// lint`; `node tooling/check-lockfile.mjs [lockfile]`.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The optional dependencies the lockfile's packages name but it does not hold, found as Node resolves a
 * package: in the dependent's own node_modules, then in each one above it.
 * @param {{ packages?: Record<string, { optionalDependencies?: Record<string, string>, link?: boolean }> }} lock
 * @returns {string[]} `dependent → name@range` for each missing one
 */
export function missingOptionalDependencies(lock) {
  const packages = lock.packages ?? {};
  const missing = [];
  for (const [location, entry] of Object.entries(packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      let base = location;
      let found = false;
      for (;;) {
        if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) {
          found = true;
          break;
        }
        if (!base) break;
        const cut = base.lastIndexOf('/node_modules/');
        base = cut >= 0 ? base.slice(0, cut) : '';
      }
      if (!found) missing.push(`${location || '(root)'} → ${name}@${range}`);
    }
  }
  return missing;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
  const missing = missingOptionalDependencies(JSON.parse(readFileSync(file, 'utf8')));
  if (missing.length > 0) {
    console.error(
      `${file} lacks ${missing.length} optional dependencies that npm ci will ask for (npm/cli#4828):\n  ` +
        `${missing.slice(0, 20).join('\n  ')}${missing.length > 20 ? '\n  …' : ''}\n` +
        'Regenerate it with every platform recorded: in a fresh clone, `rm -rf node_modules && npm install ' +
        '--package-lock-only`, then check `npm ci --dry-run`.',
    );
    process.exit(1);
  }
  console.log(`${file}: every optional dependency is recorded`);
}
