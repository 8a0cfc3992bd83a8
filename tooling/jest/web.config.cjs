// The Jest configuration of every browser package (shared-auth, shared-ui, the shell and the remotes).
const path = require('node:path');

/** @param {string} dir the package folder */
module.exports = function webJestConfig(dir) {
  return {
    rootDir: dir,
    displayName: path.basename(dir),
    testEnvironment: path.join(__dirname, 'jsdom-env.cjs'),
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    transformIgnorePatterns: ['/node_modules/(?!(ky|@surfnet)/)'],
    moduleNameMapper: {
      '\\.css$': 'identity-obj-proxy',
      '\\.(png|jpe?g|gif|svg|woff2?)$': path.join(__dirname, 'file-stub.cjs'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
      // The component tests' shared support: one folder for every package (tsconfig.base.json's paths).
      '^test-support/(.*)$': path.join(__dirname, '..', 'test-support', '$1'),
    },
    setupFilesAfterEnv: [path.join(__dirname, 'setup-web.cjs')],
  };
};
