/**
 * The confirm screen's order (ORDER-1…3, ORDER-6, ORDER-7 client state): the submission built from
 * the cart — choices only, never prices (PRICE-10) — sent with one `Idempotency-Key` per visit of the
 * confirm screen and the total the customer saw as `expectedTotal`; the rules of C§5 checked before
 * it is sent; the server's `amountError` answer refreshes the shown breakdown; a placed order that
 * needs paying is paid through the order store. Built by the confirm page through
 * `root.area('order-confirm', …)`, so this module travels in the order package.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../../api';
import { ruleOf, settle } from '../../api/request';
import type { ReqOf } from '../../api/contract/common';
import type { AmountErrorData, OrderBreakdown, OrderConfirmRes, orderCalls } from '../../api/contract/order';
import { OrderType, PayStatus, PayType } from '../../domain/enums';
import { ErrorCode, ruleError } from '../../domain/errors';
import type { RuleError } from '../../domain/errors';
import { checkBalance, checkDeliveryAddress, checkPayType, checkPaymentAmount, validateOrderFields } from '../../domain/order-rules';
import { checkCardPayEnvironment } from '../../domain/validation';
import type { Platform } from '../../platform/types';
import type { AddressStore } from '../address';
import type { CartStore } from '../cart';
import type { CheckoutStore } from '../checkout';
import type { MemberStore } from '../member';
import { change } from '../named-action';
import { checkPayPasswordEntry } from '../order';
import type { OrderSession, OrderStore, PayOptions, PayOutcome } from '../order';
import type { PromotionStore } from '../promotion';
import type { ShopStore } from '../shop';

export type OrderSubmissionInput = ReqOf<(typeof orderCalls)['confirm']>;

/** How a confirmation ended. */
export type ConfirmOutcome =
  /** A submission is already on its way (a double tap does nothing twice). */
  | { status: 'busy' }
  | { status: 'invalid'; error: RuleError }
  /** PRICE-10: the server priced the order differently; its breakdown is now the one shown. */
  | { status: 'amountChanged'; error: RuleError; breakdown: OrderBreakdown }
  | { status: 'failed'; error: RuleError }
  | { status: 'placed'; order: OrderConfirmRes; payment: PayOutcome | null };

export interface OrderConfirmDeps {
  api: Pick<Api, 'order'>;
  platform: Pick<Platform, 'name'>;
  session: OrderSession;
  cart: CartStore;
  checkout: CheckoutStore;
  shop: ShopStore;
  member: MemberStore;
  promotion: PromotionStore;
  address: AddressStore;
  /** Pays the placed order and reloads the card and the coupons it changed. */
  order: Pick<OrderStore, 'startPayment' | 'refreshAccount'>;
  /** A fresh UUID (the Idempotency-Key); defaults to crypto.randomUUID or a v4 from Math.random. */
  uuid?: () => string;
}

