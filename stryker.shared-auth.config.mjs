// Mutation testing of the shared authority rules (shared-auth/src/rules), run by `npm run mutation`
// (docs/mutation-testing.md). Stryker copies the repository (minus what ignorePatterns leaves out) into a
// sandbox, mutates the files of `mutate` and runs the rules' own Jest tests against every mutant.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'jest',
  plugins: ['@stryker-mutator/jest-runner'],
  jest: {
    projectType: 'custom',
    configFile: 'shared-auth/jest.config.cjs',
    // The rules are pure functions: their tests, in Node (no DOM needed).
    config: { testMatch: ['<rootDir>/src/rules/**/*.test.ts'], testEnvironment: 'node' },
    enableFindRelatedTests: true,
  },
  // The rules that decide access (who may see, change, invite, grant, delete, impersonate); not the ones
  // that only shape what is shown (display, home tabs, paging, language, sorting, audit names, end dates).
  mutate: [
    'shared-auth/src/rules/authority.ts',
    'shared-auth/src/rules/permissions.ts',
    'shared-auth/src/rules/role-access.ts',
    'shared-auth/src/rules/applications.ts',
    'shared-auth/src/rules/tokens.ts',
    'shared-auth/src/rules/users.ts',
    'shared-auth/src/rules/ids.ts',
    'shared-auth/src/rules/invitation.ts:62-115',
  ],
  // Only what the tests need goes into the sandbox.
  ignorePatterns: ['/*', '!/shared-auth', '!/tooling', '!/package.json', '!/tsconfig*.json'],
  coverageAnalysis: 'perTest',
  // A loaded machine (other work beside it) must not turn a slow run into a false timeout.
  timeoutMS: 15000,
  timeoutFactor: 3,
  concurrency: 2,
  incremental: true,
  incrementalFile: 'tooling/mutation/shared-auth.incremental.json',
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/shared-auth.html' },
  jsonReporter: { fileName: 'reports/mutation/shared-auth.json' },
  thresholds: { high: 95, low: 90, break: 90 },
};
