#!/usr/bin/env node
// Checks, offline, that package-lock.json records every optional dependency of every package it holds, as
// `npm ci` requires ("Missing: @swc/core-darwin-arm64@… from lock file"): an `npm install` over a
// node_modules that holds only this platform's binaries drops the other platforms' entries (npm/cli#4828),
// and a team's pipeline on another platform, or CI's `npm ci`, then refuses the lockfile. Run by `npm run
// lint`; `node tooling/check-lockfile.mjs [lockfile]`.
// It also checks that every package the lockfile holds runs on every Node version the project supports (the
// root package.json's `engines.node`): a dependency wanting a newer Node than we claim made a newcomer's
// `npm install` warn (EBADENGINE, issue 55), and fails at run time on the versions it left out.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

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

/**
 * The packages of the lockfile whose `engines.node` leaves out some of the Node versions `supported` names
 * (the root package's own range).
 * @param {{ packages?: Record<string, { version?: string, engines?: unknown }> }} lock
 * @param {string} supported a semver range, such as `^20.19.5 || ^22.13.0 || >=24.0.0`
 * @returns {string[]} `location@version wants node <range>` for each
 */
export function enginesOutsideSupported(lock, supported) {
  const outside = [];
  for (const [location, entry] of Object.entries(lock.packages ?? {})) {
    if (!location) continue;
    // npm reads `engines` as an object; some old packages wrote an array, which npm ignores.
    const engines = entry.engines;
    const range =
      engines && typeof engines === 'object' && !Array.isArray(engines)
        ? /** @type {Record<string, unknown>} */ (engines).node
        : undefined;
    if (typeof range !== 'string') continue;
    const valid = semver.validRange(range);
    if (valid === null || !semver.subset(supported, valid, { includePrerelease: false })) {
      outside.push(`${location}@${entry.version ?? '?'} wants node ${range}`);
    }
  }
  return outside;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const supported = lock.packages?.['']?.engines?.node;
  if (typeof supported !== 'string') {
    console.error(`${file}: the root package names no engines.node, so no supported Node versions to check.`);
    process.exit(1);
  }
  const outside = enginesOutsideSupported(lock, supported);
  if (outside.length > 0) {
    console.error(
      `${file}: ${outside.length} packages do not support every Node version of engines.node ${supported}:\n  ` +
        `${outside.join('\n  ')}\n` +
        'Pick a version of them (or of the package that pulls them in) that does, pin it with an `overrides` ' +
        'entry of package.json, or narrow engines.node honestly.',
    );
    process.exit(1);
  }
  const missing = missingOptionalDependencies(lock);
  if (missing.length > 0) {
    console.error(
      `${file} lacks ${missing.length} optional dependencies that npm ci will ask for (npm/cli#4828):\n  ` +
        `${missing.slice(0, 20).join('\n  ')}${missing.length > 20 ? '\n  …' : ''}\n` +
        'Regenerate it with every platform recorded: in a fresh clone, `rm -rf node_modules && npm install ' +
        '--package-lock-only`, then check `npm ci --dry-run`.',
    );
    process.exit(1);
  }
  console.log(`${file}: every optional dependency is recorded; every package supports node ${supported}`);
}
