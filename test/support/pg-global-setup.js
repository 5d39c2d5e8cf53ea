// Global setup of jest.pg.config.js: with CI=true and no PostgreSQL DATABASE_URL the run fails
// before any suite (each suite also refuses on its own, see test/support/postgres.ts).
module.exports = async function requirePostgresUnderCi() {
  const url = process.env.DATABASE_URL || '';
  if (process.env.CI === 'true' && !/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('PostgreSQL suites: DATABASE_URL is not a postgres:// URL. With CI=true they must run, not skip.');
  }
};
