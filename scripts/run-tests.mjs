#!/usr/bin/env node
// Runs jest (default suites, or the config given with --pg) and prints one closing line
// "N passed, N failed" that CI reads (jest's own summary is not one of the lines CI understands).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const args = process.argv.slice(2);
const pg = args.includes('--pg');
// --mini: the mini-program host model on the built dist/weapp and dist/alipay (jest.mini.config.js)
const mini = args.includes('--mini');
const rest = args.filter((a) => a !== '--pg' && a !== '--mini');
const out = join(mkdtempSync(join(tmpdir(), 'jest-')), 'result.json');
const jestArgs = ['jest', '--json', `--outputFile=${out}`, ...(pg ? ['-c', 'jest.pg.config.js'] : []), ...(mini ? ['-c', 'jest.mini.config.js', '--runInBand', '--forceExit'] : []), ...rest];
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
const label = pg ? 'postgres' : mini ? 'mini programs' : 'tests';
if (process.env.TEST_COUNTS_FILE) {
  appendFileSync(process.env.TEST_COUNTS_FILE, `${passed} ${failed} ${skipped}\n`);
}
console.log(`${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
