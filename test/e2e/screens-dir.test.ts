/**
 * Running the tests never rewrites the committed screenshots: `shot` writes to test-results/screens
 * (ignored by git) unless SCREENS_DIR says otherwise, as `npm run screens` does for docs/screens.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, SCREENS_DIR } from './harness';

test('the browser suites write their screenshots outside docs/screens, to a folder git ignores', () => {
  if (process.env.SCREENS_DIR) return; // `npm run screens` asks for docs/screens on purpose
  expect(path.relative(ROOT, SCREENS_DIR)).toBe(path.join('test-results', 'screens'));
  const ignored = execFileSync('git', ['check-ignore', path.join(SCREENS_DIR, 'home.png')], { cwd: ROOT, encoding: 'utf8' });
  expect(ignored.trim()).toBe(path.join(SCREENS_DIR, 'home.png'));
});

test('npm run screens refreshes docs/screens', () => {
  const pkg = require(path.join(ROOT, 'package.json')) as { scripts: Record<string, string> };
  expect(pkg.scripts.screens).toBe('node scripts/screens.mjs');
});
