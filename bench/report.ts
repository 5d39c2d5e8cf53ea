/**
 * `npm run bench`: every benchmark in one run, one after the other on a quiet machine, then
 * `bench/report.md` — each figure beside its goal and, where the benchmark measures one, the reference
 * (floor) measured in the same run: a bare Fastify route for the server, a bare `ws` room for the cart
 * sync (and one committing a row per operation), raw decimal.js operations for pricing, the order's own
 * statements issued bare on the same database for orders, a bare Taro page for the menu.
 *
 * Prerequisites are checked, never faked: the size, menu, Lighthouse and axe figures need the builds
 * (`npm run build:weapp && npm run build:alipay && npm run build:h5`, or `--build` here), the PostgreSQL
 * figures a `DATABASE_URL=postgres://…` and the two-node cart sync a `redis-server` on the PATH. A
 * figure that could not be measured is written as such, with the reason, and counts as not met.
 *
 *   npm run bench                      every benchmark, report written
 *   npm run bench -- --only=pricing,server   some of them (the report lists only those)
 *   npm run bench -- --build           build the three targets first
 *   npm run bench -- --out=<file>      write the report elsewhere
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';

const root = resolve(__dirname, '..');

type Comparison = '≤' | '≥' | '=';

/** A goal: the figure must be ≤, ≥ or = the value (in the figure's unit). */
interface Goal {
  op: Comparison;
  value: number;
}

interface FigureSpec {
  name: string;
  what: string;
  goal?: Goal;
  /** The same run's reference figure (a floor) this one is read beside. */
  reference?: string;
}

interface BenchSpec {
  id: string;
  title: string;
  /** The npm script that runs it. */
  script: string;
  figures: FigureSpec[];
  /** A reason it cannot run here, or undefined. */
  blocked?: () => string | undefined;
}

const dist = (...parts: string[]) => join(root, process.env.DIST_DIR || 'dist', ...parts);
const needs = (...files: string[]) => () => {
  const missing = files.filter((f) => !existsSync(f));
  return missing.length ? `build missing: ${missing.map((f) => f.replace(root + '/', '')).join(', ')}` : undefined;
};
const pgUrl = () => /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

