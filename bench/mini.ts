/**
 * Largest single setData over the host-model scenarios (test/mini/scenarios.test.ts run on the built
 * dist/weapp and dist/alipay against the real server). Goal: ≤ 64 KB (WeChat's hard limit per call is
 * 256 KB after JSON.stringify; large calls are what make a page's render slow).
 *
 *   npm run bench:mini   →   BENCH mini_setdata_max_bytes <n> bytes
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.join(__dirname, '..');
const report = path.join(root, 'dist', 'mini-setdata.json');
const GOAL = 64 * 1024;

if (!fs.existsSync(path.join(root, 'dist', 'weapp', 'app.json')) && !fs.existsSync(path.join(root, 'dist', 'alipay', 'app.json'))) {
  console.log('bench:mini skipped: no dist/weapp or dist/alipay build (npm run build:weapp / build:alipay)');
  process.exit(process.env.CI === 'true' ? 1 : 0);
}
fs.rmSync(report, { force: true });
const run = spawnSync('npx', ['jest', '-c', 'jest.mini.config.js', '--runInBand', 'test/mini/scenarios.test.ts'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: process.env,
});
if (!fs.existsSync(report)) {
  console.error('bench:mini: the scenarios wrote no setData report');
  process.exit(1);
}
const all = JSON.parse(fs.readFileSync(report, 'utf8')) as Record<string, { max: number; route: string; calls: number }>;
const rows = Object.entries(all).sort((a, b) => b[1].max - a[1].max);
for (const [name, r] of rows) console.log(`  ${name.padEnd(44)} ${String(r.max).padStart(7)} bytes  ${r.route} (${r.calls} calls)`);
const max = rows[0]?.[1].max ?? 0;
console.log(`BENCH mini_setdata_max_bytes ${max} bytes`);
console.log(`goal ≤ ${GOAL} bytes: ${max <= GOAL ? 'met' : 'NOT met'}; scenarios ${run.status === 0 ? 'passed' : 'had failures'}`);
