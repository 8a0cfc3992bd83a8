// The server's tests run as native ES modules (openid-client, oidc-provider and jose ship ESM only), so
// swc keeps `import`/`export` and Jest runs under --experimental-vm-modules (see package.json).
const path = require('node:path');

module.exports = {
  rootDir: __dirname,
  displayName: 'server',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  // Tests that stop the database run alone, after the others (jest.outage.config.cjs, npm run test:outage).
  testPathIgnorePatterns: ['/node_modules/', '\\.outage\\.test\\.ts$'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: {
    '^shared-auth/rules$': path.join(__dirname, '../shared-auth/src/rules/index.ts'),
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  setupFiles: ['<rootDir>/src/test/setup.ts'],
  // A worker per core, not Jest's one fewer: each file's database runs on a thread of its own, so a worker
  // leaves a core partly idle (a worker a core is the faster on 2 cores).
  maxWorkers: '100%',
  // Generous: building the schema template (first run) and PGlite start-up are slow on a loaded machine.
  testTimeout: 60000,
};
