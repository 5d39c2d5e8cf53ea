/**
 * The cart (C§3 "Cart (per shop)"; CART-1…3): one cart per shop, kept in storage per shop and
 * revalidated against the live menu on open; lines keyed by `lineFlag`; the add rules of C§5
 * (status, required tastes, meal sets, minimum quantity, purchase limit, stock). The checkout form
 * and its breakdown are the checkout's (`./checkout.ts`), which reads the cart; the cart knows
 * nothing of it and tells what happened to it through `events`.
 */
import { computed, makeObservable, observable } from 'mobx';
import { ErrorCode, ruleError } from '../domain/errors';
import type { RuleError } from '../domain/errors';
import type { CartLine, Product } from '../domain/types';
import { checkPurchaseLimit, quantitiesByProduct } from '../domain/validation';
import type { KeyValueStorage } from '../platform/types';
import type { MenuStore } from './menu';
import { change } from './named-action';
import { buildCartLine, type CartOp } from '../domain/cart';
import { LocalCartSource, type CartSource } from './cart-source';
import { revalidateLines, type CartNotice } from './cart-revalidation';
import { shrinkToStock } from './cart-checkout';
import { Emitter } from './events';

export { cartStorageKey } from './cart-source';
export type { CartNotice } from './cart-revalidation';

/** A taste chosen on the spec sheet: the option id (its group is found on the product). */
export interface TastePick {
  id: number;
  quantity?: number;
}

/** A meal-set item chosen on the spec sheet. */
export interface MealsetPick {
  groupId: number;
  id: number;
  quantity?: number;
}

/** What the customer chose for a product (spec sheet or "+" button). */
export interface ProductPick {
  specId?: number;
  tastes?: TastePick[];
  mealset?: MealsetPick[];
  /** Units to add (default 1). */
  quantity?: number;
}

export interface CartDeps {
  storage: KeyValueStorage;
  menu: MenuStore;
}

/**
 * What happened to the cart, for state kept beside it (the checkout form) — told inside the change,
 * so whoever listens changes in the same step.
 */
export interface CartEvents extends Record<string, unknown> {
  /** The cart of another shop opened (its id). */
  shopChanged: number;
  /** The customer cleared the cart (CART-1). */
  cleared: undefined;
  /** An order took the cart's lines (`clearAfterOrder`). */
  submitted: undefined;
}

export class CartStore {
  shopId: number | null = null;
  lines: CartLine[] = [];
  /** What the last revalidation did. */
  notices: CartNotice[] = [];
  /** Bumped on every change of the cart's own state. */
  revision = 0;
  readonly events = new Emitter<CartEvents>();
  /** Where the lines live: this device (default) or a table room. */
  private source: CartSource;
  private unwatch: () => void = () => undefined;

  constructor(private readonly deps: CartDeps) {
    this.source = new LocalCartSource(deps.storage);
    makeObservable<CartStore, 'bump'>(this, {
      shopId: observable,
      lines: observable.ref,
      notices: observable.ref,
      revision: observable,
      bump: false,
      itemCount: computed,
      isEmpty: computed,
      flaggedLines: computed,
    });
  }

  /** Units in the cart. */
  get itemCount(): number {
    return this.lines.reduce((n, l) => n + Math.max(0, l.quantity), 0);
  }

  /** C§4: no units and no product-coupon line. */
  get isEmpty(): boolean {
    return !this.lines.some((l) => l.quantity > 0 || l.couponInfo !== undefined);
  }

  /** Lines that stay in the cart but cannot be ordered now (out of sale time, member level), with why. */
  get flaggedLines(): Array<{ line: CartLine; error: RuleError }> {
    const out: Array<{ line: CartLine; error: RuleError }> = [];
    for (const line of this.lines) {
      const state = this.deps.menu.productState(line.id);
      if (state?.error) out.push({ line, error: state.error });
    }
    return out;
  }

  /** Units of a product over its lines (menu badges). */
  quantityOf(productId: number): number {
    return quantitiesByProduct(this.lines).get(productId) ?? 0;
  }

  /** Units of a category in the cart (the category rail's badge). */
  quantityInCategory(typeId: number): number {
    return this.lines.filter((l) => l.typeid === typeId).reduce((n, l) => n + l.quantity, 0);
  }

  line(flag: string): CartLine | undefined {
    return this.lines.find((l) => l.flag === flag);
  }

  /** Whether the lines are a table room's (shared by everyone at the table). */
  get shared(): boolean {
    return this.source.kind === 'room';
  }

