#!/usr/bin/env node
// Runs jest and prints one closing line "<label>: N passed, N failed" that CI reads (jest's own summary
// is not one of the lines CI understands); with TEST_COUNTS_FILE set it also appends "passed failed
// skipped" to that file, which .ci/run sums.
//
// No tier flag: every project of jest.config.js (unit, dom, server, checks, e2e). A tier flag selects
// projects of that config with --selectProjects, or names another config:
//   --unit    unit + dom: no process, no browser, no dist/
//   --server  the API routes on in-memory PGlite (test/server)
//   --checks  the lint rules and the checks of the built dist/
//   --e2e     the browser suites (headless Chromium, dist/h5)
//   --pg      jest.pg.config.js: the PostgreSQL suites (DATABASE_URL=postgres://…)
//   --mini    jest.mini.config.js: the mini-program host model on the built dist/weapp and dist/alipay
// Other arguments go to jest as they are (file paths, --maxWorkers=2, …).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TIERS = {
  // both cores: the unit tier is CPU-bound and starts no process of its own
  unit: { label: 'unit', jest: ['--maxWorkers=2', '--selectProjects', 'unit', 'dom'] },
  server: { label: 'server', jest: ['--selectProjects', 'server'] },
  checks: { label: 'checks', jest: ['--selectProjects', 'checks'] },
  e2e: { label: 'e2e', jest: ['--selectProjects', 'e2e'] },
  pg: { label: 'postgres', jest: ['-c', 'jest.pg.config.js'] },
  mini: { label: 'mini programs', jest: ['-c', 'jest.mini.config.js', '--runInBand', '--forceExit'] },
};

const args = process.argv.slice(2);
const tiers = Object.keys(TIERS).filter((name) => args.includes(`--${name}`));
if (tiers.length > 1) {
  console.error(`run-tests: one tier at a time (given: ${tiers.map((t) => `--${t}`).join(' ')})`);
  process.exit(2);
}
const tier = tiers.length === 1 ? TIERS[tiers[0]] : { label: 'tests', jest: [] };
const rest = args.filter((a) => !tiers.some((name) => a === `--${name}`));
const out = join(mkdtempSync(join(tmpdir(), 'jest-')), 'result.json');
// the tier's options go last: --selectProjects takes every word after it, so a file path given after
// it would be read as one more project name
const jestArgs = ['jest', '--json', `--outputFile=${out}`, ...rest, ...tier.jest];
const run = spawnSync('npx', jestArgs, { stdio: 'inherit', env: process.env });

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(out)) {
  const result = JSON.parse(readFileSync(out, 'utf8'));
  passed = result.numPassedTests;
  failed = result.numFailedTests + (result.numRuntimeErrorTestSuites || 0);
  skipped = result.numPendingTests + result.numTodoTests;
} else {
  failed = 1;
}
if (process.env.TEST_COUNTS_FILE) {
  appendFileSync(process.env.TEST_COUNTS_FILE, `${passed} ${failed} ${skipped}\n`);
}
console.log(`${tier.label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
