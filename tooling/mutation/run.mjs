// `npm run mutation [-- <area> ...]`: StrykerJS over the code that decides access, one area after the
// other (docs/mutation-testing.md). Incremental: each area keeps its results in
// tooling/mutation/<area>.incremental.json, so a rerun tests only mutants whose code or tests changed.
// Exits non-zero when an area scores below its break threshold (90 %) or cannot run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

/** The area's score over all its parts' reports (each part's own is printed by Stryker). */
function summarise(area, parts) {
  const counts = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0 };
  for (const part of parts) {
    const report = path.join(root, `reports/mutation/${area}.${part}.json`);
    if (!existsSync(report)) continue;
    for (const file of Object.values(JSON.parse(readFileSync(report, 'utf8')).files)) {
      for (const mutant of file.mutants) if (mutant.status in counts) counts[mutant.status] += 1;
    }
  }
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  const score = valid === 0 ? 'no mutants' : `${((100 * detected) / valid).toFixed(2)} %`;
  process.stdout.write(
    `\n${area}, all parts: ${score} (${counts.Killed} killed, ${counts.Timeout} timed out, ` +
      `${counts.Survived} survived, ${counts.NoCoverage} without coverage)\n`,
  );
}

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
  if (runs.length > 1) summarise(area, runs);
}
if (failed.length > 0) {
  console.error(`\nBelow the threshold or failed: ${failed.join(', ')} (reports in reports/mutation/)`);
  process.exit(1);
}
