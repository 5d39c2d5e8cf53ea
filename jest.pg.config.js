// Suites that need a PostgreSQL server (DATABASE_URL=postgres://…). Without it they skip with a
// message, except under CI=true, where the run fails (test/support/pg-global-setup.js).
const base = require('./jest.config.js').projects[0];
module.exports = {
  // one suite at a time: test/pg/faults-restart.test.ts stops and starts the cluster itself
  maxWorkers: 1,
  globalSetup: '<rootDir>/test/support/pg-global-setup.js',
  projects: [{ ...base, displayName: 'pg', testMatch: ['<rootDir>/test/pg/**/*.test.ts'] }],
};