export const BENCHES: BenchSpec[] = [
  {
    id: 'pricing',
    title: 'Pricing engine (200 lines, 40 activities, 30 coupons)',
    script: 'bench:pricing',
    figures: [
      { name: 'pricing_median_ms', what: 'one priceOrder, median', goal: { op: '≤', value: 2 }, reference: 'pricing_floor_median_ms' },
      { name: 'pricing_p99_ms', what: 'one priceOrder, p99' },
      { name: 'pricing_floor_median_ms', what: 'reference: the same count of raw decimal.js operations, median' },
      { name: 'pricing_floor_ops', what: 'decimal.js operations one priceOrder performs' },
      { name: 'pricing_vs_floor', what: 'pricing ÷ raw decimal.js' },
    ],
  },
  {
    id: 'server',
    title: 'Consumer API server (embedded database, 50 connections)',
    script: 'bench:server',
    figures: [
      { name: 'server_store_detail_rps', what: 'store/detail requests/s', goal: { op: '≥', value: 5000 }, reference: 'server_floor_store_detail_rps' },
      { name: 'server_store_detail_p99_ms', what: 'store/detail p99' },
      { name: 'server_products_rps', what: 'store/products requests/s', goal: { op: '≥', value: 5000 }, reference: 'server_floor_products_rps' },
      { name: 'server_products_p99_ms', what: 'store/products p99' },
      { name: 'server_floor_store_detail_rps', what: 'reference: bare Fastify route, same answer' },
      { name: 'server_floor_products_rps', what: 'reference: bare Fastify route, same answer' },
      { name: 'server_vs_floor', what: 'bare Fastify ÷ app, store/detail' },
      { name: 'server_products_vs_floor', what: 'bare Fastify ÷ app, store/products' },
    ],
  },
  {
    id: 'orders',
    title: 'Orders created and settled through the API',
    script: 'bench:orders',
    figures: [
      { name: 'orders_per_s_embedded', what: 'orders/s, embedded database', goal: { op: '≥', value: 200 }, reference: 'floor_inserts_per_s_embedded' },
      { name: 'cpu_ms_per_order_embedded', what: 'CPU ms per order, embedded' },
      { name: 'floor_inserts_per_s_embedded', what: 'reference: bare one-statement inserts/s, same driver' },
      { name: 'orders_vs_floor_embedded', what: 'orders/s ÷ bare inserts/s' },
      { name: 'pay_balance_per_s', what: 'member-balance payments/s (argon2 pay password)' },
      { name: 'orders_per_s_postgres', what: 'orders/s, PostgreSQL', goal: { op: '≥', value: 600 }, reference: 'floor_inserts_per_s_postgres' },
      { name: 'cpu_ms_per_order_postgres', what: 'CPU ms per order, PostgreSQL' },
      { name: 'floor_inserts_per_s_postgres', what: 'reference: bare inserts/s on PostgreSQL' },
      { name: 'orders_vs_floor_postgres', what: 'orders/s ÷ bare inserts/s' },
      { name: 'pay_balance_per_s_postgres', what: 'member-balance payments/s on PostgreSQL' },
      { name: 'orders_statements_per_order', what: 'SQL statements one order’s placement and cash settlement issue, embedded' },
      { name: 'orders_statements_per_order_postgres', what: 'the same on PostgreSQL (notice passes woken together run once)' },
      { name: 'orders_floor_same_statements_per_s_embedded', what: 'reference: those statements bare, one transaction per order, same driver, orders/s' },
      { name: 'cpu_ms_per_order_floor_embedded', what: 'reference: CPU ms per order of those bare statements, embedded' },
      { name: 'orders_vs_floor_same_statements_embedded', what: 'orders/s ÷ the same statements bare', reference: 'orders_floor_same_statements_per_s_embedded' },
      { name: 'orders_cpu_vs_floor_embedded', what: 'CPU per order ÷ the bare statements’ CPU, embedded', goal: { op: '≤', value: 1.5 }, reference: 'cpu_ms_per_order_floor_embedded' },
      { name: 'orders_floor_same_statements_per_s_postgres', what: 'reference: the same statements bare on PostgreSQL, orders/s' },
      { name: 'cpu_ms_per_order_floor_postgres', what: 'reference: CPU ms per order of those bare statements, PostgreSQL' },
      { name: 'orders_vs_floor_same_statements_postgres', what: 'orders/s ÷ the same statements bare, PostgreSQL', reference: 'orders_floor_same_statements_per_s_postgres' },
      { name: 'orders_cpu_vs_floor_postgres', what: 'CPU per order ÷ the bare statements’ CPU, PostgreSQL', goal: { op: '≤', value: 1.5 }, reference: 'cpu_ms_per_order_floor_postgres' },
    ],
  },
  {
    id: 'cart-sync',
    title: 'Table cart sync (1,000 diners in 250 rooms, one operation a second each)',
    script: 'bench:cart-sync',
    figures: [
      { name: 'cartsync_p50_ms_1node', what: 'operation → every other diner, p50, one node' },
      { name: 'cartsync_p99_ms_1node', what: 'p99, one node', goal: { op: '≤', value: 50 }, reference: 'cartsync_floor_p99_ms' },
      { name: 'cartsync_p99_ms_2nodes', what: 'p99, two nodes on PostgreSQL + Redis', goal: { op: '≤', value: 80 }, reference: 'cartsync_floor_p99_ms' },
      { name: 'cartsync_floor_p99_ms', what: 'reference: bare `ws` room fan-out, p99' },
      { name: 'cartsync_p99_1node_vs_floor', what: 'one node ÷ bare ws', goal: { op: '≤', value: 2 } },
      { name: 'cartsync_p99_2nodes_vs_floor', what: 'two nodes ÷ bare ws' },
      { name: 'cartsync_floor_committed_p99_ms', what: 'reference: the same fan-out committing one row per operation (PGlite) first, p99' },
      { name: 'cartsync_floor_committed_p99_ms_2nodes', what: 'reference: two committing relays on PostgreSQL + Redis, p99' },
      { name: 'cartsync_p99_1node_vs_committed_floor', what: 'one node ÷ committed floor', goal: { op: '≤', value: 2 } },
      { name: 'cartsync_p99_2nodes_vs_committed_floor', what: 'two nodes ÷ committed floor (two nodes)', goal: { op: '≤', value: 2 } },
      { name: 'cartsync_lost', what: 'acknowledged operations some diner never received', goal: { op: '=', value: 0 } },
      { name: 'cartsync_duplicated', what: 'events received twice', goal: { op: '=', value: 0 } },
      { name: 'cartsync_metrics_sockets_match_1node', what: '/metrics sockets and rooms equal the bench’s (1 = yes)' },
      { name: 'cartsync_metrics_statements_per_op_1node', what: '/metrics statements per cart operation' },
      { name: 'cartsync_rolling_restart_lost', what: 'rolling restart of two nodes behind HAProxy, 1,000 diners at the lunch’s 225 ops/s: acknowledged operations lost or doubled', goal: { op: '=', value: 0 } },
      { name: 'cartsync_rolling_restart_http_5xx', what: 'its HTTP reads and order attempts answered 5xx', goal: { op: '=', value: 0 } },
      { name: 'cartsync_rolling_restart_orders', what: 'orders placed through the balancer meanwhile (5 a second, each under its idempotency key) and acknowledged' },
      { name: 'cartsync_rolling_restart_orders_lost_or_doubled', what: 'acknowledged orders missing from the database, and orders in it beyond the acknowledged', goal: { op: '=', value: 0 } },
      { name: 'cartsync_rolling_restart_reconnect_p99_ms', what: 'a socket’s close → its snapshot again, p99', goal: { op: '≤', value: 2000 } },
      { name: 'cartsync_rolling_restart_p99_ms', what: 'acknowledgement latency during the restarts, p99' },
      { name: 'cartsync_rolling_restart_reads_reset', what: 'reads the balancer reset' },
      { name: 'cartsync_rolling_restart_stop_max_ms', what: 'SIGTERM → exit, the longer of the two (1 s grace + the hand-off)' },
      { name: 'cartsync_rolling_restart_stress_lost', what: 'the same at 1,000 ops/s (the 2-core machine 164–188 % busy before any restart): lost or doubled', goal: { op: '=', value: 0 } },
      { name: 'cartsync_rolling_restart_stress_http_5xx', what: 'its 5xx (HAProxy’s own 503 while both nodes were out)' },
      { name: 'cartsync_rolling_restart_stress_orders', what: 'its orders acknowledged' },
      { name: 'cartsync_rolling_restart_stress_orders_lost_or_doubled', what: 'its orders lost or doubled', goal: { op: '=', value: 0 } },
      { name: 'cartsync_rolling_restart_stress_reconnect_p99_ms', what: 'its close → snapshot, p99 (docs/operations.md: the machine, not the restart)' },
      { name: 'cartsync_rolling_restart_stress_p99_ms', what: 'its acknowledgement latency during the restarts, p99' },
      { name: 'cartsync_rolling_restart_stress_reads_reset', what: 'its reads reset' },
      { name: 'cartsync_rolling_restart_stress_stop_max_ms', what: 'its longest stop' },
    ],
  },
  {
    id: 'console',
    title: 'Staff console board (100 shops on two nodes, PostgreSQL + Redis, 2 orders a minute each, staff accept and complete)',
    script: 'bench:console',
    blocked: () => (pgUrl() ? undefined : 'DATABASE_URL is not a postgres:// URL'),
    figures: [
      { name: 'console_order_to_board_p50_ms', what: 'order/confirm sent on node A → its card on the board socket on node B, p50' },
      { name: 'console_order_to_board_p99_ms', what: 'p99', goal: { op: '≤', value: 1000 }, reference: 'console_floor_p99_ms' },
      { name: 'console_floor_p99_ms', what: 'reference: a bare bus publish → the board socket on node B, p99' },
      { name: 'console_order_to_board_p99_ms_vs_floor', what: 'order → board ÷ bare publish' },
      { name: 'console_act_to_board_p99_ms', what: 'a staff action → its card on the board, p99' },
      { name: 'console_lost', what: 'orders that never reached their board', goal: { op: '=', value: 0 } },
      { name: 'console_duplicated', what: 'cards shown twice', goal: { op: '=', value: 0 } },
      { name: 'console_stale_cards', what: 'a card replaced by an older state', goal: { op: '=', value: 0 } },
      { name: 'console_board_missing', what: 'orders missing from the board fetched at the end', goal: { op: '=', value: 0 } },
    ],
  },
  {
    id: 'menu-render',
    title: 'The 1,000-product menu in Chromium, 375×812, 4× CPU throttling',
    script: 'bench:menu',
    blocked: needs(dist('h5', 'index.html')),
    figures: [
      { name: 'menu_first_product_ms', what: 'navigation → first product row, first launch, median', goal: { op: '≤', value: 800 }, reference: 'menu_floor_first_paint_ms' },
      { name: 'menu_first_product_warm_ms', what: 'the same for a returning customer' },
      { name: 'menu_longest_task_ms', what: 'longest main-thread task scrolling to the end', goal: { op: '≤', value: 50 } },
      { name: 'menu_floor_first_paint_ms', what: "reference: the app's smallest page, same run" },
      { name: 'menu_vs_floor', what: 'menu ÷ smallest page' },
      { name: 'menu_floor_bare_taro_ms', what: 'reference: a bare Taro 4 + React page of 20 rows, same settings and server, interleaved, first launch' },
      { name: 'menu_floor_bare_taro_warm_ms', what: "reference: the bare page's warm launch" },
      { name: 'menu_vs_bare_taro', what: 'menu ÷ bare Taro page, median of per-round ratios', goal: { op: '≤', value: 1.5 } },
      { name: 'menu_floor_first_paint_vs_bare_taro', what: 'smallest page ÷ bare Taro page: the app’s own start-up', goal: { op: '≤', value: 1.2 } },
      { name: 'menu_warm_vs_bare_taro_warm', what: "returning customer's menu ÷ bare page's warm launch", goal: { op: '≤', value: 1.5 } },
      { name: 'menu_scripts_before_first_row', what: 'scripts loaded when the menu’s first row shows' },
      { name: 'menu_script_gzip_bytes_before_first_row', what: 'their gzip bytes', goal: { op: '≤', value: 130_000 } },
      { name: 'bare_taro_scripts_before_first_row', what: 'the same for the bare Taro page' },
      { name: 'bare_taro_script_gzip_bytes_before_first_row', what: 'their gzip bytes' },
      { name: 'smallest_page_scripts_before_first_row', what: 'the same for the smallest page' },
      { name: 'smallest_page_script_gzip_bytes_before_first_row', what: 'their gzip bytes' },
    ],
  },
  {
    id: 'sizes',
    title: 'Package sizes',
    script: 'bench:size',
    blocked: needs(dist('weapp', 'app.json'), dist('alipay', 'app.json'), dist('h5', 'index.html')),
    figures: [
      { name: 'weapp_main_bytes', what: 'chat-app mini program, main package', goal: { op: '≤', value: 740 * 1024 } },
      { name: 'weapp_total_bytes', what: 'chat-app mini program, every package', goal: { op: '≤', value: 20 * 1024 * 1024 } },
      { name: 'alipay_main_bytes', what: 'payment-app mini program, main package', goal: { op: '≤', value: 710 * 1024 } },
      { name: 'h5_initial_js_gzip_bytes', what: 'H5: gzip JS loaded before the first page is interactive', goal: { op: '≤', value: 150 * 1024 } },
    ],
  },
  {
    id: 'mini',
    title: 'Mini programs in the host model',
    script: 'bench:mini',
    blocked: needs(dist('weapp', 'app.json'), dist('alipay', 'app.json')),
    figures: [{ name: 'mini_setdata_max_bytes', what: 'largest single setData over the scenarios', goal: { op: '≤', value: 65536 } }],
  },
  {
    id: 'lighthouse',
    title: 'Lighthouse (mobile) and axe-core on the H5 site',
    script: 'bench:lighthouse',
    blocked: needs(dist('h5', 'index.html')),
    figures: ['entry', 'menu', 'confirm', 'member', 'console']
      .flatMap((page) =>
        ['performance', 'accessibility', 'best-practices']
          .map(
            (category): FigureSpec => ({
              name: `lighthouse_${page}_${category.replace('-', '_')}`,
              what: `${page}: ${category} score`,
              // on a phone: performance ≥ 95, the other categories ≥ 90
              goal: { op: '≥', value: category === 'performance' ? 95 : 90 },
            }),
          )
          .concat([{ name: `lighthouse_${page}_lcp_ms`, what: `${page}: largest contentful paint (simulated mobile)`, goal: { op: '≤', value: 2500 } }]),
      )
      .concat([{ name: 'axe_serious_critical', what: 'axe-core serious or critical violations over every route', goal: { op: '=', value: 0 } }]),
  },
];

