/**
 * The floor view of the shop's tables (CONSOLE-4): the tables by area with their state, read from the
 * server (`tables`) when the page opens and again whenever the live channel says a table changed (a
 * `table` frame) or reconnected; one table open in the panel with its rounds and what settling costs;
 * the counter's actions (open for a party, settle in cash or by card, clear). A refused action shows
 * why and the table as it stands (`orderStatusChanged` carries it; `amountError` the fresh total).
 * Every figure is the server's; seated minutes follow the console's clock (server time).
 */
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import type { CounterPayMethod, FloorArea, FloorTable, TableDetail } from '../../../src/api/contract/console-floor';
import { ConsoleApiError, type ConsoleApi } from '../api';
import type { ClockStore } from './clock';

const asError = (err: unknown): ConsoleApiError => (err instanceof ConsoleApiError ? err : new ConsoleApiError('serverError', String(err), 0));

export type TableAction = 'open' | 'settle' | 'clear' | 'rotate' | 'approve';

/** What the panel says after an action. */
export type TableNotice =
  | { kind: 'changed'; state: FloorTable['state'] }
  | { kind: 'amount'; total: number }
  | { kind: 'settled'; orderNo: string }
  | { kind: 'error'; code: string; info: string };

/** Whole minutes since `since` at `now` (0 before it). */
export function minutesSince(since: number, now: number): number {
  return Math.max(0, Math.floor((now - since) / 60_000));
}

export class TablesStore {
  shopId: number | null = null;
  areas: FloorArea[] = [];
  loaded = false;
  loading = false;
  error: ConsoleApiError | null = null;
  /** The table open in the panel, and its detail once read. */
  selectedId: number | null = null;
  detail: TableDetail | null = null;
  busy: TableAction | null = null;
  notice: TableNotice | null = null;
  private loadSeq = 0;
  private detailSeq = 0;

  constructor(
    private readonly api: ConsoleApi,
    private readonly clock: ClockStore,
  ) {
    makeObservable<TablesStore, 'applyDetail'>(this, {
      shopId: observable,
      areas: observable.ref,
      loaded: observable,
      loading: observable,
      error: observable.ref,
      selectedId: observable,
      detail: observable.ref,
      busy: observable,
      notice: observable.ref,
      tables: computed,
      selected: computed,
      setShop: action,
      clear: action,
      select: action,
      close: action,
      dismissNotice: action,
      applyDetail: action,
    });
  }

  setShop(shopId: number): void {
    if (this.shopId !== shopId) this.clear();
    this.shopId = shopId;
  }

  clear(): void {
    this.shopId = null;
    this.areas = [];
    this.loaded = false;
    this.error = null;
    this.selectedId = null;
    this.detail = null;
    this.busy = null;
    this.notice = null;
    this.loadSeq += 1;
    this.detailSeq += 1;
  }

  /** Every table, area after area. */
  get tables(): FloorTable[] {
    return this.areas.flatMap((a) => a.tables);
  }

  /** The panel's table: the detail's when read, else the floor's tile. */
  get selected(): FloorTable | null {
    if (this.selectedId === null) return null;
    if (this.detail && this.detail.table.id === this.selectedId) return this.detail.table;
    return this.tables.find((t) => t.id === this.selectedId) ?? null;
  }

  /** Minutes the party has sat at the table (server time). */
  seatedMinutes(t: Pick<FloorTable, 'seatedAt' | 'paidAt'>): number | null {
    if (t.seatedAt === null) return null;
    return minutesSince(t.seatedAt, t.paidAt ?? this.clock.serverNow);
  }

  /** Reads the floor (the latest answer wins when reads overlap). */
  async load(): Promise<void> {
    const shopId = this.shopId;
    if (shopId === null) return;
    const seq = ++this.loadSeq;
    runInAction(() => (this.loading = true));
    try {
      const res = await this.api.call('tables', { shopId });
      if (seq !== this.loadSeq) return;
      runInAction(() => {
        this.areas = res.areas;
        this.loaded = true;
        this.error = null;
        this.clock.setServerTime(res.serverTime);
      });
    } catch (err) {
      if (seq === this.loadSeq) runInAction(() => (this.error = asError(err)));
    } finally {
      if (seq === this.loadSeq) runInAction(() => (this.loading = false));
    }
  }

  /** A `table` frame: the floor (once shown) and the open panel read again. */
  onTableFrame(tableId: number): void {
    if (this.shopId === null) return;
    if (this.loaded) void this.load();
    if (this.selectedId === tableId) void this.loadDetail();
  }

