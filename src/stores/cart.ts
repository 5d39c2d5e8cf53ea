/**
 * The cart (C§3 "Cart (per shop)"; CART-1…3, PRICE-10 client side): one cart per shop, kept in storage
 * per shop and revalidated against the live menu on open; lines keyed by `lineFlag`; the add rules of
 * C§5 (status, required tastes, meal sets, minimum quantity, purchase limit, stock); the breakdown as
 * `priceOrder(buildPricingInput(…))` — the same engine and mapper the server runs — and the order
 * confirmation rules of C§4 (`checkout()`).
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../api';
import { ruleOf, settle } from '../api/request';
import { OrderType, PayType } from '../domain/enums';
import type { OrderType as OrderTypeValue, PayType as PayTypeValue } from '../domain/enums';
import { ErrorCode, ruleError } from '../domain/errors';
import type { RuleError } from '../domain/errors';
import * as money from '../domain/money';
import { buildPricingInput, priceOrder } from '../domain/pricing';
import type { AcceptedOffer, Breakdown, CouponSelection, Offer, PricingFacts, PricingInput } from '../domain/pricing';
import { ShopRealStatus, shopStatusDialog } from '../domain/shop-status';
import type { CartLine, Product, TableTiming } from '../domain/types';
import {
  checkCartQuantities,
  checkMinimumAmount,
  checkMustPickCategory,
  checkPurchaseLimit,
  quantitiesByProduct,
} from '../domain/validation';
import type { KeyValueStorage, PlatformName } from '../platform/types';
import type { AddressStore } from './address';
import type { MemberStore } from './member';
import type { MenuStore } from './menu';
import { change } from './named-action';
import type { PromotionStore } from './promotion';
import type { ShopStore } from './shop';
import { buildCartLine, type CartOp } from '../domain/cart';
import { LocalCartSource, type CartSource } from './cart-source';
import { revalidateLines, type CartNotice } from './cart-revalidation';
import { EMPTY_ORDER_INFO, type OrderInfo } from './order-form';
import { appointmentPayTypes, type BeautyPaySwitches } from '../domain/beauty';
import { CONFIRM_PAGE, TABLE_ORDER_PAGE, checkSetMeals, shrinkToStock, stockCheckLines, type CheckoutStep } from './cart-checkout';

export { cartStorageKey } from './cart-source';
export { EMPTY_ORDER_INFO, type OrderInfo } from './order-form';
export type { CartNotice } from './cart-revalidation';
export { CONFIRM_PAGE, TABLE_ORDER_PAGE, type CheckoutStep } from './cart-checkout';


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




/** What the cart needs from the session (C§3). */
export interface CartSession {
  readonly orderType: OrderTypeValue | null;
  readonly userAgent: number | null;
}

export interface CartDeps {
  api: Pick<Api, 'store'>;
  storage: KeyValueStorage;
  platform: { readonly name: PlatformName };
  abroad: boolean;
  session: CartSession;
  shop: ShopStore;
  menu: MenuStore;
  member: MemberStore;
  promotion: PromotionStore;
  address: AddressStore;
}



export class CartStore {
  shopId: number | null = null;
  lines: CartLine[] = [];
  /** The pay type the customer chose (null: the first usable one). */
  payType: PayTypeValue | null = null;
  payTypeId: number | null = null;
  /** 'auto' until the customer picks a coupon (or none) themselves (P§9 auto-selection). */
  couponChoice: CouponSelection = 'auto';
  usePoints = false;
  /** Offers the customer accepted (markupRedemption, pointRedeem): sent with the order. */
  acceptedOffers: AcceptedOffer[] = [];
  orderInfo: OrderInfo = EMPTY_ORDER_INFO;
  /** Open table: the timing of the table fee (C§9). */
  tableTiming: TableTiming | null = null;
  /** ORDER-5: the pay types the shop's beauty set allows an appointment (null until it is known). */
  appointmentPay: BeautyPaySwitches | null = null;
  /** What the last revalidation did. */
  notices: CartNotice[] = [];
  /** Bumped on every change of the cart's own state. */
  revision = 0;
  /** Where the lines live: this device (default) or a table room. */
  private source: CartSource;
  private unwatch: () => void = () => undefined;