export interface Figure {
  value: number;
  unit: string;
}

/** The `BENCH <name> <value> [unit]` lines of a benchmark's output. */
export function parseBenchLines(text: string): Map<string, Figure> {
  const out = new Map<string, Figure>();
  for (const line of text.split('\n')) {
    const m = /^BENCH\s+(\S+)\s+(-?[\d.]+(?:e[+-]?\d+)?)\s*(.*)$/.exec(line.trim());
    if (m) out.set(m[1], { value: Number(m[2]), unit: m[3].trim() });
  }
  return out;
}

export function meets(goal: Goal, value: number): boolean {
  if (goal.op === '≤') return value <= goal.value;
  if (goal.op === '≥') return value >= goal.value;
  return value === goal.value;
}

const fmt = (n: number): string => (Number.isInteger(n) ? n.toLocaleString('en-US') : String(Number(n.toPrecision(4))));

interface BenchRun {
  spec: BenchSpec;
  figures: Map<string, Figure>;
  seconds: number;
  exitCode: number | null;
  blockedBy?: string;
  notes: string[];
}

/** The report's markdown for the runs of this invocation. */
export function renderReport(runs: BenchRun[], meta: { commit: string; date: string; machine: string }): string {
  const lines: string[] = [];
  let met = 0;
  let missed = 0;
  const body: string[] = [];
  for (const run of runs) {
    body.push(`## ${run.spec.title}`, '');
    body.push(`\`npm run ${run.spec.script}\` — ${run.blockedBy ? `not run: ${run.blockedBy}` : `${run.seconds.toFixed(0)} s, exit ${run.exitCode}`}`, '');
    body.push('| Figure | Value | Goal | Met | Reference (same run) | What |', '|---|---|---|---|---|---|');
    for (const f of run.spec.figures) {
      const got = run.figures.get(f.name);
      const value = got ? `${fmt(got.value)}${got.unit ? ` ${got.unit}` : ''}` : 'not measured';
      let status = '';
      if (f.goal) {
        const ok = got !== undefined && meets(f.goal, got.value);
        if (ok) met++;
        else missed++;
        status = ok ? 'yes' : '**no**';
      }
      const goal = f.goal ? `${f.goal.op} ${fmt(f.goal.value)}` : '';
      const ref = f.reference ? run.figures.get(f.reference) : undefined;
      const refText = f.reference ? (ref ? `${f.reference} ${fmt(ref.value)}${ref.unit ? ` ${ref.unit}` : ''}` : `${f.reference}: not measured`) : '';
      body.push(`| \`${f.name}\` | ${value} | ${goal} | ${status} | ${refText} | ${f.what} |`);
    }
    const extra = [...run.figures.keys()].filter((k) => !run.spec.figures.some((f) => f.name === k));
    for (const k of extra) {
      const got = run.figures.get(k) as Figure;
      body.push(`| \`${k}\` | ${fmt(got.value)}${got.unit ? ` ${got.unit}` : ''} | | | | |`);
    }
    if (run.notes.length) body.push('', ...run.notes.map((n) => `> ${n}`));
    body.push('');
  }
  lines.push('# Benchmark report', '');
  lines.push(`Written by \`npm run bench\` (bench/report.ts) on ${meta.date}, commit \`${meta.commit}\`, ${meta.machine}.`);
  lines.push('Every figure below comes from this one run; references (floors) were measured in the same run, on the same');
  lines.push('machine and load, so a ratio to its reference moves with the code, not with the machine.', '');
  lines.push(`**Goals met: ${met} of ${met + missed}.**`, '');
  return [...lines, ...body].join('\n');
}

