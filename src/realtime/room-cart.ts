/**
 * The app's copy of a table room's cart (C§4 "Cart sync"): changes are shown at once (optimistic),
 * the server's reply settles them — 10000 keeps the line the server returns, -10002 (busy) takes the
 * line as it now is, any other code rolls the change back. Other diners' changes arrive as events
 * numbered by the room's version: a version already seen is skipped, a version beyond the next one
 * means something was missed and the caller resyncs.
 */
import { applyCartOp, putLine, rollbackCartOp, type CartOp } from '../domain/cart';
import { CartOperation, CartReplyCode } from '../domain/enums';
import type { CartLine } from '../domain/types';
import type { WsServerMessage } from '../api/contract/ws';
import type { OpResult, RoomDiner, RoomLine } from './types';

type WsEvent = Extract<WsServerMessage, { type: 'event' }>;
type WsSnapshot = Extract<WsServerMessage, { type: 'snapshot' }>;

/** What applying an event asks of the channel. */
export type EventOutcome = 'applied' | 'duplicate' | 'gap';

export class RoomCart {
  lines: RoomLine[] = [];
  version = 0;
  diners: RoomDiner[] = [];
  /** False until the first snapshot: events before it wait for the snapshot. */
  synced = false;
  private readonly listeners = new Set<() => void>();

  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    for (const fn of [...this.listeners]) fn();
  }

  /** Shows an operation before the server answers; returns the line as it was (for a rollback). */
  applyLocal(op: CartOp): CartLine | null {
    const before = op.type === 'clear' ? null : (this.lines.find((l) => l.flag === op.line.flag) ?? null);
    // the client never invents line versions: the server numbers them
    const result = applyCartOp(this.lines, op, { versioned: false });
    if (result.ok) {
      this.lines = result.lines.map((l) => {
        if (!before || l.flag !== before.flag) return l;
        return before.version === undefined ? l : { ...l, version: before.version };
      });
      this.changed();
    }
    return before;
  }

  /** Settles an operation with the server's reply (C§4 reply codes). */
  applyReply(op: CartOp, before: CartLine | null, reply: OpResult): 'ok' | 'busy' | 'refused' {
    if (reply.code === CartReplyCode.ok) {
      if (op.type === 'clear') this.lines = [];
      else this.lines = putLine(this.lines, op.line.flag, reply.latestProduct);
      this.changed();
      return 'ok';
    }
    // C§4: −10002 carries the line as it is now and −10003 none (another diner removed it): the reply
    // is the resync of that product (`consumer/cart-sync` would answer the same a round trip later)
    if (reply.code === CartReplyCode.ProductBusy || reply.code === CartReplyCode.ProductNotFound) {
      if (op.type !== 'clear') this.lines = putLine(this.lines, op.line.flag, reply.code === CartReplyCode.ProductBusy ? reply.latestProduct : null);
      this.changed();
      return 'busy';
    }
    // a refused clear is undone by a resync (the caller asks for one)
    if (op.type !== 'clear') {
      this.lines = rollbackCartOp(this.lines, op, before);
      this.changed();
    }
    return 'refused';
  }

  /** Takes the room as the server has it. */
  applySnapshot(s: WsSnapshot): void {
    this.lines = s.products;
    this.version = s.version;
    if (s.diners) this.diners = s.diners;
    this.synced = true;
    this.changed();
  }

  /** Applies another diner's (or this diner's own) change, numbered by the room's version. */
  applyEvent(e: WsEvent): EventOutcome {
    if (!this.synced || e.version <= this.version) return 'duplicate';
    if (e.version > this.version + 1) return 'gap';
    this.version = e.version;
    switch (e.operation) {
      case CartOperation.Add:
      case CartOperation.Edit:
        if (e.product) {
          const line: RoomLine = { ...e.product, by: e.by };
          this.lines = putLine(this.lines, e.product.flag, line);
        }
        break;
      case CartOperation.Delete:
        if (e.product) this.lines = putLine(this.lines, e.product.flag, null);
        break;
      case CartOperation.Clear:
      case CartOperation.Submitted:
        this.lines = [];
        break;
      case CartOperation.Joined:
        if (!this.diners.some((d) => d.openId === e.by.openId)) this.diners = [...this.diners, e.by];
        break;
      default:
        break;
    }
    this.changed();
    return 'applied';
  }
}
