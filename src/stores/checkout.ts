/**
 * The checkout beside the cart (C§3 cart payType, coupon, points, orderInfo; C§4 order confirmation;
 * PRICE-10 client side): the form the confirm pages fill — pay type, coupon and points choice, the
 * offers accepted, the order form, the table timing, the appointment's pay types — and what is
 * computed from it and the cart's lines: the breakdown as `priceOrder(buildPricingInput(…))` — the
 * same engine and mapper the server runs — the distance, the amount missing to the minimum, the
 * rules the cart breaks, and `checkout()` itself.
 *
 * One direction: the checkout reads the cart; the cart knows nothing of the checkout. Where the form
 * follows the cart (another shop's cart opened, the cart cleared, its lines ordered), the checkout
 * listens to the cart's events.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../api';
import { ruleOf, settle } from '../api/request';
import { appointmentPayTypes, type BeautyPaySwitches } from '../domain/beauty';
import { OrderType, PayType } from '../domain/enums';
import type { OrderType as OrderTypeValue, PayType as PayTypeValue } from '../domain/enums';
import { ErrorCode, ruleError } from '../domain/errors';
import type { RuleError } from '../domain/errors';
import * as money from '../domain/money';
import { buildPricingInput, priceOrder } from '../domain/pricing';
import type { AcceptedOffer, Breakdown, CouponSelection, Offer, PricingFacts, PricingInput } from '../domain/pricing';
import { ShopRealStatus, shopStatusDialog } from '../domain/shop-status';
import type { Product, TableTiming } from '../domain/types';
import { checkCartQuantities, checkMinimumAmount, checkMustPickCategory } from '../domain/validation';
import { registersInPlace } from '../domain/members/registration';
import type { PlatformName } from '../platform/types';
import type { AddressStore } from './address';
import type { CartStore } from './cart';
import { CONFIRM_PAGE, TABLE_ORDER_PAGE, checkSetMeals, stockCheckLines, type CheckoutStep } from './cart-checkout';
import type { MemberStore } from './member';
import type { MenuStore } from './menu';
import { change } from './named-action';
import { EMPTY_ORDER_INFO, type OrderInfo } from './order-form';
import type { PromotionStore } from './promotion';
import type { ShopStore } from './shop';

export { EMPTY_ORDER_INFO, type OrderInfo } from './order-form';
export { CONFIRM_PAGE, TABLE_ORDER_PAGE, type CheckoutStep } from './cart-checkout';

/** What the checkout needs from the session (C§3). */
export interface CheckoutSession {
  readonly orderType: OrderTypeValue | null;
  readonly userAgent: number | null;
}

export interface CheckoutDeps {
  api: Pick<Api, 'store'>;
  platform: { readonly name: PlatformName };
  abroad: boolean;
  session: CheckoutSession;
  shop: ShopStore;
  menu: MenuStore;
  member: MemberStore;
  promotion: PromotionStore;
  address: AddressStore;
  cart: CartStore;
}

export class CheckoutStore {
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
  /** Bumped on every change of the customer's choices here. */
  private edits = 0;

  constructor(private readonly deps: CheckoutDeps) {
    makeObservable<CheckoutStore, 'edits' | 'bump'>(this, {
      payType: observable,
      payTypeId: observable,
      couponChoice: observable,
      usePoints: observable,
      acceptedOffers: observable.ref,
      orderInfo: observable.ref,
      tableTiming: observable.ref,
      appointmentPay: observable.ref,
      edits: observable,
      bump: false,
      revision: computed,
      orderType: computed,
      payTypes: computed,
      effectivePayType: computed,
      distance: computed,
      pricingFacts: computed,
      pricingInput: computed,
      breakdown: computed,
      missingAmount: computed,
      checkoutErrors: computed,
      selectedCouponId: computed,
    });
    const { events } = deps.cart;
    // another shop's cart: the form starts over
    events.on('shopChanged', () =>
      change('checkout/shopChanged', () => {
        this.couponChoice = 'auto';
        this.usePoints = false;
        this.acceptedOffers = [];
        this.orderInfo = EMPTY_ORDER_INFO;
        this.tableTiming = null;
      }),
    );
    events.on('cleared', () =>
      change('checkout/cartCleared', () => {
        this.couponChoice = 'auto';
        this.acceptedOffers = [];
      }),
    );
    // after an order was placed the coupon choice returns to automatic
    events.on('submitted', () =>
      change('checkout/submitted', () => {
        this.couponChoice = 'auto';
        this.usePoints = false;
        this.acceptedOffers = [];
        this.orderInfo = { ...this.orderInfo, note: '' };
      }),
    );
  }

  /** Bumped on every change of the cart's lines or of the choices here (what a server quote was for). */
  get revision(): number {
    return this.deps.cart.revision + this.edits;
  }

