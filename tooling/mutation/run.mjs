// `npm run mutation [-- <area> ...]`: StrykerJS over the code that decides access, one area after the
// other (docs/mutation-testing.md). Incremental: each area keeps its results in
// tooling/mutation/<area>.incremental.json, so a rerun tests only mutants whose code or tests changed.
// Exits non-zero when an area scores below its break threshold (90 %) or cannot run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  process.stdout.write(`\n=== mutation testing: ${area} ===\n`);
  const run = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js'),
      'run',
      `stryker.${area}.config.mjs`,
      '--tempDirName',
      `.stryker-tmp/${area}`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (run.status !== 0) failed.push(area);
}
if (failed.length > 0) {
  console.error(`\nBelow the threshold or failed: ${failed.join(', ')} (reports in reports/mutation/)`);
  process.exit(1);
}
