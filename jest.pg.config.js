// Suites that need a PostgreSQL server (DATABASE_URL). Without it they skip with a message.
const base = require('./jest.config.js').projects[0];
module.exports = {
  projects: [{ ...base, displayName: 'pg', testMatch: ['<rootDir>/test/pg/**/*.test.ts'] }],
};
