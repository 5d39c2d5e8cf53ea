/**
 * The live order board of one shop: the cards keyed by order id (a card arriving twice — from the
 * websocket and from a board fetch — is one card), grouped in the four columns, filtered by order type;
 * the count of new orders for the tab title, the overdue highlight on the clock, the actions on a card
 * with their "this order changed" notice, and the detail panel (breakdown and audit).
 */
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import type { AuditEntry, BoardColumn, BoardOrder, ConsoleAction, ConsoleSettings } from '../../../src/api/contract/console';
import { BoardOrder as BoardOrderSchema } from '../../../src/api/contract/console';
import { OrderStatus, OrderType } from '../../../src/domain/enums';
import { ConsoleApiError, type ConsoleApi } from '../api';
import type { ClockStore } from './clock';

export const COLUMNS: readonly BoardColumn[] = ['new', 'cooking', 'ready', 'done'];
export const FILTERS = ['all', 'takeaway', 'selfPickup', 'dine', 'appointment', 'multi'] as const;
export type BoardFilter = (typeof FILTERS)[number];

/** Whether a card passes the type filter (dine covers the open table too; multi: a part of a multi-shop order). */
export function matchesFilter(order: BoardOrder, filter: BoardFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'multi':
      return order.multiGroupNo !== null;
    case 'dine':
      return order.type === OrderType.dine || order.type === OrderType.openTable;
    default:
      return order.type === filter;
  }
}

/** Open columns keep the oldest first (answered in turn); done shows the latest first. */
function columnOrder(column: BoardColumn): (a: BoardOrder, b: BoardOrder) => number {
  if (column === 'done') return (a, b) => b.updatedAt - a.updatedAt || b.id - a.id;
  return (a, b) => a.createdAt - b.createdAt || a.id - b.id;
}

/** Whether `next` should replace `prev`: newer, or as new but different (the server's answer wins a tie). */
export function isNewer(prev: BoardOrder | undefined, next: BoardOrder): boolean {
  if (!prev) return true;
  if (next.updatedAt > prev.updatedAt) return true;
  if (next.updatedAt < prev.updatedAt) return false;
  return JSON.stringify(prev) !== JSON.stringify(next);
}

/** Minutes a pending order has waited, when it waited longer than the shop's answer time; else null. */
export function overdueMinutes(order: BoardOrder, settings: ConsoleSettings | null, serverNow: number): number | null {
  if (!settings || settings.answerMinutes === null || order.status !== OrderStatus.pending) return null;
  const waited = serverNow - order.createdAt;
  return waited > settings.answerMinutes * 60_000 ? Math.floor(waited / 60_000) : null;
}

export type CardNotice = { kind: 'changed'; status: BoardOrder['status'] } | { kind: 'gone' } | { kind: 'error'; code: string; info: string };

export interface OrderDetailState {
  id: number;
  order: BoardOrder | null;
  audit: AuditEntry[];
  loading: boolean;
  error: ConsoleApiError | null;
}

export class BoardStore {
  shopId: number | null = null;
  readonly orders = observable.map<number, BoardOrder>();
  settings: ConsoleSettings | null = null;
  filter: BoardFilter = 'all';
  loaded = false;
  loading = false;
  loadError: ConsoleApiError | null = null;
  readonly notices = observable.map<number, CardNotice>();
  /** Cards with an action on the way. */
  readonly busy = observable.map<number, ConsoleAction>();
  detail: OrderDetailState | null = null;
  /** Cards that arrived in the New column since the board was first loaded (a beep each). */
  arrivals = 0;
  private loadSeq = 0;

  constructor(
    private readonly api: ConsoleApi,
    private readonly clock: ClockStore,
    private readonly onArrival: (order: BoardOrder) => void = () => undefined,
  ) {
    makeObservable<BoardStore, 'noteArrival'>(this, {
      shopId: observable,
      settings: observable,
      filter: observable,
      loaded: observable,
      loading: observable,
      loadError: observable,
      detail: observable,
      arrivals: observable,
      visible: computed,
      columns: computed,
      newCount: computed,
      setShop: action,
      setFilter: action,
      setSettings: action,
      upsert: action,
      applyBoard: action,
      clear: action,
      closeDetail: action,
      dismissNotice: action,
      noteArrival: action,
    });
  }

