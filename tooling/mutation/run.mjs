// `npm run mutation [-- <area> ...]`: StrykerJS over the code that decides access, one area after the
// other (docs/mutation-testing.md). Incremental: each area keeps its results in
// tooling/mutation/<area>.incremental.json, so a rerun tests only mutants whose code or tests changed.
// Exits non-zero when an area scores below its break threshold (90 %) or cannot run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const AREAS = ['shared-auth', 'server-use-cases', 'server-plugins', 'server-provisioning'];

const asked = process.argv.slice(2);
const unknown = asked.filter((area) => !AREAS.includes(area));
if (unknown.length > 0) {
  console.error(`Unknown area ${unknown.join(', ')}; the areas: ${AREAS.join(', ')}`);
  process.exit(2);
}
const areas = (asked.length > 0 ? asked : AREAS).filter((area) =>
  existsSync(path.join(root, `stryker.${area}.config.mjs`)),
);

const failed = [];
for (const area of areas) {
  // An area may run in parts (its config exports `parts`; MUTATION_PART=<part> runs one of them): one
  // Stryker run per part, each with its own files, tests and incremental file.
  const config = path.join(root, `stryker.${area}.config.mjs`);
  const { parts } = await import(pathToFileURL(config).href);
  const runs = Array.isArray(parts)
    ? process.env.MUTATION_PART
      ? [process.env.MUTATION_PART]
      : parts
    : [null];
  for (const part of runs) {
    const name = part ? `${area}.${part}` : area;
    process.stdout.write(`\n=== mutation testing: ${name} ===\n`);
    const run = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'),
        'run',
        `stryker.${area}.config.mjs`,
        '--tempDirName',
        `.stryker-tmp/${name}`,
      ],
      { cwd: root, stdio: 'inherit', env: part ? { ...process.env, MUTATION_PART: part } : process.env },
    );
    if (run.status !== 0) failed.push(name);
  }
}
if (failed.length > 0) {
  console.error(`\nBelow the threshold or failed: ${failed.join(', ')} (reports in reports/mutation/)`);
  process.exit(1);
}
