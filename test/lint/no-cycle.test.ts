/**
 * import/no-cycle (docs/architecture.md §2 Boundaries enforced by lint: no import cycles) reads TypeScript only with the import/parsers,
 * import/extensions and import/resolver settings of .eslintrc.js. The fixtures hold a deliberate
 * two-file cycle; they are left out of the normal lint run by .eslintignore.
 */
import path from 'node:path';
import { ESLint } from 'eslint';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');

test('the import/no-cycle rule reports a two-file cycle between TypeScript modules', async () => {
  const eslint = new ESLint({ cwd: ROOT, ignore: false });
  const results = await eslint.lintFiles(['test/lint/fixtures/cycle-a.ts', 'test/lint/fixtures/cycle-b.ts']);
  const cycles = results.map((r) => ({
    file: path.basename(r.filePath),
    rules: r.messages.map((m) => `${m.ruleId}:${m.line}`),
  }));
  expect(cycles).toEqual([
    { file: 'cycle-a.ts', rules: ['import/no-cycle:2'] },
    { file: 'cycle-b.ts', rules: ['import/no-cycle:2'] },
  ]);
});

test('the cycle fixtures are left out of the normal lint run', async () => {
  const eslint = new ESLint({ cwd: ROOT });
  expect(await eslint.isPathIgnored(path.join(ROOT, 'test/lint/fixtures/cycle-a.ts'))).toBe(true);
  expect(await eslint.isPathIgnored(path.join(ROOT, 'test/lint/cycle.test.ts'))).toBe(false);
});