  constructor(private readonly deps: CartDeps) {
    this.source = new LocalCartSource(deps.storage);
    makeObservable<CartStore, 'bump'>(this, {
      shopId: observable,
      lines: observable.ref,
      payType: observable,
      payTypeId: observable,
      couponChoice: observable,
      usePoints: observable,
      acceptedOffers: observable.ref,
      orderInfo: observable.ref,
      tableTiming: observable.ref,
      appointmentPay: observable.ref,
      notices: observable.ref,
      revision: observable,
      bump: false,
      orderType: computed,
      itemCount: computed,
      isEmpty: computed,
      payTypes: computed,
      effectivePayType: computed,
      distance: computed,
      pricingFacts: computed,
      pricingInput: computed,
      breakdown: computed,
      missingAmount: computed,
      flaggedLines: computed,
      checkoutErrors: computed,
      selectedCouponId: computed,
    });
  }

  /** The session's order type (takeaway until one is chosen). */
  get orderType(): OrderTypeValue {
    return this.deps.session.orderType ?? OrderType.takeaway;
  }

  /** Units in the cart. */
  get itemCount(): number {
    return this.lines.reduce((n, l) => n + Math.max(0, l.quantity), 0);
  }

  /** C§4: no units and no product-coupon line. */
  get isEmpty(): boolean {
    return !this.lines.some((l) => l.quantity > 0 || l.couponInfo !== undefined);
  }

  /**
   * The pay types usable here (C§3 payTypes): the shop's enabled ones, minus the host wallets of other
   * platforms, minus the member card in a browser page (C§5) and for a visitor when the shop does not
   * allow registering on the web (C§6).
   */
  get payTypes(): PayTypeValue[] {
    const setting = this.deps.shop.paySetting;
    if (!setting) return [];
    const platform = this.deps.platform.name;
    const memberSetting = this.deps.shop.memberSetting ?? this.deps.member.memberSetting;
    const types = setting.payTypes.filter((t) => {
      if (t === PayType.weixin) return platform === 'weapp';
      if (t === PayType.alipay) return platform === 'alipay';
      if (t === PayType.vip) return platform !== 'h5' && (this.deps.member.isMember || memberSetting.allowRegisterInWeb === true);
      return true;
    });
    // C§3 beauty set: an appointment offers only the pay types the set allows
    return this.orderType === OrderType.appointment ? appointmentPayTypes(types, this.appointmentPay) : types;
  }

  /** ORDER-5: the beauty set's pay-type switches (the appointment card sets them once loaded). */
  setAppointmentPay(set: BeautyPaySwitches | null): void {
    change('cart/setAppointmentPay', () => {
      this.appointmentPay = set;
    });
  }

  /** The pay type pricing and the submission use: the chosen one while usable, else the first. */
  get effectivePayType(): PayTypeValue | null {
    if (this.payType && this.payTypes.includes(this.payType)) return this.payType;
    return this.payTypes[0] ?? null;
  }

  /** Takeaway: the server's distance to the selected address (C§9 fee tiers); null = unknown. */
  get distance(): number | null {
    if (this.orderType !== OrderType.takeaway) return null;
    const d = this.deps.address.distance;
    return d && d.addressId === this.deps.address.selectedId ? d.distance : null;
  }

  /** The pricing input — built by the one mapper the server also uses (docs/architecture.md §8 Money). */
  get pricingInput(): PricingInput | null {
    const shop = this.deps.shop.shop;
    if (!shop) return null;
    const { menu } = this.deps;
    return buildPricingInput({
      shop,
      cart: this.lines,
      products: menu.shopId === shop.id ? menu.productList : undefined,
      now: this.deps.shop.now,
      facts: this.pricingFacts,
    });
  }

  /**
   * Every fact pricing reads (PricingFacts, all required): the server's order service builds the same
   * set from its own records for the submission (server/src/services/orders/price.ts).
   */
  get pricingFacts(): PricingFacts {
    const { member, promotion } = this.deps;
    return {
      orderType: this.orderType,
      userAgent: this.deps.session.userAgent,
      payType: this.effectivePayType,
      abroad: this.deps.abroad,
      member: member.pricingFacts,
      activities: promotion.activities,
      promotionCodeActivity: promotion.promotionCodeActivity,
      coupons: promotion.coupons,
      couponId: this.couponChoice,
      acceptedOffers: this.acceptedOffers,
      usePoints: this.usePoints,
      pointsToUse: null,
      distance: this.distance,
      isPickerPack: this.orderInfo.isPickerPack,
      table: this.tableTiming,
    };
  }

