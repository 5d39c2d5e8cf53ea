/**
 * Availability: products sold out or back, stock, and paused order types (CONSOLE-5). The page's
 * state for the shop on screen: its menu products (searched by name, filtered by category), one
 * change at a time per product with its error on its row, and the pause panels of the order types the
 * shop takes. Typed values are checked here before anything is sent (stock: empty or 0…999999;
 * minutes 1…720; a reason of 1…60 characters); a refused change leaves the row as it was.
 */
import { makeObservable, observable, action, computed, runInAction } from 'mobx';
import type { AvailabilityProduct, ConsolePause, PausesRes } from '../../../src/api/contract/console-availability';
import { PAUSE_LIMITS, type PausableOrderType } from '../../../src/domain/order-type-pause';
import { ConsoleApiError, type ConsoleApi } from '../api';
import type { ClockStore } from './clock';

const asError = (err: unknown): ConsoleApiError => (err instanceof ConsoleApiError ? err : new ConsoleApiError('serverError', String(err), 0));

/** A value typed on the page that is not sent: `code` names the text that says why. */
export class InputError extends ConsoleApiError {
  constructor(code: 'stockInvalid' | 'minutesInvalid' | 'reasonInvalid') {
    super(code, '', 0);
  }
}

/** The stock field as typed: empty is untracked (null), else a whole number 0…999999; undefined when invalid. */
export function parseStock(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d{1,6}$/.test(t)) return undefined;
  return Number(t);
}

/** Minutes of a pause as typed: a whole number 1…720; undefined when invalid. */
export function parsePauseMinutes(text: string): number | undefined {
  const t = text.trim();
  if (!/^\d{1,4}$/.test(t)) return undefined;
  const n = Number(t);
  return n >= PAUSE_LIMITS.minMinutes && n <= PAUSE_LIMITS.maxMinutes ? n : undefined;
}

/** The minutes offered as one tap (the custom field takes any other). */
export const PAUSE_CHOICES = [15, 30, 60] as const;

export class AvailabilityStore {
  shopId: number | null = null;
  products: AvailabilityProduct[] = [];
  categories: Array<{ id: number; name: string }> = [];
  loading = false;
  loaded = false;
  /** The page's load failed. */
  error: ConsoleApiError | null = null;
  /** Search by name. */
  query = '';
  /** The category filter; null: every category. */
  categoryId: number | null = null;
  /** Products with a change under way. */
  saving = new Set<number>();
  /** The last refusal of each product's change. */
  rowErrors = new Map<number, ConsoleApiError>();
  pauses: ConsolePause[] = [];
  /** The order types the shop takes: one pause panel each. */
  types: PausableOrderType[] = [];
  /** Pause panels with a call under way. */
  pausing = new Set<PausableOrderType>();
  /** The last refusal of each pause panel. */
  pauseErrors = new Map<PausableOrderType, ConsoleApiError>();

  constructor(
    private readonly api: ConsoleApi,
    private readonly clock: ClockStore,
  ) {
    makeObservable<AvailabilityStore, 'applyPauses' | 'replace'>(this, {
      shopId: observable,
      products: observable.ref,
      categories: observable.ref,
      loading: observable,
      loaded: observable,
      error: observable.ref,
      query: observable,
      categoryId: observable,
      saving: observable,
      rowErrors: observable,
      pauses: observable.ref,
      types: observable.ref,
      pausing: observable,
      pauseErrors: observable,
      visible: computed,
      runningPauses: computed,
      setShop: action,
      clear: action,
      setQuery: action,
      setCategory: action,
      applyPauses: action,
      replace: action,
    });
  }

  setShop(shopId: number): void {
    if (this.shopId === shopId) return;
    this.clear();
    this.shopId = shopId;
  }

  clear(): void {
    this.shopId = null;
    this.products = [];
    this.categories = [];
    this.loading = false;
    this.loaded = false;
    this.error = null;
    this.query = '';
    this.categoryId = null;
    this.saving.clear();
    this.rowErrors.clear();
    this.pauses = [];
    this.types = [];
    this.pausing.clear();
    this.pauseErrors.clear();
  }

  setQuery(query: string): void {
    this.query = query;
  }

  setCategory(categoryId: number | null): void {
    this.categoryId = categoryId;
  }

  /** The products shown: the category's (or all), whose name holds the search text (any case). */
  get visible(): AvailabilityProduct[] {
    const q = this.query.trim().toLowerCase();
    return this.products.filter((p) => (this.categoryId === null || p.categoryId === this.categoryId) && (q === '' || p.name.toLowerCase().includes(q)));
  }

