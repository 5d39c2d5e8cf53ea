/**
 * Where the cart's lines live (CART-2, TABLE-1…3): this device's storage, kept per shop, or a table
 * room every diner at the table shares (server-authoritative, shown at once and settled by the
 * server's reply, C§4 "Cart sync"). The cart's rules are the same for both; only where a change goes
 * differs.
 */
import type { CartOp } from '../domain/cart';
import type { CartLine } from '../domain/types';
import type { KeyValueStorage } from '../platform/types';
import type { RoomChannel } from '../realtime/channel';

export interface CartSource {
  readonly kind: 'local' | 'room';
  /** The lines a shop's cart starts from. */
  load(shopId: number): CartLine[];
  /**
   * The cart made a change: `op` names it (null for a change of the cart's own making, such as a
   * revalidation), `lines` are the lines after it.
   */
  apply(shopId: number, op: CartOp | null, lines: CartLine[]): void;
  /** Lines changed by someone else (another diner, the server): the cart takes them. */
  watch(onLines: (lines: CartLine[]) => void): () => void;
}

interface StoredCart {
  lines: CartLine[];
}

/** Storage key of a shop's cart (CART-2). */
export const cartStorageKey = (shopId: number): string => `cart_${shopId}`;

/** The cart of this device: one per shop, in storage, surviving restarts (CART-2). */
export class LocalCartSource implements CartSource {
  readonly kind = 'local' as const;

  constructor(private readonly storage: KeyValueStorage) {}

  load(shopId: number): CartLine[] {
    const stored = this.storage.get<StoredCart>(cartStorageKey(shopId));
    return stored && Array.isArray(stored.lines) ? stored.lines.filter((l) => typeof l?.flag === 'string') : [];
  }

  apply(shopId: number, _op: CartOp | null, lines: CartLine[]): void {
    const stored: StoredCart = { lines };
    this.storage.set(cartStorageKey(shopId), stored);
  }

  watch(): () => void {
    return () => undefined;
  }
}

/**
 * The table room's cart: each change goes to the room's channel as one operation (queued, sent one at
 * a time); the channel's copy shows it at once and settles it by the reply. Nothing is stored on the
 * device: the room is on the server.
 */
export class RoomCartSource implements CartSource {
  readonly kind = 'room' as const;

  constructor(private readonly channel: RoomChannel) {}

  load(): CartLine[] {
    return this.channel.cart.lines;
  }

  apply(_shopId: number, op: CartOp | null): void {
    if (!op) return;
    switch (op.type) {
      case 'add':
        void this.channel.add(op.line);
        break;
      case 'edit':
        void this.channel.edit(op.line);
        break;
      case 'delete':
        void this.channel.remove(op.line as CartLine);
        break;
      case 'clear':
        void this.channel.clear();
        break;
      default:
        break;
    }
  }

  watch(onLines: (lines: CartLine[]) => void): () => void {
    return this.channel.cart.onChange(() => onLines(this.channel.cart.lines));
  }
}