  /** PRICE-10: the breakdown the customer sees is priceOrder of that input — never a figure of its own. */
  get breakdown(): Breakdown | null {
    const input = this.pricingInput;
    return input ? priceOrder(input) : null;
  }

  /** The coupon pricing applied (auto-selected unless the customer picked one). */
  get selectedCouponId(): number | null {
    return this.breakdown?.selectedCouponId ?? null;
  }

  /**
   * ORDER-1/2: the amount still missing to the minimum order (minSellStartAmount against goods after
   * discounts, the base pricing checks); 0 when reached or not applicable.
   */
  get missingAmount(): number {
    const shop = this.deps.shop.shop;
    const b = this.breakdown;
    if (!shop || !b) return 0;
    const error = checkMinimumAmount(b.goodsAfterDiscount, shop, this.orderType);
    if (!error) return 0;
    return money.toWire(money.sub(shop.minSellStartAmount ?? 0, b.goodsAfterDiscount), b.numberDecimals);
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

  /** The rules the cart breaks before confirmation, in the order they are shown. */
  get checkoutErrors(): RuleError[] {
    const errors: RuleError[] = this.flaggedLines.map((f) => f.error);
    const products = new Map<number, Product>();
    for (const l of this.lines) {
      const p = this.deps.menu.product(l.id);
      if (p) products.set(p.id, p);
    }
    errors.push(...checkCartQuantities(this.lines, products));
    const shop = this.deps.shop.shop;
    if (shop?.mustPickTypeId) {
      const name = this.deps.menu.category(shop.mustPickTypeId)?.name ?? '';
      const mustPick = checkMustPickCategory(shop.mustPickTypeId, this.lines, name);
      if (mustPick) errors.push(mustPick);
    }
    const min = this.breakdown?.errors.find((e) => e.code === ErrorCode.belowMinimumAmount);
    if (min) errors.push(min.params ? ruleError(min.code, min.params) : ruleError(min.code));
    return errors;
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
      if (this.shopId !== shopId) {
        this.couponChoice = 'auto';
        this.usePoints = false;
        this.acceptedOffers = [];
        this.orderInfo = EMPTY_ORDER_INFO;
        this.tableTiming = null;
      }
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
    change('cart/clear', () => {
      this.couponChoice = 'auto';
      this.acceptedOffers = [];
    });
    this.commit('cart/clear', [], { type: 'clear' });
  }

  /** After an order was placed: the cart empties and the coupon choice returns to automatic. */
  clearAfterOrder(): void {
    change('cart/submitted', () => {
      this.couponChoice = 'auto';
      this.usePoints = false;
      this.acceptedOffers = [];
      this.orderInfo = { ...this.orderInfo, note: '' };
    });
    this.commit('cart/submitted', []);
  }

  setPayType(payType: PayTypeValue, payTypeId: number | null = null): void {
    change('cart/setPayType', () => {
      this.payType = payType;
      this.payTypeId = payTypeId;
      this.bump();
    });
  }

  /**
   * The customer picks a coupon (or none with null). P§5: only one coupon at a time — picking another
   * while one is chosen answers `couponAlreadySelected` (remove it first).
   */
  chooseCoupon(couponId: number | null): RuleError | null {
    if (couponId !== null && typeof this.couponChoice === 'number' && this.couponChoice !== couponId) {
      return ruleError(ErrorCode.couponAlreadySelected);
    }
    change('cart/chooseCoupon', () => {
      this.couponChoice = couponId;
      this.bump();
    });
    return null;
  }

  /** Back to the automatic choice (P§9: the largest reduction). */
  useAutoCoupon(): void {
    change('cart/useAutoCoupon', () => {
      this.couponChoice = 'auto';
      this.bump();
    });
  }

  /**
   * The customer takes `quantity` units of an offer (markupRedemption, pointRedeem) the breakdown
   * lists; 0 gives it back. More than the offer allows is refused with the offer's limit.
   */
  acceptOffer(offer: Pick<Offer, 'activityId' | 'productId'>, quantity: number): RuleError | null {
    const listed = this.breakdown?.offers.find((o) => o.activityId === offer.activityId && o.productId === offer.productId);
    const q = Math.max(0, Math.floor(quantity));
    if (q > 0 && !listed) return ruleError(ErrorCode.couponActivityNotExist);
    if (listed && q > listed.maxQuantity) {
      return listed.points ? ruleError(ErrorCode.pointsInsufficient) : ruleError(ErrorCode.exchangeSoldOut);
    }
    const others = this.acceptedOffers.filter((a) => a.activityId !== offer.activityId || a.productId !== offer.productId);
    change('cart/acceptOffer', () => {
      this.acceptedOffers = q > 0 ? [...others, { activityId: offer.activityId, productId: offer.productId, quantity: q }] : others;
      this.bump();
    });
    return null;
  }

  /** The points-deduction switch (P§9). */
  setUsePoints(on: boolean): void {
    change('cart/setUsePoints', () => {
      this.usePoints = on;
      this.bump();
    });
  }

  setOrderInfo(patch: Partial<OrderInfo>): void {
    change('cart/setOrderInfo', () => {
      this.orderInfo = { ...this.orderInfo, ...patch };
      this.bump();
    });
  }

  /** Open table: the table order's timing for the timed fee (ORDER-4). */
  setTableTiming(timing: TableTiming | null): void {
    change('cart/setTableTiming', () => {
      this.tableTiming = timing;
      this.bump();
    });
  }

  /**
   * C§4 last bullet, "confirm the order" from the cart: shop status below 1 → expiry notice; shop
   * closed → closed notice; empty cart (no product coupon either) → nothing. Otherwise empty lines are
   * cleared, taxes are taken from the menu, the cart's rules are checked, and the stock is checked
   * (store/checkStock): a shortfall names the product (single "got it" dialog) and the short lines
   * shrink to what is left (C§5). Else the confirm page — order/order for openTable.
   */
  async checkout(): Promise<CheckoutStep> {
    const { shop } = this.deps;
    // C§4: the status dialog (a fast-food shop closed for this order type offers dine-in the same way)
    const dialog = shop.statusDialog ?? (shop.realStatus < ShopRealStatus.normal ? shopStatusDialog(shop.realStatus, shop.shop?.industry) : null);
    if (dialog) return { step: 'expiredNotice', dialog };
    const closed = shop.closedError;
    if (closed) return { step: 'closedNotice', error: closed };
    if (this.isEmpty) return { step: 'none' };

    this.commit(
      'cart/prepare',
      this.lines
        .filter((l) => l.quantity > 0 || l.couponInfo !== undefined)
        .map((l) => {
          const taxes = this.deps.menu.product(l.id)?.taxes;
          return taxes ? { ...l, taxes } : l;
        }),
    );
    const invalid = this.checkoutErrors[0];
    if (invalid) return { step: 'invalid', error: invalid };

    const lines = this.lines.filter((l) => l.quantity > 0);
    // ORDER-12: a set meal whose chosen item went offline or sold out goes, the dialog names the item
    const set = await checkSetMeals(this.deps.api.store, lines);
    if (set && 'failed' in set) return { step: 'invalid', error: set.failed };
    if (set) {
      this.commit('cart/setMealUnavailable', this.lines.filter((l) => l.flag !== set.flag));
      return { step: 'stockShortage', product: set.item, error: set.error };
    }
    if (lines.length > 0) {
      const res = await settle(this.deps.api.store.checkStock({ products: stockCheckLines(lines) }));
      if (!res.ok) return { step: 'invalid', error: ruleOf(res.error) };
      if (res.data.id !== null) {
        const shortId = res.data.id;
        const name = res.data.name ?? lines.find((l) => l.id === shortId)?.name ?? String(shortId);
        const left = Math.max(0, res.data.stock ?? 0);
        this.shrinkTo(shortId, left);
        // P§8 stock warning when none is left; C§8 "insufficient inventory" when fewer than wanted
        const code = left === 0 ? ErrorCode.stockWarning : ErrorCode.insufficientInventory;
        return { step: 'stockShortage', product: name, error: ruleError(code, { product: name }) };
      }
    }
    return { step: 'confirm', url: this.orderType === OrderType.openTable ? TABLE_ORDER_PAGE : CONFIRM_PAGE };
  }

  /** The lines of a product share `left` units in cart order; lines past it shrink or go (C§5). */
  private shrinkTo(productId: number, left: number): void {
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
