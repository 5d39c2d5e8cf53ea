// Suites that need a PostgreSQL server (DATABASE_URL=postgres://…). Without it they skip with a
// message, except under CI=true, where the run fails (test/support/pg-global-setup.js).
// The unit project's settings, without its in-memory demo template (these suites seed PostgreSQL).
const {
  globalSetup: _template,
  globalTeardown: _templateTeardown,
  testPathIgnorePatterns: _unitOnly,
  ...base
} = require('./jest.config.js').projects.find((p) => p.displayName === 'unit');
module.exports = {
  // one suite at a time: test/pg/faults-restart.test.ts stops and starts the cluster itself
  maxWorkers: 1,
  globalSetup: '<rootDir>/test/support/pg-global-setup.js',
  projects: [{ ...base, displayName: 'pg', testMatch: ['<rootDir>/test/pg/**/*.test.ts'] }],
};