  /** The session's order type (takeaway until one is chosen). */
  get orderType(): OrderTypeValue {
    return this.deps.session.orderType ?? OrderType.takeaway;
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
      if (t === PayType.vip) return platform !== 'h5' && (this.deps.member.isMember || registersInPlace(memberSetting));
      return true;
    });
    // C§3 beauty set: an appointment offers only the pay types the set allows
    return this.orderType === OrderType.appointment ? appointmentPayTypes(types, this.appointmentPay) : types;
  }

  /** ORDER-5: the beauty set's pay-type switches (the appointment card sets them once loaded). */
  setAppointmentPay(set: BeautyPaySwitches | null): void {
    change('checkout/setAppointmentPay', () => {
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
      cart: this.deps.cart.lines,
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

  /** The rules the cart breaks before confirmation, in the order they are shown. */
  get checkoutErrors(): RuleError[] {
    const { cart, menu } = this.deps;
    const errors: RuleError[] = cart.flaggedLines.map((f) => f.error);
    const products = new Map<number, Product>();
    for (const l of cart.lines) {
      const p = menu.product(l.id);
      if (p) products.set(p.id, p);
    }
    errors.push(...checkCartQuantities(cart.lines, products));
    const shop = this.deps.shop.shop;
    if (shop?.mustPickTypeId) {
      const name = menu.category(shop.mustPickTypeId)?.name ?? '';
      const mustPick = checkMustPickCategory(shop.mustPickTypeId, cart.lines, name);
      if (mustPick) errors.push(mustPick);
    }
    const min = this.breakdown?.errors.find((e) => e.code === ErrorCode.belowMinimumAmount);
    if (min) errors.push(min.params ? ruleError(min.code, min.params) : ruleError(min.code));
    return errors;
  }

  setPayType(payType: PayTypeValue, payTypeId: number | null = null): void {
    change('checkout/setPayType', () => {
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
    change('checkout/chooseCoupon', () => {
      this.couponChoice = couponId;
      this.bump();
    });
    return null;
  }

  /** Back to the automatic choice (P§9: the largest reduction). */
  useAutoCoupon(): void {
    change('checkout/useAutoCoupon', () => {
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
    change('checkout/acceptOffer', () => {
      this.acceptedOffers = q > 0 ? [...others, { activityId: offer.activityId, productId: offer.productId, quantity: q }] : others;
      this.bump();
    });
    return null;
  }

  /** The points-deduction switch (P§9). */
  setUsePoints(on: boolean): void {
    change('checkout/setUsePoints', () => {
      this.usePoints = on;
      this.bump();
    });
  }

  setOrderInfo(patch: Partial<OrderInfo>): void {
    change('checkout/setOrderInfo', () => {
      this.orderInfo = { ...this.orderInfo, ...patch };
      this.bump();
    });
  }

  /** Open table: the table order's timing for the timed fee (ORDER-4). */
  setTableTiming(timing: TableTiming | null): void {
    change('checkout/setTableTiming', () => {
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
    const { shop, cart } = this.deps;
    // C§4: the status dialog (a fast-food shop closed for this order type offers dine-in the same way)
    const dialog = shop.statusDialog ?? (shop.realStatus < ShopRealStatus.normal ? shopStatusDialog(shop.realStatus, shop.shop?.industry) : null);
    if (dialog) return { step: 'expiredNotice', dialog };
    // …and an order type the shop paused (CONSOLE-5) is refused with the pause's message
    const closed = shop.closedError ?? shop.pauseError;
    if (closed) return { step: 'closedNotice', error: closed };
    if (cart.isEmpty) return { step: 'none' };

    cart.prepareForCheckout();
    const invalid = this.checkoutErrors[0];
    if (invalid) return { step: 'invalid', error: invalid };

    const lines = cart.lines.filter((l) => l.quantity > 0);
    // ORDER-12: a set meal whose chosen item went offline or sold out goes, the dialog names the item
    const set = await checkSetMeals(this.deps.api.store, lines);
    if (set && 'failed' in set) return { step: 'invalid', error: set.failed };
    if (set) {
      cart.dropUnavailableSetMeal(set.flag);
      return { step: 'stockShortage', product: set.item, error: set.error };
    }
    if (lines.length > 0) {
      const res = await settle(this.deps.api.store.checkStock({ products: stockCheckLines(lines) }));
      if (!res.ok) return { step: 'invalid', error: ruleOf(res.error) };
      if (res.data.id !== null) {
        const shortId = res.data.id;
        const name = res.data.name ?? lines.find((l) => l.id === shortId)?.name ?? String(shortId);
        const left = Math.max(0, res.data.stock ?? 0);
        cart.shrinkTo(shortId, left);
        // P§8 stock warning when none is left; C§8 "insufficient inventory" when fewer than wanted
        const code = left === 0 ? ErrorCode.stockWarning : ErrorCode.insufficientInventory;
        return { step: 'stockShortage', product: name, error: ruleError(code, { product: name }) };
      }
    }
    return { step: 'confirm', url: this.orderType === OrderType.openTable ? TABLE_ORDER_PAGE : CONFIRM_PAGE };
  }

  private bump(): void {
    this.edits += 1;
  }
}