  /**
   * Moves the cart to another source (TABLE-1: a table room; back to this device's cart when the
   * diner leaves the table). The lines become the source's; a room's later changes arrive by `watch`.
   */
  useSource(source: CartSource | null): void {
    this.unwatch();
    this.source = source ?? new LocalCartSource(this.deps.storage);
    this.unwatch = this.source.watch((lines) =>
      change('cart/roomChanged', () => {
        this.lines = lines;
        this.bump();
      }),
    );
    if (this.shopId !== null) {
      const lines = this.source.load(this.shopId);
      change('cart/source', () => {
        this.lines = lines;
        this.notices = [];
        this.bump();
      });
    }
  }

  /**
   * CART-2: opens the cart of a shop from storage and revalidates it against the menu when the menu of
   * that shop is loaded.
   */
  open(shopId: number): CartNotice[] {
    const lines = this.source.load(shopId);
    change('cart/open', () => {
      if (this.shopId !== shopId) this.events.emit('shopChanged', shopId);
      this.shopId = shopId;
      this.lines = lines;
      this.notices = [];
      this.bump();
    });
    return this.deps.menu.shopId === shopId && this.deps.menu.version !== null ? this.revalidate() : [];
  }

  /**
   * CART-2 for a chunked menu: loads the products of the stored lines the menu has not loaded yet,
   * then revalidates (a removed product is then known to be gone rather than merely not loaded).
   */
  async revalidateAll(): Promise<CartNotice[]> {
    const { menu } = this.deps;
    if (!menu.complete) await menu.loadProducts(this.lines.map((l) => l.id));
    return this.revalidate();
  }

  /**
   * CART-2 revalidation against the live menu: removed, deleted, offline and sold-out products (and
   * specs or options no longer on the menu) are dropped with a notice; products out of sale time or
   * restricted to other member levels stay, flagged; prices, names and taxes are refreshed, and a line
   * from an older menu whose product changed raises "New menu has been updated" (MENU-5).
   */
  revalidate(): CartNotice[] {
    // a table room's lines are the server's: it re-prices them from its menu when they are sent
    if (this.source.kind === 'room') return [];
    const { menu } = this.deps;
    const { kept, notices, outdated } = revalidateLines(this.lines, menu);
    if (outdated) menu.markNewMenu();
    change('cart/revalidate', () => {
      this.lines = kept;
      this.notices = notices;
      this.bump();
    });
    this.persist();
    return notices;
  }

  /** The customer read the revalidation notices. */
  dismissNotices(): void {
    change('cart/dismissNotices', () => {
      this.notices = [];
    });
  }

  /**
   * CART-1 add: checks the product's status and member level, required tastes and meal-set contents
   * (C§5), then the quantity rules — the first add takes the minimum purchase quantity, the product's
   * units may not pass its purchase limit nor its stock left. The same product, spec, tastes and meal
   * set go to one line (`lineFlag`). Answers the rule broken, or null when added.
   */
  add(productId: number, pick: ProductPick = {}): RuleError | null {
    const built = this.buildLine(productId, pick);
    if ('error' in built) return built.error;
    const { product, line, minQuantity } = built;
    const already = this.quantityOf(product.id);
    let adding = line.quantity;
    // C§5 minimum purchase quantity: the first units added reach the minimum at once
    if (already === 0 && adding < minQuantity) adding = minQuantity;
    const quantityError = this.quantityError(product, already + adding);
    if (quantityError) return quantityError;

    const existing = this.line(line.flag);
    const next: CartLine[] = existing
      ? this.lines.map((l) => (l.flag === line.flag ? { ...l, quantity: l.quantity + adding } : l))
      : [...this.lines, { ...line, quantity: adding }];
    // a room merges the units into its own line (and numbers it): the operation carries the units added
    this.commit('cart/add', next, { type: 'add', line: { ...(existing ?? line), quantity: adding } });
    return null;
  }

  /**
   * The cart line of a product with the customer's choices (spec, tastes, meal set; C§5 required
   * tastes and meal-set contents), priced from the menu, with `pick.quantity` units (at least 1).
   * `checkState` false builds it whatever the product's state now (lines already ordered at a table).
   */
  buildLine(
    productId: number,
    pick: ProductPick = {},
    checkState = true,
  ): { product: Product; line: CartLine; minQuantity: number } | { error: RuleError } {
    const { menu } = this.deps;
    const product = menu.product(productId);
    if (!product) return { error: ruleError(ErrorCode.productDeleted, { product: String(productId) }) };
    const state = menu.productState(product)!;
    if (checkState && state.error) return { error: state.error };
    const built = buildCartLine(product, pick, { defaultSpec: true, checkSpecStatus: checkState, menuVersion: menu.version });
    if ('error' in built) return built;
    return { product, line: built.line, minQuantity: state.minQuantity };
  }

