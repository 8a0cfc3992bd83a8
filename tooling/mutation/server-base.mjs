// What the server's mutation areas share (stryker.server-*.config.mjs): the server's ESM Jest setup run by
// Stryker's Jest runner, each area with the test files of its own rules only.

/**
 * @param {object} area
 * @param {string} area.name the area (its incremental file and reports are named after it)
 * @param {string[]} area.mutate the files (and line ranges) to mutate
 * @param {string[]} area.tests the test files, relative to server/src
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function serverArea({ name, mutate, tests }) {
  return {
    testRunner: 'jest',
    plugins: ['@stryker-mutator/jest-runner'],
    // The server's tests are native ES modules (server/jest.config.cjs): Jest needs the VM modules flag.
    testRunnerNodeArgs: ['--experimental-vm-modules'],
    jest: {
      projectType: 'custom',
      configFile: 'server/jest.config.cjs',
      config: { testMatch: tests.map((test) => `<rootDir>/src/${test}`), maxWorkers: 1 },
      enableFindRelatedTests: true,
    },
    mutate,
    // Only what the tests need goes into the sandbox: the server, the shared rules it maps in, the tooling.
    ignorePatterns: ['/*', '!/server', '!/shared-auth', '!/tooling', '!/package.json', '!/tsconfig*.json'],
    coverageAnalysis: 'perTest',
    // A mutant only run while a module loads would need every test of the area again: left out.
    ignoreStatic: true,
    timeoutMS: 30000,
    timeoutFactor: 3,
    dryRunTimeoutMinutes: 15,
    concurrency: 2,
    incremental: true,
    incrementalFile: `tooling/mutation/${name}.incremental.json`,
    reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    thresholds: { high: 95, low: 90, break: 90 },
  };
}