function run(script: string): Promise<{ out: string; code: number | null }> {
  return new Promise((done) => {
    const child = spawn('npm', ['run', '-s', script], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      process.stdout.write(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      out += d.toString();
      process.stderr.write(d);
    });
    child.on('close', (code) => done({ out, code }));
  });
}

/** The lines of a benchmark's output that explain a missing figure (stderr notes of the benches). */
function notesOf(out: string, figures: Map<string, Figure>, spec: BenchSpec): string[] {
  const missing = spec.figures.filter((f) => !figures.has(f.name));
  if (!missing.length) return [];
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('BENCH') && /(skip|not |missing|need|unavailable|postgres|redis)/i.test(l))
    .slice(0, 5);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
  const outFile = resolve(root, args.find((a) => a.startsWith('--out='))?.slice('--out='.length) ?? 'bench/report.md');
  if (args.includes('--build')) {
    for (const target of ['weapp', 'alipay', 'h5']) {
      const env = { ...process.env, API_BASE_URL: target === 'h5' ? '' : process.env.API_BASE_URL || 'http://127.0.0.1:8080' };
      const b = spawnSync('npm', ['run', '-s', `build:${target}`], { cwd: root, env, stdio: 'inherit' });
      if (b.status !== 0) throw new Error(`build:${target} failed`);
    }
  }
  if (!pgUrl()) console.error('DATABASE_URL is not a postgres:// URL: the PostgreSQL and two-node figures are not measured');
  const runs: BenchRun[] = [];
  for (const spec of BENCHES.filter((b) => !only || only.includes(b.id))) {
    const blockedBy = spec.blocked?.();
    console.log(`\n=== ${spec.id} (${spec.script}) ===`);
    if (blockedBy) {
      console.log(`not run: ${blockedBy}`);
      runs.push({ spec, figures: new Map(), seconds: 0, exitCode: null, blockedBy, notes: [] });
      continue;
    }
    const started = Date.now();
    const { out, code } = await run(spec.script);
    const figures = parseBenchLines(out);
    runs.push({ spec, figures, seconds: (Date.now() - started) / 1000, exitCode: code, notes: notesOf(out, figures, spec) });
  }
  const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim() || 'unknown';
  const cpus = os.cpus();
  const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} at the end`;
  const report = renderReport(runs, { commit, date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC', machine });
  mkdirSync(dirname(outFile), { recursive: true });
  const previous = existsSync(outFile) ? readFileSync(outFile, 'utf8') : '';
  writeFileSync(outFile, report + '\n');
  console.log(`\nreport written: ${outFile.replace(root + '/', '')}${previous ? ' (replaced the previous one)' : ''}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