  /**
   * CART-1 edit quantity: 0 or less deletes the line; otherwise the product's units must stay within
   * its minimum, purchase limit and stock.
   */
  setQuantity(flag: string, quantity: number): RuleError | null {
    const line = this.line(flag);
    if (!line) return null;
    const q = Math.floor(quantity);
    if (q <= 0) {
      this.remove(flag);
      return null;
    }
    const product = this.deps.menu.product(line.id);
    if (product) {
      const total = this.quantityOf(line.id) - line.quantity + q;
      const min = this.deps.menu.productState(product)!.minQuantity;
      if (total < min) return ruleError(ErrorCode.minPurchaseQuantity, { product: product.name, count: min });
      if (q > line.quantity) {
        const error = this.quantityError(product, total);
        if (error) return error;
      }
    }
    this.commit(
      'cart/edit',
      this.lines.map((l) => (l.flag === flag ? { ...l, quantity: q } : l)),
      { type: 'edit', line: { ...line, quantity: q } },
    );
    return null;
  }

  /** "+" on a line. */
  increment(flag: string): RuleError | null {
    const line = this.line(flag);
    return line ? this.setQuantity(flag, line.quantity + 1) : null;
  }

  /** "−" on a line: below the product's minimum the line goes away rather than break the rule. */
  decrement(flag: string): RuleError | null {
    const line = this.line(flag);
    if (!line) return null;
    const product = this.deps.menu.product(line.id);
    const min = product ? this.deps.menu.productState(product)!.minQuantity : 1;
    const total = this.quantityOf(line.id) - 1;
    if (total > 0 && total < min) {
      this.remove(flag);
      return null;
    }
    return this.setQuantity(flag, line.quantity - 1);
  }

  /** CART-1 delete. */
  remove(flag: string): void {
    const line = this.line(flag);
    if (!line) return;
    this.commit(
      'cart/delete',
      this.lines.filter((l) => l.flag !== flag),
      { type: 'delete', line },
    );
  }

  /** CART-1 clear. */
  clear(): void {
    this.events.emit('cleared', undefined);
    this.commit('cart/clear', [], { type: 'clear' });
  }

  /** After an order was placed: the cart empties (`submitted` tells the checkout). */
  clearAfterOrder(): void {
    this.events.emit('submitted', undefined);
    this.commit('cart/submitted', []);
  }

  /**
   * Before confirmation (C§4 last bullet): empty lines are cleared (a product-coupon line stays) and
   * taxes are taken from the menu.
   */
  prepareForCheckout(): void {
    this.commit(
      'cart/prepare',
      this.lines
        .filter((l) => l.quantity > 0 || l.couponInfo !== undefined)
        .map((l) => {
          const taxes = this.deps.menu.product(l.id)?.taxes;
          return taxes ? { ...l, taxes } : l;
        }),
    );
  }

  /** ORDER-12: a set meal whose chosen item went offline or sold out goes. */
  dropUnavailableSetMeal(flag: string): void {
    this.commit('cart/setMealUnavailable', this.lines.filter((l) => l.flag !== flag));
  }

  /** The lines of a product share `left` units in cart order; lines past it shrink or go (C§5). */
  shrinkTo(productId: number, left: number): void {
    this.commit('cart/stockShortage', shrinkToStock(this.lines, productId, left));
  }

  /** Purchase limit and stock left for `total` units of a product. */
  private quantityError(product: Product, total: number): RuleError | null {
    const limit = checkPurchaseLimit(product, total);
    if (limit) return limit;
    const left = this.deps.menu.productState(product)!.stockLeft;
    return left !== null && total > left ? ruleError(ErrorCode.insufficientInventory, { product: product.name }) : null;
  }

  /**
   * Applies a change of the lines. A table room takes the operation (its copy shows it at once and
   * comes back through `watch`); this device's cart takes the lines and stores them.
   */
  private commit(name: string, lines: CartLine[], op: CartOp | null = null): void {
    if (this.source.kind === 'room' && op) {
      if (this.shopId !== null) this.source.apply(this.shopId, op, lines);
      return;
    }
    change(name, () => {
      this.lines = lines;
      this.bump();
    });
    this.persist();
  }

  private bump(): void {
    this.revision += 1;
  }

  /** CART-2: the cart of this shop survives restarts. */
  private persist(): void {
    if (this.shopId === null) return;
    this.source.apply(this.shopId, null, this.lines);
  }
}