  /** The pauses still running on the server's clock (an ended one leaves the page by itself). */
  get runningPauses(): ConsolePause[] {
    const now = this.clock.serverNow;
    return this.pauses.filter((p) => p.until > now);
  }

  pauseOf(type: PausableOrderType): ConsolePause | null {
    return this.runningPauses.find((p) => p.orderType === type) ?? null;
  }

  /** Loads the shop's products and pauses. */
  async load(): Promise<void> {
    const shopId = this.shopId;
    if (shopId === null) return;
    runInAction(() => {
      this.loading = true;
      this.error = null;
    });
    try {
      const [list, pauses] = await Promise.all([this.api.call('products', { shopId }), this.api.call('pauses', { shopId })]);
      if (this.shopId !== shopId) return;
      runInAction(() => {
        this.products = list.products;
        this.categories = list.categories;
        if (this.categoryId !== null && !list.categories.some((c) => c.id === this.categoryId)) this.categoryId = null;
        this.loaded = true;
      });
      this.applyPauses(pauses);
    } catch (err) {
      if (this.shopId === shopId) runInAction(() => (this.error = asError(err)));
    } finally {
      if (this.shopId === shopId) runInAction(() => (this.loading = false));
    }
  }

  /** Marks a product sold out, or back on sale. */
  setSoldOut(productId: number, soldOut: boolean): Promise<boolean> {
    return this.change(productId, { soldOut });
  }

  /** Sets a product's stock from the typed text (empty: untracked); an invalid text is not sent. */
  setStock(productId: number, text: string): Promise<boolean> {
    const stock = parseStock(text);
    if (stock === undefined) {
      runInAction(() => this.rowErrors.set(productId, new InputError('stockInvalid')));
      return Promise.resolve(false);
    }
    return this.change(productId, { stock });
  }

  /** Pauses an order type for `minutes` with a reason; invalid values are not sent. */
  async pause(orderType: PausableOrderType, minutes: number | undefined, reason: string): Promise<boolean> {
    const text = reason.trim();
    const invalid =
      minutes === undefined || !Number.isInteger(minutes) || minutes < PAUSE_LIMITS.minMinutes || minutes > PAUSE_LIMITS.maxMinutes
        ? new InputError('minutesInvalid')
        : text.length < 1 || text.length > PAUSE_LIMITS.reasonMax
          ? new InputError('reasonInvalid')
          : null;
    if (invalid) {
      runInAction(() => this.pauseErrors.set(orderType, invalid));
      return false;
    }
    return this.pauseCall(orderType, (shopId) => this.api.call('pause', { shopId, orderType, minutes: minutes!, reason: text }));
  }

  /** Ends a pause now. */
  resume(orderType: PausableOrderType): Promise<boolean> {
    return this.pauseCall(orderType, (shopId) => this.api.call('resume', { shopId, orderType }));
  }

  private async pauseCall(orderType: PausableOrderType, call: (shopId: number) => Promise<PausesRes>): Promise<boolean> {
    const shopId = this.shopId;
    if (shopId === null || this.pausing.has(orderType)) return false;
    runInAction(() => {
      this.pausing.add(orderType);
      this.pauseErrors.delete(orderType);
    });
    try {
      const res = await call(shopId);
      if (this.shopId !== shopId) return false;
      this.applyPauses(res);
      return true;
    } catch (err) {
      if (this.shopId === shopId) runInAction(() => this.pauseErrors.set(orderType, asError(err)));
      return false;
    } finally {
      runInAction(() => this.pausing.delete(orderType));
    }
  }

  private applyPauses(res: PausesRes): void {
    this.clock.setServerTime(res.serverTime);
    this.pauses = res.pauses;
    this.types = res.types;
  }

  private async change(productId: number, change: { soldOut?: boolean; stock?: number | null }): Promise<boolean> {
    const shopId = this.shopId;
    if (shopId === null || this.saving.has(productId)) return false;
    runInAction(() => {
      this.saving.add(productId);
      this.rowErrors.delete(productId);
    });
    try {
      const { product } = await this.api.call('productSet', { shopId, productId, ...change });
      if (this.shopId !== shopId) return false;
      this.replace(product);
      return true;
    } catch (err) {
      if (this.shopId === shopId) runInAction(() => this.rowErrors.set(productId, asError(err)));
      return false;
    } finally {
      runInAction(() => this.saving.delete(productId));
    }
  }

  private replace(product: AvailabilityProduct): void {
    this.products = this.products.map((p) => (p.id === product.id ? product : p));
  }
}
