/**
 * Kitchen tickets (CONSOLE-3): the print view of an order or of a table round, and its prints. The
 * page names the ticket (`#/ticket/<kind>/<id>?w=58|80`); printing first records the print on the
 * server (`ticketPrinted`: now, the width, the staff member) and then opens the browser's print (the
 * page passes `window.print`; tests pass their own). A round's ticket is read again when its table
 * changes (a `table` frame), so another screen's print shows here too.
 */
import { action, makeObservable, observable, runInAction } from 'mobx';
import type { Ticket, TicketKind, TicketWidth } from '../../../src/api/contract/console-floor';
import { ConsoleApiError, type ConsoleApi } from '../api';
import type { ClockStore } from './clock';

const asError = (err: unknown): ConsoleApiError => (err instanceof ConsoleApiError ? err : new ConsoleApiError('serverError', String(err), 0));

export const TICKET_WIDTHS: readonly TicketWidth[] = [58, 80];
export const DEFAULT_TICKET_WIDTH: TicketWidth = 80;

/** The `?w=` and `?print=1` of a ticket's hash (`#/ticket/round/12?w=58&print=1`). */
export function ticketQuery(hash: string): { width: TicketWidth | null; autoPrint: boolean } {
  const i = hash.indexOf('?');
  const q = new URLSearchParams(i < 0 ? '' : hash.slice(i + 1));
  const w = Number(q.get('w'));
  return { width: w === 58 || w === 80 ? w : null, autoPrint: q.get('print') === '1' };
}

/** The route's params as a ticket's kind and id, or null. */
export function ticketRef(params: readonly string[]): { kind: TicketKind; id: number } | null {
  const [kind, raw] = params;
  const id = Number(raw);
  if ((kind !== 'order' && kind !== 'round') || !/^\d{1,10}$/.test(raw ?? '') || !Number.isSafeInteger(id) || id <= 0) return null;
  return { kind, id };
}

/** The hash of a ticket's print view. */
export const ticketHash = (kind: TicketKind, id: number, width: TicketWidth = DEFAULT_TICKET_WIDTH): string => `#/ticket/${kind}/${id}?w=${width}`;

export class TicketsStore {
  shopId: number | null = null;
  ticket: Ticket | null = null;
  kind: TicketKind | null = null;
  id: number | null = null;
  width: TicketWidth = DEFAULT_TICKET_WIDTH;
  loading = false;
  printing = false;
  error: ConsoleApiError | null = null;
  private seq = 0;

  constructor(
    private readonly api: ConsoleApi,
    private readonly clock: ClockStore,
  ) {
    makeObservable(this, {
      shopId: observable,
      ticket: observable.ref,
      kind: observable,
      id: observable,
      width: observable,
      loading: observable,
      printing: observable,
      error: observable.ref,
      setShop: action,
      clear: action,
      setWidth: action,
    });
  }

  setShop(shopId: number): void {
    if (this.shopId !== shopId) this.clear();
    this.shopId = shopId;
  }

  clear(): void {
    this.shopId = null;
    this.ticket = null;
    this.kind = null;
    this.id = null;
    this.error = null;
    this.loading = false;
    this.printing = false;
    this.seq += 1;
  }

  setWidth(width: TicketWidth): void {
    this.width = width;
  }

  /** Shows the ticket `kind`/`id` (read from the server), at `width` when given. */
  async open(kind: TicketKind, id: number, width?: TicketWidth | null): Promise<void> {
    runInAction(() => {
      if (width) this.width = width;
      if (this.kind !== kind || this.id !== id) this.ticket = null;
      this.kind = kind;
      this.id = id;
    });
    await this.reload();
  }

  async reload(): Promise<void> {
    const { shopId, kind, id } = this;
    if (shopId === null || kind === null || id === null) return;
    const seq = ++this.seq;
    runInAction(() => (this.loading = true));
    try {
      const ticket = await this.api.call('ticket', { shopId, kind, id });
      if (seq === this.seq) runInAction(() => ((this.ticket = ticket), (this.error = null)));
    } catch (err) {
      if (seq === this.seq) runInAction(() => (this.error = asError(err)));
    } finally {
      if (seq === this.seq) runInAction(() => (this.loading = false));
    }
  }

  /** A table changed: a round's ticket on screen reads its prints again. */
  onTableFrame(): void {
    if (this.kind === 'round' && this.ticket) void this.reload();
  }

  /** Records the print, then prints (the browser's dialog, or the kiosk's printer). */
  async print(printNow: () => void): Promise<boolean> {
    const { shopId, ticket } = this;
    if (shopId === null || !ticket || this.printing) return false;
    runInAction(() => (this.printing = true));
    try {
      const res = await this.api.call('ticketPrinted', { shopId, kind: ticket.kind, id: ticket.id, width: this.width });
      runInAction(() => {
        if (this.ticket && this.ticket.kind === ticket.kind && this.ticket.id === ticket.id) this.ticket = { ...this.ticket, prints: res.prints };
        this.error = null;
      });
      printNow();
      return true;
    } catch (err) {
      runInAction(() => (this.error = asError(err)));
      return false;
    } finally {
      runInAction(() => (this.printing = false));
    }
  }

  /** When the ticket is printed now (shown at its foot), server time. */
  get printedNow(): number {
    return this.clock.serverNow;
  }
}
