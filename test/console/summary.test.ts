/**
 * The day summary's store without a server: today's figures on opening, another day and back, never
 * past today, a board change refreshing today's figures (changes during a fetch make one more, not
 * one each; another day's figures are not refetched), an error shown, and nothing kept when the shop changes.
 */
import type { DaySummary } from '../../src/api/contract/console-summary';
import { ConsoleApi } from '../../console/src/api';
import { ClockStore } from '../../console/src/stores/clock';
import { SummaryStore, addDays } from '../../console/src/stores/summary';
import { T0, failure, flush, ok, scriptedFetch } from './fixtures';

const TODAY = '2026-11-26';

const day = (over: Partial<DaySummary> = {}): DaySummary => ({
  date: TODAY,
  dayStart: Date.UTC(2026, 10, 25, 16),
  dayEnd: Date.UTC(2026, 10, 26, 16),
  utcOffsetMinutes: 480,
  decimals: 2,
  placed: 3,
  byType: [{ type: 'dine', count: 3 }],
  completed: 1,
  cancelled: 1,
  open: 1,
  awaitingPayment: { count: 1, amount: 61.3 },
  sales: 75.6,
  paidCount: 2,
  refunds: 25.2,
  refundCount: 1,
  refundsPending: { count: 0, amount: 0 },
  net: 50.4,
  averageTicket: 37.8,
  byPayType: [],
  today: TODAY,
  serverTime: T0,
  ...over,
});

/** Answers each daySummary with the day asked for (today without a date). */
const byDate = (req: unknown) => {
  const date = (req as { date?: string }).date ?? TODAY;
  return ok(day({ date, sales: date === TODAY ? 75.6 : 10 }));
};

function storeWith(fetch = scriptedFetch({ daySummary: byDate })) {
  let now = T0;
  const clock = new ClockStore(() => now);
  const store = new SummaryStore(new ConsoleApi({ fetch }), clock);
  store.setShop(1001);
  const advance = (ms: number) => {
    now += ms;
    clock.tick();
  };
  return { store, fetch, advance };
}

test('addDays crosses months and years', () => {
  expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
  expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
});

test('opening the page fetches today for the shop on screen', async () => {
  const { store, fetch } = storeWith();
  await store.show();
  expect(fetch.calls).toEqual([{ path: 'daySummary', body: { shopId: 1001 } }]);
  expect(store.summary!.sales).toBe(75.6);
  expect(store.isToday).toBe(true);
});

test('a day back, then forward to today again; never past today', async () => {
  const { store, fetch } = storeWith();
  await store.show();
  await store.step(-1);
  expect(fetch.calls[1].body).toEqual({ shopId: 1001, date: '2026-11-25' });
  expect(store.summary!.date).toBe('2026-11-25');
  expect(store.isToday).toBe(false);
  await store.step(1);
  // today again: asked for without a date, so it stays "today" after midnight too
  expect(fetch.calls[2].body).toEqual({ shopId: 1001 });
  expect(store.date).toBeNull();
  await store.goTo('2026-12-31');
  expect(fetch.calls[3].body).toEqual({ shopId: 1001 });
});

test("a change on the board refreshes today's figures, once more after a fetch in flight, and not another day's", async () => {
  // each answer waits until the test releases it
  const releases: Array<() => void> = [];
  const fetch = scriptedFetch({ daySummary: byDate });
  const gated = (async (url: string, init: { body: string }) => {
    await new Promise<void>((resolve) => releases.push(resolve));
    return fetch(url, init as never);
  }) as unknown as typeof fetch;
  const { store } = storeWith(Object.assign(gated, { calls: fetch.calls }));
  const opened = store.show();
  releases.shift()!();
  await opened;
  expect(fetch.calls).toHaveLength(1);
  // a change: one fetch; three more while it is in flight: one more after it, not three
  store.changed();
  await flush();
  store.changed();
  store.changed();
  store.changed();
  releases.shift()!();
  await flush();
  releases.shift()!();
  await flush();
  expect(fetch.calls).toHaveLength(3);
  expect(releases).toHaveLength(0);
  // another day on screen: a change fetches nothing
  const back = store.step(-1);
  releases.shift()!();
  await back;
  store.changed();
  await flush();
  expect(fetch.calls).toHaveLength(4);
  // the page closed: nothing either
  store.hide();
  store.changed();
  await flush();
  expect(fetch.calls).toHaveLength(4);
});

test('an error is shown and the figures kept; another shop starts empty', async () => {
  const fetch = scriptedFetch({ daySummary: [ok(day()), failure('staffForbidden')] });
  const { store } = storeWith(fetch);
  await store.show();
  await store.show();
  expect(store.error?.code).toBe('staffForbidden');
  expect(store.summary!.sales).toBe(75.6);
  store.setShop(1002);
  expect(store.summary).toBeNull();
  store.clear();
  expect(store.shopId).toBeNull();
});