  setShop(shopId: number): void {
    if (this.shopId !== shopId) this.clear();
    this.shopId = shopId;
  }

  setFilter(filter: BoardFilter): void {
    this.filter = filter;
  }

  setSettings(settings: ConsoleSettings): void {
    this.settings = settings;
  }

  get visible(): BoardOrder[] {
    return [...this.orders.values()].filter((o) => matchesFilter(o, this.filter));
  }

  get columns(): Record<BoardColumn, BoardOrder[]> {
    const out: Record<BoardColumn, BoardOrder[]> = { new: [], cooking: [], ready: [], done: [] };
    for (const o of this.visible) out[o.column].push(o);
    for (const c of COLUMNS) out[c].sort(columnOrder(c));
    return out;
  }

  /** Orders waiting in New, whatever the filter (the tab title counts them). */
  get newCount(): number {
    let n = 0;
    for (const o of this.orders.values()) if (o.column === 'new') n += 1;
    return n;
  }

  /** The tab title: "(3) Staff console" while 3 orders wait. */
  title(base: string): string {
    const n = this.newCount;
    return n > 0 ? `(${n}) ${base}` : base;
  }

  overdue(order: BoardOrder): number | null {
    return overdueMinutes(order, this.settings, this.clock.serverNow);
  }

  /**
   * Puts a card on the board when it is newer than the one shown (or new). A card entering New after the
   * first load counts as an arrival (the sound). Answers whether the card changed.
   */
  upsert(order: BoardOrder): boolean {
    if (this.shopId !== null && order.shopId !== this.shopId) return false;
    const prev = this.orders.get(order.id);
    if (!isNewer(prev, order)) return false;
    this.orders.set(order.id, order);
    if (prev && prev.status !== order.status) {
      const notice = this.notices.get(order.id);
      if (notice && (notice.kind === 'error' || (notice.kind === 'changed' && notice.status !== order.status))) this.notices.delete(order.id);
    }
    if (this.loaded && order.column === 'new' && (!prev || prev.column !== 'new')) this.noteArrival(order);
    if (this.detail && this.detail.id === order.id) this.detail.order = order;
    return true;
  }

  private noteArrival(order: BoardOrder): void {
    this.arrivals += 1;
    this.onArrival(order);
  }

  /** A board answer: every card in it is upserted, cards it no longer holds leave. */
  applyBoard(board: { orders: BoardOrder[]; settings: ConsoleSettings; serverTime: number }): void {
    this.clock.setServerTime(board.serverTime);
    this.settings = board.settings;
    const ids = new Set(board.orders.map((o) => o.id));
    for (const id of [...this.orders.keys()]) {
      if (!ids.has(id)) {
        this.orders.delete(id);
        this.notices.delete(id);
      }
    }
    for (const o of board.orders) this.upsert(o);
    this.loaded = true;
    this.loadError = null;
  }

  async load(): Promise<void> {
    const shopId = this.shopId;
    if (shopId === null) return;
    const seq = ++this.loadSeq;
    runInAction(() => (this.loading = true));
    try {
      const board = await this.api.call('board', { shopId });
      if (seq !== this.loadSeq || shopId !== this.shopId) return;
      this.applyBoard(board);
    } catch (err) {
      if (seq === this.loadSeq) runInAction(() => (this.loadError = err instanceof ConsoleApiError ? err : new ConsoleApiError('serverError', String(err), 0)));
    } finally {
      if (seq === this.loadSeq) runInAction(() => (this.loading = false));
    }
  }

