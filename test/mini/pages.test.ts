/**
 * Every page of app.json opened on each platform without an exception, and the experience-score
 * audits a logic-layer model can check (WeChat 体验评分), measured per page:
 * - setData: ≤ 20 calls per second, ≤ 256 KB per call after JSON.stringify;
 * - render tree: ≤ 1,000 nodes, depth < 30, ≤ 60 children per node;
 * - requests: ≤ 10 concurrent requests slower than 300 ms, every answer within 1 s on loopback, none failed;
 * - no JS exception, no deprecated host API, intervals cleared when a page unloads;
 * - no page unreachable from the app's navigation.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SHOP } from '../../server/src/demo/ids';
import { MiniHost, type Platform } from './host/host';
import { describePlatforms, distDir, harnessForFile } from './host/suite';
import { rootOf, treeStats } from './host/tree';

jest.setTimeout(300_000);
const h = harnessForFile();

interface PageAudit {
  route: string;
  errors: string[];
  setDataCalls: number;
  maxPerSecond: number;
  maxBytes: number;
  nodes: number;
  depth: number;
  maxChildren: number;
  slowConcurrent: number;
  slowest: number;
  failedRequests: string[];
  deprecated: string[];
}

function maxPerSecond(times: number[]): number {
  let best = 0;
  for (let i = 0, j = 0; i < times.length; i += 1) {
    while (times[i] - times[j] >= 1000) j += 1;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

async function audit(host: MiniHost, route: string): Promise<PageAudit> {
  const sd0 = host.setDataLog.length;
  const rq0 = host.requests.length;
  const er0 = host.errors.length;
  const dp0 = host.deprecatedCalls.length;
  await host.open(`/${route}`);
  await host.settle();
  const sd = host.setDataLog.slice(sd0);
  const rq = host.requests.slice(rq0);
  const stats = treeStats(rootOf(host.currentPage.data));
  const slow = rq.filter((r) => r.ms > 300);
  return {
    route,
    errors: host.errors.slice(er0).map((e) => `${e.where}: ${e.message.split('\n')[0]}`),
    setDataCalls: sd.length,
    maxPerSecond: maxPerSecond(sd.map((r) => r.at)),
    maxBytes: sd.reduce((m, r) => Math.max(m, r.bytes), 0),
    ...stats,
    slowConcurrent: slow.reduce((m, r) => Math.max(m, slow.filter((o) => o.startedAt < r.endedAt && o.endedAt > r.startedAt).length), 0),
    slowest: rq.reduce((m, r) => Math.max(m, r.ms), 0),
    failedRequests: rq.filter((r) => r.failed || r.status >= 500).map((r) => `${r.status} ${r.url} ${r.failed ?? ''}`),
    deprecated: host.deprecatedCalls.slice(dp0).map((d) => d.api),
  };
}

const audits = new Map<Platform, PageAudit[]>();
const leaks = new Map<Platform, Array<{ route: string; count: number }>>();

describePlatforms('every page', (platform) => {

  const routes = (JSON.parse(fs.readFileSync(path.join(distDir(platform), 'app.json'), 'utf8')) as { pages: string[]; subPackages?: Array<{ root: string; pages: string[] }>; subpackages?: Array<{ root: string; pages: string[] }> });
  const all = [...routes.pages, ...(routes.subPackages ?? routes.subpackages ?? []).flatMap((s) => s.pages.map((p) => `${s.root}/${p}`))];

  test('app.json lists the 57 pages', () => {
    expect(all).toHaveLength(57);
  });

  test('all 57 pages open without an exception (each audited)', async () => {
    const host = h.host(platform);
    await host.launch({ query: { id: String(SHOP.restaurant) } });
    await host.settle();
    const list: PageAudit[] = [];
    for (const route of all) list.push(await audit(host, route));
    // back to the entry page: the last page unloads too
    await host.open(`/${all[0]}`);
    await host.settle();
    leaks.set(platform, host.leakedTimers);
    audits.set(platform, list);
    for (const a of list) {
      console.info(
        `${platform} ${a.route}: setData ${a.setDataCalls} (max ${a.maxPerSecond}/s, ${a.maxBytes} B), nodes ${a.nodes}, depth ${a.depth}, children ${a.maxChildren}, slowest request ${a.slowest} ms${a.errors.length ? `, ERRORS ${a.errors.join(' | ')}` : ''}${a.deprecated.length ? `, deprecated ${[...new Set(a.deprecated)].join(',')}` : ''}`,
      );
    }
    expect(list.filter((a) => a.errors.length > 0).map((a) => [a.route, a.errors])).toEqual([]);
  });

  const rule = (name: string, bad: (a: PageAudit) => string | null) =>
    test(`experience rule: ${name}`, () => {
      const list = audits.get(platform);
      if (!list) throw new Error('the page walk did not run');
      expect(list.map((a) => (bad(a) ? `${a.route}: ${bad(a)}` : null)).filter(Boolean)).toEqual([]);
    });

  rule('setData ≤ 20 calls per second', (a) => (a.maxPerSecond > 20 ? `${a.maxPerSecond}/s` : null));
  rule('setData ≤ 256 KB per call', (a) => (a.maxBytes > 256 * 1024 ? `${a.maxBytes} B` : null));
  rule('≤ 1,000 rendered nodes', (a) => (a.nodes > 1000 ? `${a.nodes} nodes` : null));
  rule('tree depth < 30', (a) => (a.depth >= 30 ? `depth ${a.depth}` : null));
  rule('≤ 60 children per node', (a) => (a.maxChildren > 60 ? `${a.maxChildren} children` : null));
  rule('≤ 10 concurrent requests slower than 300 ms', (a) => (a.slowConcurrent > 10 ? `${a.slowConcurrent} concurrent` : null));
  rule('every request answered within 1 s', (a) => (a.slowest > 1000 ? `${a.slowest} ms` : null));
  rule('no failed request', (a) => (a.failedRequests.length ? a.failedRequests.join('; ') : null));
  test('experience rule: no deprecated host API', () => {
    const list = audits.get(platform) ?? [];
    expect(list.filter((a) => a.deprecated.length > 0).map((a) => `${a.route}: ${[...new Set(a.deprecated)].join(', ')}`)).toEqual([]);
  });
  test('experience rule: intervals cleared when a page unloads', () => {
    expect(leaks.get(platform)).toEqual([]);
  });
  test('experience rule: no page unreachable from the app navigation', () => {
    // a page is reachable when it is the entry or a tab page, or some built script names its route
    const dir = distDir(platform);
    const scripts: string[] = [];
    const go = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) go(p);
        else if (e.name.endsWith('.js')) scripts.push(fs.readFileSync(p, 'utf8'));
      }
    };
    go(dir);
    const text = scripts.join('\n');
    const tabs = ((JSON.parse(fs.readFileSync(path.join(dir, 'app.json'), 'utf8')) as { tabBar?: { list?: Array<{ pagePath: string }>; items?: Array<{ pagePath: string }> } }).tabBar);
    const tabPages = (tabs?.list ?? tabs?.items ?? []).map((t) => t.pagePath);
    const unreachable = all.filter((r) => r !== all[0] && !tabPages.includes(r) && !text.includes(`/${r}`) && !text.includes(`"${r}"`));
    expect(unreachable).toEqual([]);
  });
});
