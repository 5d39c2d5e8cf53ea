/**
 * The PostgreSQL suites skip on a developer's machine without DATABASE_URL=postgres://…, and fail
 * under CI=true (a CI run must not report green for code it never ran on PostgreSQL).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { postgresUrlFor } from '../support/postgres';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');

describe('the PostgreSQL suites without a PostgreSQL DATABASE_URL', () => {
  test('under CI=true a suite refuses to skip', () => {
    expect(() => postgresUrlFor('test/pg/x', { CI: 'true', DATABASE_URL: '' } as unknown as NodeJS.ProcessEnv)).toThrow(
      'test/pg/x: DATABASE_URL is not a postgres:// URL, so there is no PostgreSQL server to run against. With CI=true the PostgreSQL suites must run, not skip.',
    );
    expect(() => postgresUrlFor('test/pg/x', { CI: 'true', DATABASE_URL: 'memory://' } as unknown as NodeJS.ProcessEnv)).toThrow(/must run, not skip/);
  });

  test('without CI a suite is skipped with a warning; with a postgres:// URL it runs on it', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      expect(postgresUrlFor('test/pg/x', {} as unknown as NodeJS.ProcessEnv)).toBeNull();
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('test/pg/x skipped: DATABASE_URL is not a postgres:// URL'));
    } finally {
      warn.mockRestore();
    }
    const url = 'postgres://u:p@127.0.0.1:5432/db';
    expect(postgresUrlFor('test/pg/x', { CI: 'true', DATABASE_URL: url } as unknown as NodeJS.ProcessEnv)).toBe(url);
  });

  test('`jest -c jest.pg.config.js` exits non-zero under CI=true and says why', () => {
    const run = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), '-c', 'jest.pg.config.js'], {
      cwd: ROOT,
      env: { ...process.env, CI: 'true', DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toContain('With CI=true they must run, not skip');
  });
});