/** An RFC 4122 version-4 UUID. */
export function uuidV4(random: () => number = Math.random): string {
  const bytes = Array.from({ length: 16 }, () => Math.floor(random() * 256) & 0xff);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const defaultUuid = (): string => {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return typeof c?.randomUUID === 'function' ? c.randomUUID() : uuidV4();
};

const isAmountErrorData = (d: unknown): d is AmountErrorData =>
  typeof d === 'object' &&
  d !== null &&
  typeof (d as AmountErrorData).total === 'number' &&
  typeof (d as AmountErrorData).breakdown === 'object' &&
  (d as AmountErrorData).breakdown !== null;

const nonBlank = (v: string | null | undefined): string | undefined => (v && v.trim() !== '' ? v.trim() : undefined);

/** The server's breakdown after an amountError, valid while the cart and its checkout stay as they were. */
interface ServerQuote {
  revision: number;
  clientTotal: number;
  breakdown: OrderBreakdown;
}

export class OrderConfirmStore {
  /** The Idempotency-Key of this visit of the confirm screen. */
  idempotencyKey: string | null = null;
  submitting = false;
  serverQuote: ServerQuote | null = null;
  /** The order the last confirmation created. */
  lastOrder: OrderConfirmRes | null = null;

  private readonly uuid: () => string;

  constructor(private readonly deps: OrderConfirmDeps) {
    this.uuid = deps.uuid ?? defaultUuid;
    makeObservable(this, {
      idempotencyKey: observable,
      submitting: observable,
      serverQuote: observable.ref,
      lastOrder: observable.ref,
      serverBreakdown: computed,
      expectedTotal: computed,
      submission: computed,
      validationErrors: computed,
    });
  }

  /** The server's breakdown from an amountError, while the cart and its checkout have not changed since. */
  get serverBreakdown(): OrderBreakdown | null {
    const q = this.serverQuote;
    const b = this.deps.checkout.breakdown;
    if (!q || !b) return null;
    return q.revision === this.deps.checkout.revision && q.clientTotal === b.amountToPay ? q.breakdown : null;
  }

  /** The total the customer sees: the server's after an amountError, else the checkout's breakdown. */
  get expectedTotal(): number | null {
    return this.serverBreakdown?.total ?? this.deps.checkout.breakdown?.amountToPay ?? null;
  }

  /**
   * The order submission of C§3 built from the cart: what was chosen, never a price (PRICE-10). The
   * coupon is the one the shown breakdown applied; `expectedTotal` the total shown.
   */
  get submission(): OrderSubmissionInput | null {
    const { cart, checkout, member, promotion, address } = this.deps;
    const payType = checkout.effectivePayType;
    const expectedTotal = this.expectedTotal;
    if (!payType || expectedTotal === null) return null;
    const info = checkout.orderInfo;
    const s: OrderSubmissionInput = {
      type: checkout.orderType,
      payType,
      products: cart.lines
        .filter((l) => l.quantity > 0)
        .map((l) => {
          const choice: OrderSubmissionInput['products'][number] = { id: l.id, quantity: l.quantity, flag: l.flag };
          if (l.specId !== undefined && l.specId !== null) choice.specId = l.specId;
          if (l.tastes && l.tastes.length > 0) choice.tastes = l.tastes.map((t) => ({ id: t.id, quantity: t.quantity }));
          if (l.mealset && l.mealset.length > 0) {
            choice.mealset = l.mealset.map((m) => ({ groupId: m.groupId, productId: m.id, quantity: m.quantity }));
          }
          if (l.couponInfo) choice.couponId = l.couponInfo.couponId;
          return choice;
        }),
      couponId: checkout.selectedCouponId,
      expectedTotal,
    };
    if (member.vipInfo) s.vipId = member.vipInfo.id;
    if (checkout.payTypeId !== null) s.payTypeId = checkout.payTypeId;
    if (nonBlank(info.note)) s.note = nonBlank(info.note);
    if (checkout.usePoints) s.usePoints = true;
    // PRICE-5: only offers the breakdown still makes (a cart that fell below an offer's threshold
    // does not send it, or the server would refuse the order)
    const offered = checkout.breakdown?.offers ?? [];
    const accepted = checkout.acceptedOffers.filter((o) => offered.some((x) => x.activityId === o.activityId && x.productId === o.productId));
    if (accepted.length > 0) s.acceptedOffers = accepted.map((o) => ({ ...o }));
    if (promotion.promotionCode) s.promotionCode = promotion.promotionCode;
    switch (checkout.orderType) {
      case OrderType.takeaway: {
        const a = address.selected;
        if (a) {
          s.contact_address = [a.address, a.houseNumber].filter((x) => x && x.trim() !== '').join(' ');
          if (a.addressGps) s.contact_address_gps = a.addressGps;
        }
        const phone = nonBlank(info.userPhone) ?? a?.phone;
        const name = nonBlank(info.username) ?? a?.name;
        if (phone) s.contact_phone = phone.replace(/[\s-]/g, '');
        if (name) s.contact_name = name;
        if (info.deliveryTime !== null) s.deliveryTime = info.deliveryTime;
        break;
      }
      case OrderType.selfPickup:
        if (nonBlank(info.pickerPhone)) s.contact_phone = info.pickerPhone!.replace(/[\s-]/g, '');
        if (nonBlank(info.pickerName)) s.contact_name = nonBlank(info.pickerName);
        if (info.pickupTime !== null) s.pickupTime = info.pickupTime;
        s.isPickerPack = info.isPickerPack;
        break;
      case OrderType.dine:
      case OrderType.openTable:
        if (nonBlank(info.table)) s.table = nonBlank(info.table);
        // C§5: an isAutoNumber link skips the table check on both sides
        if (checkout.orderType === OrderType.dine && this.deps.session.isAutoNumber) s.isAutoNumber = true;
        if (info.people !== null) s.people = info.people;
        s.isPickerPack = info.isPickerPack;
        break;
      case OrderType.appointment:
        if (info.appointment !== null) s.appointment = info.appointment;
        // ORDER-5: the service user and the person served (the server reads the rest from its own records)
        if (info.serviceUserId !== null) s.serviceUser = { id: info.serviceUserId };
        if (nonBlank(info.beautyUserName)) s.contact_name = nonBlank(info.beautyUserName);
        if (nonBlank(info.beautyUserPhone)) s.contact_phone = info.beautyUserPhone!.replace(/[\s-]/g, '');
        break;
    }
    return s;
  }

  /**
   * ORDER-6: the rules of C§5 the confirm page checks before submitting, in the order shown (the first
   * one is toasted): required fields by order type, delivery address and range, the minimum amount,
   * a usable pay type, an amount above 0, and for the member card the browser rule and the balance.
   */
  get validationErrors(): RuleError[] {
    const { cart, checkout, shop, member, address, platform } = this.deps;
    const settings = shop.shop;
    const breakdown = checkout.breakdown;
    if (!settings || !breakdown) return [ruleError(ErrorCode.getShopDataFailed)];
    const info = checkout.orderInfo;
    const errors: Array<RuleError | null> = [
      // CONSOLE-5: the shop paused this order type (the server refuses it too)
      shop.pauseError,
      ...validateOrderFields({
        orderType: checkout.orderType,
        shop: settings,
        lineCount: cart.lines.filter((l) => l.quantity > 0).length,
        address: address.selected,
        deliveryTime: info.deliveryTime,
        username: info.username,
        userPhone: info.userPhone,
        pickupTime: info.pickupTime,
        pickerName: info.pickerName,
        pickerPhone: info.pickerPhone,
        table: info.table,
        people: info.people,
        isAutoNumber: this.deps.session.isAutoNumber,
        appointment: info.appointment,
        phoneRegion: this.deps.session.phoneRegion,
      }),
    ];
    if (checkout.orderType === OrderType.takeaway && address.selected) {
      errors.push(address.distanceError);
      const measured = address.distance?.addressId === address.selectedId ? address.distance : null;
      const range = checkDeliveryAddress({ address: address.selected, shop: settings, distance: measured?.distance ?? null });
      errors.push(range);
      // C§5 "Out of business scope": the server measured the distance against the shop's range
      if (!range && measured && !measured.inRange) {
        errors.push(ruleError(ErrorCode.outOfBusinessScope, { distance: measured.deliveryDistance }));
      }
    }
    for (const e of breakdown.errors) errors.push(e.params ? ruleError(e.code, e.params) : ruleError(e.code));
    // the customer's own choice is checked, never silently swapped for another pay type
    const payType = checkout.payType ?? checkout.effectivePayType;
    const total = this.expectedTotal ?? 0;
    if (payType === PayType.vip) errors.push(checkCardPayEnvironment(payType, platform.name === 'h5'));
    errors.push(checkPayType(checkout.payTypes, payType));
    errors.push(checkPaymentAmount(total));
    if (payType === PayType.vip) {
      // C§5 the balance pays what is left after the gift balance (P§9); the gift balance its own part
      const gift = this.serverBreakdown ? 0 : breakdown.giftAmount;
      errors.push(
        member.vipInfo
          ? (checkBalance(member.vipInfo.amount, total) ?? checkBalance(member.vipInfo.giftAmount, gift))
          : ruleError(ErrorCode.pleaseRegisterFirst),
      );
    }
    const seen = new Set<string>();
    return errors.filter((e): e is RuleError => {
      if (e === null) return false;
      const key = `${e.code}:${JSON.stringify(e.params ?? {})}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /** The confirm screen opened: a new Idempotency-Key for this visit, and no stale server quote. */
  enterConfirm(): void {
    change('order/enterConfirm', () => {
      this.idempotencyKey = this.uuid();
      this.serverQuote = null;
    });
  }

  /**
   * Submits the order (order/confirm). Checks the C§5 rules first; paying by member card needs the
   * 6-digit pay password and is refused in a browser page. A repeated tap while submitting does
   * nothing; a retry after a network failure reuses the visit's key, so the server never makes a
   * second order. On `amountError` the server's breakdown (its `data`) becomes the one shown and the
   * next submission carries its total under a new key (the submission changed). On success the cart
   * empties and, when the pay type needs it, payment starts.
   */
  async confirm(opts: PayOptions = {}): Promise<ConfirmOutcome> {
    if (this.submitting) return { status: 'busy' };
    const first = this.validationErrors[0];
    if (first) return { status: 'invalid', error: first };
    // a copy: the pay password must not stay in the computed submission
    const submission = this.submission ? { ...this.submission } : null;
    if (!submission) return { status: 'invalid', error: ruleError(ErrorCode.noValidPayType) };
    if (submission.payType === PayType.vip) {
      const pwd = checkPayPasswordEntry(opts.payPassword);
      if (pwd) return { status: 'invalid', error: pwd };
      submission.payPassword = opts.payPassword;
    }
    const key = this.idempotencyKey ?? this.uuid();
    change('order/submitting', () => {
      this.idempotencyKey = key;
      this.submitting = true;
    });
    try {
      const res = await settle(this.deps.api.order.confirm(submission, { idempotencyKey: key }));
      if (!res.ok) {
        const error = res.error;
        if (error.code === ErrorCode.amountError && isAmountErrorData(error.data)) {
          const data = error.data;
          const clientTotal = this.deps.checkout.breakdown?.amountToPay ?? 0;
          change('order/amountError', () => {
            this.serverQuote = { revision: this.deps.checkout.revision, clientTotal, breakdown: data.breakdown };
            this.idempotencyKey = this.uuid();
          });
          return { status: 'amountChanged', error: ruleError(ErrorCode.amountError), breakdown: data.breakdown };
        }
        if (error.kind === 'business') {
          // the server refused this submission for good: a corrected one is a new submission
          change('order/refused', () => {
            this.idempotencyKey = this.uuid();
          });
        }
        return { status: 'failed', error: ruleOf(error) };
      }
      const order = res.data;
      change('order/placed', () => {
        this.lastOrder = order;
        this.serverQuote = null;
        this.idempotencyKey = null;
      });
      this.deps.cart.clearAfterOrder();
      let payment: PayOutcome | null = null;
      if (order.needPay) payment = await this.deps.order.startPayment(order.id, submission.payType, undefined, opts.returnUrl);
      else if (order.payStatus === PayStatus.success) payment = { status: 'paid', orderId: order.id };
      this.deps.order.refreshAccount();
      return { status: 'placed', order, payment };
    } finally {
      change('order/submitted', () => {
        this.submitting = false;
      });
    }
  }
}
