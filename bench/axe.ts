/**
 * The accessibility findings of the last axe run (test/e2e/axe.test.ts writes AXE_OUT, default
 * test-results/axe.json):
 *   BENCH axe_serious_critical <n> violations   (rule × page, the impacts that fail a page)
 *   BENCH axe_<impact> <n> violations           (every impact found)
 *   BENCH axe_pages <n> pages
 * With bench/results/axe-before.json (the same suite on the build before the accessibility fixes,
 * AXE_OUT=bench/results/axe-before.json) the figures of that run are printed beside, as axe_before_*.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.resolve(ROOT, process.env.AXE_OUT || 'test-results/axe.json');
const BEFORE = path.resolve(ROOT, 'bench/results/axe-before.json');

interface Report {
  routes: Array<{ route: string; violations: Array<{ id: string; impact: string }> }>;
  byImpact: Record<string, number>;
  seriousOrCritical: number;
}

function print(prefix: string, file: string): void {
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  console.log(`BENCH ${prefix}serious_critical ${report.seriousOrCritical} violations`);
  for (const impact of ['critical', 'serious', 'moderate', 'minor']) console.log(`BENCH ${prefix}${impact} ${report.byImpact[impact] ?? 0} violations`);
  console.log(`BENCH ${prefix}pages ${report.routes.length} pages`);
}

if (!existsSync(OUT)) {
  console.error(`${path.relative(ROOT, OUT)} is missing: run DIST_DIR=<build> npx jest test/e2e/axe.test.ts first`);
  process.exit(1);
}
print('axe_', OUT);
if (existsSync(BEFORE) && BEFORE !== OUT) print('axe_before_', BEFORE);
