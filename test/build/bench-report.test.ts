/** The benchmark report: BENCH lines read, goals judged, references put beside their figures. */
import { BENCHES, meets, parseBenchLines, renderReport } from '../../bench/report';

describe('bench report', () => {
  it('reads BENCH lines with and without a unit, ignoring everything else', () => {
    const figures = parseBenchLines(
      ['warming up', 'BENCH pricing_median_ms 1.25 ms', '  BENCH pricing_vs_floor 3.4', 'BENCH x notanumber', 'note: BENCH y 1'].join('\n'),
    );
    expect([...figures.entries()]).toEqual([
      ['pricing_median_ms', { value: 1.25, unit: 'ms' }],
      ['pricing_vs_floor', { value: 3.4, unit: '' }],
    ]);
  });

  it('judges ≤, ≥ and = goals at their edges', () => {
    expect(meets({ op: '≤', value: 778240 }, 778240)).toBe(true);
    expect(meets({ op: '≤', value: 778240 }, 778241)).toBe(false);
    expect(meets({ op: '≥', value: 90 }, 89.9)).toBe(false);
    expect(meets({ op: '≥', value: 90 }, 90)).toBe(true);
    expect(meets({ op: '=', value: 0 }, 1)).toBe(false);
  });

  it('writes each figure beside its goal and its same-run reference; a missing figure is not met', () => {
    const pricing = BENCHES.find((b) => b.id === 'pricing');
    if (!pricing) throw new Error('pricing bench missing');
    const figures = parseBenchLines('BENCH pricing_median_ms 1.5 ms\nBENCH pricing_floor_median_ms 0.3 ms');
    const md = renderReport([{ spec: pricing, figures, seconds: 12, exitCode: 0, notes: [] }], { commit: 'abc1234', date: '2026-11-26 04:00 UTC', machine: '2 cores' });
    expect(md).toContain('| `pricing_median_ms` | 1.5 ms | ≤ 2 | yes | pricing_floor_median_ms 0.3 ms |');
    expect(md).toContain('| `pricing_p99_ms` | not measured |');
    // one goal (median ≤ 2 ms) in the pricing bench, met
    expect(md).toContain('**Goals met: 1 of 1.**');
    const sizes = BENCHES.find((b) => b.id === 'sizes');
    if (!sizes) throw new Error('sizes bench missing');
    const md2 = renderReport([{ spec: sizes, figures: new Map(), seconds: 0, exitCode: null, blockedBy: 'build missing: dist/h5/index.html', notes: [] }], {
      commit: 'abc1234',
      date: '2026-11-26 04:00 UTC',
      machine: '2 cores',
    });
    expect(md2).toContain('not run: build missing: dist/h5/index.html');
    // four size goals, none measured
    expect(md2).toContain('**Goals met: 0 of 4.**');
  });

  it('names a goal for every figure the issue asks for: sizes, menu, cart sync, pricing, server, orders, mini', () => {
    const goals = new Set(BENCHES.flatMap((b) => b.figures.filter((f) => f.goal).map((f) => f.name)));
    for (const name of [
      'weapp_main_bytes',
      'alipay_main_bytes',
      'h5_initial_js_gzip_bytes',
      'menu_first_product_ms',
      'cartsync_p99_ms_1node',
      'pricing_median_ms',
      'server_store_detail_rps',
      'orders_per_s_embedded',
      'mini_setdata_max_bytes',
    ])
      expect(goals.has(name)).toBe(true);
  });
});
