/**
 * Fakes for the console's store tests: a board order valid against the contract, a scripted fetch
 * answering per call path, a fake WebSocket and manual timers.
 */
import type { BoardOrder, StaffMe } from '../../src/api/contract/console';
import { BoardOrder as BoardOrderSchema } from '../../src/api/contract/console';
import type { FetchLike } from '../../console/src/api';
import type { SocketLike } from '../../console/src/stores/live';
import { RootStore, type RootDeps } from '../../console/src/stores/root';

export const T0 = Date.UTC(2026, 10, 26, 4, 0, 0); // 12:00 in Shanghai

export function order(over: Partial<BoardOrder> = {}): BoardOrder {
  const base: BoardOrder = {
    goodsAmount: 30,
    deliveryFee: 0,
    packFee: 0,
    dishwareAmount: 0,
    serviceCharge: 0,
    tableFee: 0,
    taxAmount: 0,
    roundingAmount: 0,
    couponAmount: 0,
    pointsDeduction: 0,
    pointsUsed: 0,
    vipDiscount: 0,
    discountAmount: 0,
    total: 30,
    adjustments: [],
    id: 1,
    orderNo: 'R20261126000001',
    shopId: 1001,
    shopName: 'Demo',
    type: 'selfPickup',
    createdAt: T0,
    status: 'pending',
    payStatus: 1,
    payType: 'weixin',
    note: '',
    merchantNote: '',
    tableNo: null,
    people: null,
    contact: null,
    appointmentTime: null,
    pickupTime: 'ASAP',
    deliveryTime: null,
    service: null,
    couponId: null,
    couponName: null,
    paidAmount: 30,
    payDeadline: null,
    daySeq: 1,
    isPickerPack: false,
    lines: [
      {
        flag: 'p1',
        productId: 11,
        name: 'Dumplings',
        specName: 'Large',
        tastes: [],
        tastesName: 'Spicy',
        mealset: [],
        mealsetNames: '',
        quantity: 2,
        price: 15,
        originalPrice: 15,
        amount: 30,
        discountAmount: 0,
      },
    ],
    updatedAt: T0,
    column: 'new',
    actions: ['accept', 'refuse'],
    multiGroupNo: null,
    refundState: null,
    refuseReason: null,
    ...over,
  };
  return BoardOrderSchema.parse(base);
}

export const ME: StaffMe = {
  id: 7,
  username: 'staff-1001',
  role: 'staff',
  shopId: 1001,
  shops: [{ id: 1001, name: 'Demo restaurant' }],
  sessionEndsAt: T0 + 8 * 3600_000,
};

export type Reply = { status?: number; body: unknown } | ((req: unknown) => { status?: number; body: unknown });

/** A fetch answering from `replies[path]` (a list: one reply per call, the last repeats). */
export function scriptedFetch(replies: Record<string, Reply | Reply[]>): FetchLike & { calls: Array<{ path: string; body: unknown }> } {
  const used: Record<string, number> = {};
  const calls: Array<{ path: string; body: unknown }> = [];
  const f = (async (url: string, init: { body: string }) => {
    const path = url.replace('/console/api/', '');
    const body = JSON.parse(init.body) as unknown;
    calls.push({ path, body });
    const list = replies[path];
    if (!list) throw new Error(`unscripted call ${path}`);
    const arr = Array.isArray(list) ? list : [list];
    const i = Math.min(used[path] ?? 0, arr.length - 1);
    used[path] = (used[path] ?? 0) + 1;
    const r = arr[i];
    const reply = typeof r === 'function' ? r(body) : r;
    return { status: reply.status ?? 200, json: async () => reply.body };
  }) as unknown as FetchLike & { calls: Array<{ path: string; body: unknown }> };
  f.calls = calls;
  return f;
}

export const ok = (info: unknown) => ({ body: { result: true, info } });
export const failure = (code: string, extra: Record<string, unknown> = {}, status = 200) => ({ status, body: { result: false, info: code, code, ...extra } });

export class FakeSocket implements SocketLike {
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.onopen?.({});
  }
  send(message: unknown): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006): void {
    this.onclose?.({ code });
  }
}

/** Timers run by hand: `advance(ms)` fires what falls due. */
export class ManualTimers {
  now = 0;
  private seq = 0;
  private pending = new Map<number, { at: number; fn: () => void; every?: number }>();
  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.pending.set(id, { at: this.now + ms, fn });
    return id;
  };
  clearTimeout = (h: unknown): void => {
    this.pending.delete(h as number);
  };
  setInterval = (fn: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.pending.set(id, { at: this.now + ms, fn, every: ms });
    return id;
  };
  clearInterval = (h: unknown): void => {
    this.pending.delete(h as number);
  };
  get waiting(): number[] {
    return [...this.pending.values()].filter((p) => p.every === undefined).map((p) => p.at - this.now);
  }
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, p]) => p.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, p] = due;
      this.now = p.at;
      if (p.every !== undefined) p.at += p.every;
      else this.pending.delete(id);
      p.fn();
    }
    this.now = end;
  }
}

/** Lets pending promise callbacks run. */
export const flush = async (): Promise<void> => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
  await new Promise((r) => setImmediate(r));
};

export function makeRoot(fetch: FetchLike, over: Partial<RootDeps> = {}) {
  const timers = new ManualTimers();
  const sockets: FakeSocket[] = [];
  let clock = T0;
  let hash = '';
  const store = new RootStore({
    fetch,
    socket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    socketUrl: (shopId) => `ws://shop.test/console/ws?shopId=${shopId}`,
    timers,
    random: () => 0.5,
    now: () => clock,
    language: 'en',
    hash: { get: () => hash, set: (h) => (hash = h) },
    audio: null,
    ...over,
  });
  return {
    store,
    timers,
    sockets,
    setClock: (t: number) => (clock = t),
    get hash() {
      return hash;
    },
  };
}
