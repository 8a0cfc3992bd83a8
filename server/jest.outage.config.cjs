// The tests that stop and start the database itself (`*.outage.test.ts`): run alone, one file at a time,
// never beside the other test files, whose databases would vanish under them (npm run test:outage).
const base = require('./jest.config.cjs');

module.exports = {
  ...base,
  displayName: 'server (database stopped and started)',
  testMatch: ['<rootDir>/src/**/*.outage.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
};