  /** The live channel (re)connected: whatever is shown is read again. */
  onResync(): void {
    if (this.shopId === null) return;
    if (this.loaded) void this.load();
    if (this.selectedId !== null) void this.loadDetail();
  }

  select(tableId: number): void {
    this.selectedId = tableId;
    if (this.detail?.table.id !== tableId) this.detail = null;
    this.notice = null;
    void this.loadDetail();
  }

  close(): void {
    this.selectedId = null;
    this.detail = null;
    this.notice = null;
    this.detailSeq += 1;
  }

  dismissNotice(): void {
    this.notice = null;
  }

  async loadDetail(): Promise<void> {
    const shopId = this.shopId;
    const tableId = this.selectedId;
    if (shopId === null || tableId === null) return;
    const seq = ++this.detailSeq;
    try {
      const detail = await this.api.call('table', { shopId, tableId });
      if (seq === this.detailSeq) this.applyDetail(detail);
    } catch (err) {
      if (seq === this.detailSeq) runInAction(() => (this.notice = { kind: 'error', code: asError(err).code, info: asError(err).info }));
    }
  }

  private applyDetail(detail: TableDetail): void {
    if (detail.table.id !== this.selectedId) return;
    this.detail = detail;
    this.clock.setServerTime(detail.serverTime);
    // the tile follows the panel at once
    this.areas = this.areas.map((a) => ({ ...a, tables: a.tables.map((t) => (t.id === detail.table.id ? detail.table : t)) }));
  }

  /** Opens the selected table for a party of `person`. */
  async open(person: number): Promise<boolean> {
    const shopId = this.shopId;
    const tableId = this.selectedId;
    if (shopId === null || tableId === null || this.busy) return false;
    return this.run('open', async () => this.applyDetail(await this.api.call('tableOpen', { shopId, tableId, person })));
  }

  /** Settles the selected table at the counter for the total the panel shows. */
  async settle(method: CounterPayMethod): Promise<boolean> {
    const shopId = this.shopId;
    const d = this.detail;
    if (shopId === null || !d || d.table.tableOrderId === null || d.settleTotal === null || this.busy) return false;
    const tableOrderId = d.table.tableOrderId;
    const expectedTotal = String(d.settleTotal);
    return this.run('settle', async () => {
      const res = await this.api.call('tableSettle', { shopId, tableId: d.table.id, tableOrderId, method, expectedTotal });
      this.applyDetail(res.detail);
      runInAction(() => (this.notice = { kind: 'settled', orderNo: res.orderNo }));
    });
  }

  /** Clears the selected table (paid, or opened without any round). */
  async clearTable(): Promise<boolean> {
    const shopId = this.shopId;
    const d = this.detail;
    if (shopId === null || !d || d.table.tableOrderId === null || this.busy) return false;
    const tableOrderId = d.table.tableOrderId;
    return this.run('clear', async () => this.applyDetail(await this.api.call('tableClear', { shopId, tableId: d.table.id, tableOrderId })));
  }

  /** TABLE-7: the selected table gets a new code (the panel shows its new link). */
  async rotateCode(): Promise<boolean> {
    const shopId = this.shopId;
    const tableId = this.selectedId;
    if (shopId === null || tableId === null || this.busy) return false;
    return this.run('rotate', async () => this.applyDetail(await this.api.call('tableRotateCode', { shopId, tableId })));
  }

  /** TABLE-7: releases the session's held first round to the kitchen. */
  async approve(): Promise<boolean> {
    const shopId = this.shopId;
    const d = this.detail;
    if (shopId === null || !d || d.table.tableOrderId === null || this.busy) return false;
    const tableOrderId = d.table.tableOrderId;
    return this.run('approve', async () => this.applyDetail(await this.api.call('tableApprove', { shopId, tableId: d.table.id, tableOrderId })));
  }

  private async run(what: TableAction, body: () => Promise<void>): Promise<boolean> {
    runInAction(() => {
      this.busy = what;
      this.notice = null;
    });
    try {
      await body();
      void this.load();
      return true;
    } catch (err) {
      const e = asError(err);
      runInAction(() => {
        const data = e.data as { table?: TableDetail; total?: number } | undefined;
        if (e.code === 'orderStatusChanged' && data?.table) {
          this.applyDetail(data.table);
          this.notice = { kind: 'changed', state: data.table.table.state };
        } else if (e.code === 'amountError' && typeof data?.total === 'number' && this.detail) {
          // the fresh figure: shown, and settled only when staff press again
          this.detail = { ...this.detail, settleTotal: data.total };
          this.notice = { kind: 'amount', total: data.total };
        } else this.notice = { kind: 'error', code: e.code, info: e.info };
      });
      void this.load();
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }
}