  /** Refetches one card (after a refused action). */
  async refreshOrder(id: number): Promise<void> {
    const shopId = this.shopId;
    if (shopId === null) return;
    try {
      const { order, audit } = await this.api.call('order', { shopId, id });
      runInAction(() => {
        this.upsert(order);
        if (this.detail?.id === id) this.detail.audit = audit;
      });
    } catch (err) {
      if (err instanceof ConsoleApiError && err.code === 'orderNotFound') {
        runInAction(() => {
          this.orders.delete(id);
          this.notices.set(id, { kind: 'gone' });
        });
      }
    }
  }

  /**
   * An action on a card, sent with the status the card shows. When the order moved on meanwhile the
   * server answers orderStatusChanged (with the order as it stands, or we fetch it): the card says so.
   */
  async act(order: BoardOrder, act: ConsoleAction, reason?: string): Promise<boolean> {
    const shopId = this.shopId;
    if (shopId === null || this.busy.has(order.id)) return false;
    runInAction(() => {
      this.busy.set(order.id, act);
      this.notices.delete(order.id);
    });
    try {
      const res = await this.api.call('act', {
        shopId,
        id: order.id,
        action: act,
        expectedStatus: order.status,
        ...(reason !== undefined ? { reason } : {}),
      });
      runInAction(() => this.upsert(res.order));
      if (this.detail?.id === order.id) void this.openDetail(order.id);
      return true;
    } catch (err) {
      const e = err instanceof ConsoleApiError ? err : new ConsoleApiError('serverError', String(err), 0);
      if (e.code === 'loginExpired') return false;
      if (e.code === 'orderStatusChanged') {
        const current = orderOf(e.data);
        if (current) {
          runInAction(() => {
            this.upsert(current);
            this.notices.set(order.id, { kind: 'changed', status: current.status });
          });
        } else {
          await this.refreshOrder(order.id);
          const now = this.orders.get(order.id);
          runInAction(() => this.notices.set(order.id, now ? { kind: 'changed', status: now.status } : { kind: 'gone' }));
        }
      } else if (e.code === 'orderNotFound') {
        runInAction(() => {
          this.orders.delete(order.id);
          this.notices.set(order.id, { kind: 'gone' });
        });
      } else {
        runInAction(() => this.notices.set(order.id, { kind: 'error', code: e.code, info: e.info }));
      }
      return false;
    } finally {
      runInAction(() => this.busy.delete(order.id));
    }
  }

  dismissNotice(id: number): void {
    this.notices.delete(id);
  }

  async openDetail(id: number): Promise<void> {
    const shopId = this.shopId;
    if (shopId === null) return;
    runInAction(() => {
      const shown = this.orders.get(id) ?? null;
      if (this.detail?.id === id) this.detail.loading = true;
      else this.detail = { id, order: shown, audit: [], loading: true, error: null };
    });
    try {
      const res = await this.api.call('order', { shopId, id });
      runInAction(() => {
        if (this.detail?.id !== id) return;
        this.upsert(res.order);
        this.detail = { id, order: res.order, audit: res.audit, loading: false, error: null };
      });
    } catch (err) {
      runInAction(() => {
        if (this.detail?.id !== id) return;
        this.detail.loading = false;
        this.detail.error = err instanceof ConsoleApiError ? err : new ConsoleApiError('serverError', String(err), 0);
      });
    }
  }

  closeDetail(): void {
    this.detail = null;
  }

  clear(): void {
    this.loadSeq += 1;
    this.orders.clear();
    this.notices.clear();
    this.busy.clear();
    this.settings = null;
    this.loaded = false;
    this.loading = false;
    this.loadError = null;
    this.detail = null;
    this.arrivals = 0;
  }
}

/** The order an orderStatusChanged failure carries in its data (the order itself, or `{order}`). */
export function orderOf(data: unknown): BoardOrder | null {
  const direct = BoardOrderSchema.safeParse(data);
  if (direct.success) return direct.data;
  if (data && typeof data === 'object' && 'order' in data) {
    const nested = BoardOrderSchema.safeParse((data as { order: unknown }).order);
    if (nested.success) return nested.data;
  }
  return null;
}
