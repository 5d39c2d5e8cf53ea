/**
 * The shop's day summary (CONSOLE-6): today's figures, or another day's (up to a year back). While
 * today is on screen, a change on the board (`changed()`, from the live channel) fetches it again so
 * the figures follow the counter without a reload; changes arriving during a fetch make one more
 * fetch after it, never one per change.
 */
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import type { DaySummary } from '../../../src/api/contract/console-summary';
import { ConsoleApiError, type ConsoleApi } from '../api';
import type { ClockStore } from './clock';

const asError = (err: unknown): ConsoleApiError => (err instanceof ConsoleApiError ? err : new ConsoleApiError('serverError', String(err), 0));

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export class SummaryStore {
  shopId: number | null = null;
  /** The date asked for; null = today. */
  date: string | null = null;
  summary: DaySummary | null = null;
  loading = false;
  error: ConsoleApiError | null = null;
  /** The page is on screen (board changes refresh it). */
  active = false;
  private inFlight = false;
  /** A change arrived during the fetch in flight: fetch once more after it. */
  private stale = false;
  private seq = 0;

  constructor(
    private readonly api: ConsoleApi,
    private readonly clock: ClockStore,
  ) {
    makeObservable<SummaryStore, 'fetch'>(this, {
      shopId: observable,
      date: observable,
      summary: observable.ref,
      loading: observable,
      error: observable.ref,
      active: observable,
      isToday: computed,
      setShop: action,
      clear: action,
      show: action,
      hide: action,
      fetch: action,
    });
  }

  get isToday(): boolean {
    return this.date === null || (this.summary !== null && this.date === this.summary.today);
  }

  setShop(shopId: number): void {
    if (this.shopId !== shopId) {
      this.summary = null;
      this.date = null;
    }
    this.shopId = shopId;
  }

  clear(): void {
    this.shopId = null;
    this.date = null;
    this.summary = null;
    this.error = null;
    this.active = false;
  }

  /** The page opened: fetch the day on screen. */
  show(): Promise<void> {
    this.active = true;
    return this.fetch();
  }

  hide(): void {
    this.active = false;
  }

  /** Another day: `date` (YYYY-MM-DD) or today with null. */
  goTo(date: string | null): Promise<void> {
    runInAction(() => (this.date = date !== null && this.summary && date >= this.summary.today ? null : date));
    return this.fetch();
  }

  /** One day back or forward from the one on screen (never past today). */
  step(days: number): Promise<void> {
    const current = this.summary?.date ?? this.date;
    if (!current) return Promise.resolve();
    return this.goTo(addDays(current, days));
  }

  /** Something changed on the board: today's figures are fetched again (once more after a fetch in flight). */
  changed(): void {
    if (!this.active || !this.isToday || this.shopId === null) return;
    if (this.inFlight) this.stale = true;
    else void this.fetch();
  }

  private async fetch(): Promise<void> {
    const shopId = this.shopId;
    if (shopId === null) return;
    const seq = ++this.seq;
    this.loading = true;
    this.error = null;
    this.inFlight = true;
    this.stale = false;
    try {
      const summary = await this.api.call('daySummary', { shopId, ...(this.date ? { date: this.date } : {}) });
      if (seq !== this.seq) return;
      runInAction(() => {
        this.summary = summary;
        this.loading = false;
        this.clock.setServerTime(summary.serverTime);
      });
    } catch (err) {
      if (seq !== this.seq) return;
      runInAction(() => {
        this.error = asError(err);
        this.loading = false;
      });
    } finally {
      if (seq === this.seq) this.inFlight = false;
    }
    if (seq === this.seq && this.stale) this.changed();
  }
}
