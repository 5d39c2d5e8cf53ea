#!/usr/bin/env node
// Refreshes the committed screenshots in docs/screens: runs the browser suites (they need the H5
// build, npm run build:h5, and Chromium) with SCREENS_DIR=docs/screens. A normal test run writes its
// screenshots to test-results/screens instead, so it never rewrites docs/screens.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const suites = [
  'test/e2e/ordering.test.ts',
  'test/e2e/flows.test.ts',
  'test/e2e/screens.test.ts',
  'test/e2e/table.test.ts',
  'test/e2e/member-account.test.ts',
  'test/e2e/member-wallet.test.ts',
  'test/e2e/promotions.test.ts',
  'test/e2e/points-mall.test.ts',
  'test/e2e/member-price.test.ts',
  'test/e2e/route-walk.test.ts',
  'test/e2e/languages.test.ts',
];
const run = spawnSync('npx', ['jest', '--runInBand', ...suites, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SCREENS_DIR: join(root, 'docs/screens') },
});
process.exit(run.status ?? 1);
