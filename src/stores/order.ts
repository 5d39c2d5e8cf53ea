/**
 * Orders (ORDER-1…3, ORDER-6…9 client state): the submission built from the cart — choices only,
 * never prices (PRICE-10) — sent with one `Idempotency-Key` per visit of the confirm screen and the
 * total the customer saw as `expectedTotal`; the server's `amountError` answer refreshes the shown
 * breakdown; payment per pay type (host wallet, provider page, member card with its 6-digit pay
 * password — never in a browser page); the order list by tab, the detail with its unpaid countdown,
 * cancel, pay again, confirm delivered and delivery info.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../api';
import { ruleOf, settle } from '../api/request';
import type { ReqOf } from '../api/contract/common';
import type {
  AmountErrorData,
  DeliveryInfo,
  OrderBreakdown,
  OrderConfirmRes,
  OrderDetail,
  OrderListTab,
  orderCalls,
} from '../api/contract/order';
import type { PayStart } from '../api/contract/shared-shapes';
import { Limits, OrderType, PayStatus, PayType } from '../domain/enums';
import type { PayType as PayTypeValue } from '../domain/enums';
import { ErrorCode, ruleError } from '../domain/errors';
import type { RuleError } from '../domain/errors';
import { canCancelOrder, canConfirmDelivered, canPayAgain, orderStatusTextKey } from '../domain/order-status';
import type { OrderStatusTextKey } from '../domain/order-status';
import {
  checkBalance,
  checkCardPayEnvironment,
  checkDeliveryAddress,
  checkPayType,
  checkPaymentAmount,
  validateOrderFields,
} from '../domain/validation';
import type { Platform } from '../platform/types';
import type { AddressStore } from './address';
import type { CartStore } from './cart';
import type { MemberStore } from './member';
import { change } from './named-action';
import type { PromotionStore } from './promotion';
import type { ShopStore } from './shop';

export type OrderSubmissionInput = ReqOf<(typeof orderCalls)['confirm']>;

/** How a payment ended (ORDER-7, ORDER-8). */
export type PayOutcome =
  | { status: 'paid'; orderId: number }
  /** The wallet said paid but the server has not settled yet: "check whether paid". */
  | { status: 'processing'; orderId: number; error: RuleError }
  /** A provider page must be opened (stripe-pay, allin-pay) with this url. */
  | { status: 'redirect'; orderId: number; page: string; url: string }
  | { status: 'cancelled'; orderId: number; error: RuleError }
  | { status: 'failed'; orderId: number; error: RuleError };

/** How a confirmation ended. */
export type ConfirmOutcome =
  /** A submission is already on its way (a double tap does nothing twice). */
  | { status: 'busy' }
  | { status: 'invalid'; error: RuleError }
  /** PRICE-10: the server priced the order differently; its breakdown is now the one shown. */
  | { status: 'amountChanged'; error: RuleError; breakdown: OrderBreakdown }
  | { status: 'failed'; error: RuleError }
  | { status: 'placed'; order: OrderConfirmRes; payment: PayOutcome | null };

/** Provider pages of the redirect payments (C§2 order routes). */
export const PROVIDER_PAGES: Record<'stripe' | 'allinpay', string> = {
  stripe: '/pages/order/stripe-pay',
  allinpay: '/pages/order/allin-pay',
};

/** Pay types paid on a provider's page that returns to the app through `returnUrl` (H5). */
const PROVIDER_PAY_TYPES: readonly PayTypeValue[] = [PayType.stripe, PayType.allinpay];

/** Options of a payment start. */
export interface PayOptions {
  /** The member card's 6-digit pay password (C§5). */
  payPassword?: string;
  /**
   * Where the provider page (card, all-in-one) sends the customer back when done — an absolute URL
   * of this app, normally the page that checks whether the order was paid. Ignored for other pay types.
   */
  returnUrl?: string;
}

/** Orders per page of the order list. */
export const ORDER_PAGE_LIMIT = 20;

/** What the order store needs from the session (C§2 launch state). */
export interface OrderSession {
  readonly isAutoNumber: boolean;
  readonly payOpenid: string | null;
  /** USER-5: the region of a phone typed without a calling code (absent: no region check). */
  readonly phoneRegion?: string | null;
}

export interface OrderDeps {
  api: Pick<Api, 'order'>;
  platform: Pick<Platform, 'name' | 'payment'>;
  session: OrderSession;
  cart: CartStore;
  shop: ShopStore;
  member: MemberStore;
  promotion: PromotionStore;
  address: AddressStore;
  now: () => number;
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

/** An entered pay password (C§5): required, exactly 6 digits. */
export function checkPayPasswordEntry(password: string | null | undefined): RuleError | null {
  if (!password) return ruleError(ErrorCode.payPasswordRequired);
  return new RegExp(`^\\d{${Limits.payPasswordLength}}$`).test(password) ? null : ruleError(ErrorCode.payPasswordSixDigits);
}

/** "mm:ss" of a countdown (C§4 "minutes-and-seconds countdown"). */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

const isAmountErrorData = (d: unknown): d is AmountErrorData =>
  typeof d === 'object' &&
  d !== null &&
  typeof (d as AmountErrorData).total === 'number' &&
  typeof (d as AmountErrorData).breakdown === 'object' &&
  (d as AmountErrorData).breakdown !== null;

const nonBlank = (v: string | null | undefined): string | undefined => (v && v.trim() !== '' ? v.trim() : undefined);

/** The server's breakdown after an amountError, valid while the cart stays as it was. */
interface ServerQuote {
  revision: number;
  clientTotal: number;
  breakdown: OrderBreakdown;
}

export class OrderStore {
  /** The Idempotency-Key of this visit of the confirm screen. */
  idempotencyKey: string | null = null;
  submitting = false;
  /** The latest reload of the card and the coupons after an order changed them (see refreshAccount). */
  accountRefresh: Promise<void> = Promise.resolve();
  /** Orders whose placing was announced (order/sendProductOrderSuccess). */
  private readonly announced = new Set<number>();
  serverQuote: ServerQuote | null = null;
  /** The order the last confirmation created. */
  lastOrder: OrderConfirmRes | null = null;
  paying = false;

  tab: OrderListTab = 'all';
  list: OrderDetail[] = [];
  page = 0;
  total = 0;
  listLoading = false;
  refreshing = false;
  /** Why the last page of the list could not be loaded (the page offers a retry). */
  listError: RuleError | null = null;
  /** The last page came back short: there is nothing after it. */
  exhausted = false;

  detail: OrderDetail | null = null;
  detailLoading = false;
  detailError: RuleError | null = null;
  deliveryInfo: DeliveryInfo | null = null;
  /** The countdown clock; `tick()` moves it. */
  now: number;

  private readonly uuid: () => string;
  /** Bumped by every list load: an answer of an older load is dropped. */
  private listGeneration = 0;
  private refreshRun: Promise<void> | null = null;

  constructor(private readonly deps: OrderDeps) {
    this.now = deps.now();
    this.uuid = deps.uuid ?? defaultUuid;
    makeObservable(this, {
      idempotencyKey: observable,
      submitting: observable,
      serverQuote: observable.ref,
      lastOrder: observable.ref,
      paying: observable,
      tab: observable,
      list: observable.ref,
      page: observable,
      total: observable,
      listLoading: observable,
      refreshing: observable,
      listError: observable.ref,
      exhausted: observable,
      detail: observable.ref,
      detailLoading: observable,
      detailError: observable.ref,
      deliveryInfo: observable.ref,
      now: observable,
      serverBreakdown: computed,
      expectedTotal: computed,
      submission: computed,
      validationErrors: computed,
      hasMore: computed,
      countdownMs: computed,
      countdownText: computed,
      detailStatusKey: computed,
      detailActions: computed,
    });
  }

  /** The server's breakdown from an amountError, while the cart has not changed since. */
  get serverBreakdown(): OrderBreakdown | null {
    const q = this.serverQuote;
    const b = this.deps.cart.breakdown;
    if (!q || !b) return null;
    return q.revision === this.deps.cart.revision && q.clientTotal === b.amountToPay ? q.breakdown : null;
  }

  /** The total the customer sees: the server's after an amountError, else the cart's breakdown. */
  get expectedTotal(): number | null {
    return this.serverBreakdown?.total ?? this.deps.cart.breakdown?.amountToPay ?? null;
  }

  /**
   * The order submission of C§3 built from the cart: what was chosen, never a price (PRICE-10). The
   * coupon is the one the shown breakdown applied; `expectedTotal` the total shown.
   */
  get submission(): OrderSubmissionInput | null {
    const { cart, member, promotion, address } = this.deps;
    const payType = cart.effectivePayType;
    const expectedTotal = this.expectedTotal;
    if (!payType || expectedTotal === null) return null;
    const info = cart.orderInfo;
    const s: OrderSubmissionInput = {
      type: cart.orderType,
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
      couponId: cart.selectedCouponId,
      expectedTotal,
    };
    if (member.vipInfo) s.vipId = member.vipInfo.id;
    if (cart.payTypeId !== null) s.payTypeId = cart.payTypeId;
    if (nonBlank(info.note)) s.note = nonBlank(info.note);
    if (cart.usePoints) s.usePoints = true;
    // PRICE-5: only offers the breakdown still makes (a cart that fell below an offer's threshold
    // does not send it, or the server would refuse the order)
    const offered = cart.breakdown?.offers ?? [];
    const accepted = cart.acceptedOffers.filter((o) => offered.some((x) => x.activityId === o.activityId && x.productId === o.productId));
    if (accepted.length > 0) s.acceptedOffers = accepted.map((o) => ({ ...o }));
    if (promotion.promotionCode) s.promotionCode = promotion.promotionCode;
    switch (cart.orderType) {
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
        if (cart.orderType === OrderType.dine && this.deps.session.isAutoNumber) s.isAutoNumber = true;
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
    const { cart, shop, member, address, platform } = this.deps;
    const settings = shop.shop;
    const breakdown = cart.breakdown;
    if (!settings || !breakdown) return [ruleError(ErrorCode.getShopDataFailed)];
    const info = cart.orderInfo;
    const errors: Array<RuleError | null> = [
      ...validateOrderFields({
        orderType: cart.orderType,
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
    if (cart.orderType === OrderType.takeaway && address.selected) {
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
    const payType = cart.payType ?? cart.effectivePayType;
    const total = this.expectedTotal ?? 0;
    if (payType === PayType.vip) errors.push(checkCardPayEnvironment(payType, platform.name === 'h5'));
    errors.push(checkPayType(cart.payTypes, payType));
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

  /** More orders follow the loaded pages (the "no more" footer shows when this turns false). */
  get hasMore(): boolean {
    return this.page === 0 || (!this.exhausted && this.list.length < this.total);
  }

  /** ORDER-8: time left to pay the detail's unpaid order; null when nothing is due. */
  get countdownMs(): number | null {
    return this.detail ? this.countdownFor(this.detail) : null;
  }

  get countdownText(): string | null {
    const ms = this.countdownMs;
    return ms === null ? null : formatCountdown(ms);
  }

  /** C§4 status text (a locale key) of the detail. */
  get detailStatusKey(): OrderStatusTextKey | null {
    const d = this.detail;
    return d ? orderStatusTextKey({ status: d.status, orderType: d.type, source: d.source, createdAt: d.createdAt, now: this.now }) : null;
  }

  /** What the detail page offers (C§4): cancel and pay again while unpaid and in time, confirm delivered. */
  get detailActions(): { canCancel: boolean; canPayAgain: boolean; canConfirmDelivered: boolean } {
    const d = this.detail;
    if (!d) return { canCancel: false, canPayAgain: false, canConfirmDelivered: false };
    const inTime = d.payDeadline === null || d.payDeadline > this.now;
    return {
      canCancel: canCancelOrder(d.status),
      canPayAgain: canPayAgain(d.status) && inTime,
      canConfirmDelivered: canConfirmDelivered(d.status),
    };
  }

  /** Time left to pay an unpaid order (list rows use it too); null when it is not awaiting payment. */
  countdownFor(order: Pick<OrderDetail, 'status' | 'payDeadline'>): number | null {
    if (order.payDeadline === null || !canPayAgain(order.status)) return null;
    return Math.max(0, order.payDeadline - this.now);
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
          const clientTotal = this.deps.cart.breakdown?.amountToPay ?? 0;
          change('order/amountError', () => {
            this.serverQuote = { revision: this.deps.cart.revision, clientTotal, breakdown: data.breakdown };
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
      if (order.needPay) payment = await this.startPayment(order.id, submission.payType, undefined, opts.returnUrl);
      else if (order.payStatus === PayStatus.success) payment = { status: 'paid', orderId: order.id };
      this.refreshAccount();
      return { status: 'placed', order, payment };
    } finally {
      change('order/submitted', () => {
        this.submitting = false;
      });
    }
  }

  /**
   * Pays an unpaid order (ORDER-7; also "pay again", ORDER-8). Member card: refused in a browser page
   * (C§5), needs the 6-digit pay password, settles at once. Host wallet: the platform's wallet with the
   * server's signed parameters, then order/payQuery settles it; a cancel or failure is reported with
   * order/payErrorCallback and the order stays payable. Provider page: the page and url to open.
   */
  async pay(orderId: number, payType: PayTypeValue, opts: PayOptions = {}): Promise<PayOutcome> {
    if (payType === PayType.vip) {
      const env = checkCardPayEnvironment(payType, this.deps.platform.name === 'h5');
      if (env) return { status: 'failed', orderId, error: env };
      const pwd = checkPayPasswordEntry(opts.payPassword);
      if (pwd) return { status: 'failed', orderId, error: pwd };
    }
    const outcome = await this.startPayment(orderId, payType, opts.payPassword, opts.returnUrl);
    this.refreshAccount();
    return outcome;
  }

  /** "Check whether paid" (ORDER-8): order/payQuery settles a payment whose callback never came. */
  async checkPaid(orderId: number): Promise<PayOutcome> {
    const res = await settle(this.deps.api.order.payQuery({ id: orderId }));
    if (!res.ok) return { status: 'failed', orderId, error: ruleOf(res.error) };
    this.patchOrder(orderId, { status: res.data.status, payStatus: res.data.payStatus, paidAmount: res.data.paidAmount });
    return res.data.payStatus === PayStatus.success
      ? { status: 'paid', orderId }
      : { status: 'processing', orderId, error: ruleError(ErrorCode.checkWhetherPaid) };
  }

  /** Shows a list tab from its first page (a load of the tab shown before is dropped). */
  async setTab(tab: OrderListTab): Promise<void> {
    change('order/setTab', () => {
      this.tab = tab;
      this.list = [];
      this.page = 0;
      this.total = 0;
      this.exhausted = false;
      this.listError = null;
    });
    await this.loadPage(1, 'replace');
  }

  /**
   * Pull-to-refresh: the first page again (newly placed orders show at the top). A second pull while
   * one runs joins it.
   */
  refresh(): Promise<void> {
    if (this.refreshRun) return this.refreshRun;
    change('order/refreshing', () => {
      this.refreshing = true;
    });
    const run = this.loadPage(1, 'replace').finally(() => {
      this.refreshRun = null;
      change('order/refreshed', () => {
        this.refreshing = false;
      });
    });
    this.refreshRun = run;
    return run;
  }

  /** The next page of the tab ("loading more" at the end of the list); nothing once all are listed. */
  async loadMore(): Promise<void> {
    if (this.listLoading || this.refreshing || !this.hasMore) return;
    await this.loadPage(this.page + 1, 'append');
  }

  /**
   * Loads one page of the current tab. A newer load (another tab, a refresh) supersedes it: its
   * answer is dropped. A page shorter than the page size is the last one, whatever the total says
   * (orders placed meanwhile shift the pages).
   */
  private async loadPage(page: number, mode: 'replace' | 'append'): Promise<void> {
    const tab = this.tab;
    const generation = (this.listGeneration += 1);
    change('order/listLoading', () => {
      this.listLoading = true;
      this.listError = null;
    });
    try {
      const res = await settle(this.deps.api.order.list({ tab, page, pageLimit: ORDER_PAGE_LIMIT }));
      if (generation !== this.listGeneration) return;
      change('order/list', () => {
        if (!res.ok) {
          this.listError = ruleOf(res.error);
          return;
        }
        if (mode === 'replace') this.list = res.data.list;
        else {
          const known = new Set(this.list.map((o) => o.id));
          this.list = [...this.list, ...res.data.list.filter((o) => !known.has(o.id))];
        }
        this.page = page;
        this.total = res.data.total;
        this.exhausted = res.data.list.length < res.data.pageLimit;
        this.now = this.deps.now();
      });
    } finally {
      if (generation === this.listGeneration) {
        change('order/listLoaded', () => {
          this.listLoading = false;
        });
      }
    }
  }

  /** order/detail; a failure is "Get order detail failed". */
  async loadDetail(id: number): Promise<boolean> {
    change('order/detailLoading', () => {
      this.detailLoading = true;
      this.detailError = null;
      if (this.detail?.id !== id) {
        this.detail = null;
        this.deliveryInfo = null;
      }
    });
    try {
      const res = await settle(this.deps.api.order.detail({ id }));
      change('order/detail', () => {
        if (res.ok) this.detail = res.data;
        else this.detailError = ruleError(ErrorCode.getOrderDetailFailed);
        this.now = this.deps.now();
      });
      return res.ok;
    } finally {
      change('order/detailLoaded', () => {
        this.detailLoading = false;
      });
    }
  }

  /**
   * P§4 (vip changed, pay final callback): an order placed, paid or cancelled changed the card
   * (balance, points) and the coupons on the server; they are loaded again so the next order starts
   * from them (a used coupon is not picked again). `accountRefresh` is the latest such load.
   */
  private refreshAccount(): void {
    const { member, promotion } = this.deps;
    this.accountRefresh = Promise.all([
      member.vipInfo ? member.load().catch(() => undefined) : Promise.resolve(),
      promotion.loaded ? promotion.load() : Promise.resolve(),
    ]).then(() => undefined);
  }

  /**
   * C§7 order/sendProductOrderSuccess: tells the shop's message service that the order was placed,
   * once per order however often its success page opens (a refusal changes nothing for the customer).
   */
  async announcePlaced(orderId: number): Promise<void> {
    if (this.announced.has(orderId)) return;
    this.announced.add(orderId);
    await settle(this.deps.api.order.sendProductOrderSuccess({ id: orderId }, { silent: true }));
  }

  /** Moves the countdown clock (the detail page ticks it each second). */
  tick(now: number = this.deps.now()): void {
    change('order/tick', () => {
      this.now = now;
    });
  }

  /** C§4: cancels an unpaid order (order/close). */
  async cancel(id: number): Promise<RuleError | null> {
    const res = await settle(this.deps.api.order.close({ id }));
    if (!res.ok) return ruleOf(res.error);
    this.patchOrder(id, { status: res.data.status, payStatus: res.data.payStatus });
    // the coupon and the points the order held are the customer's again
    this.refreshAccount();
    return null;
  }

  /** The customer received the order (order/confirmDelivered). */
  async confirmDelivered(id: number): Promise<RuleError | null> {
    const res = await settle(this.deps.api.order.confirmDelivered({ id }));
    if (!res.ok) return ruleOf(res.error);
    this.patchOrder(id, { status: res.data.status, payStatus: res.data.payStatus });
    return null;
  }

  /** The rider's progress of a takeaway order (order/deliveryInfo). */
  async loadDeliveryInfo(orderNo: string): Promise<DeliveryInfo | null> {
    const res = await settle(this.deps.api.order.deliveryInfo({ orderNo }));
    if (!res.ok) return null;
    change('order/deliveryInfo', () => {
      this.deliveryInfo = res.data;
    });
    return res.data;
  }

  private async startPayment(orderId: number, payType: PayTypeValue, payPassword?: string, returnUrl?: string): Promise<PayOutcome> {
    change('order/paying', () => {
      this.paying = true;
    });
    try {
      const req: ReqOf<(typeof orderCalls)['pay']> = { id: orderId, payType };
      if (payPassword) req.payPassword = payPassword;
      if (this.deps.session.payOpenid) req.payOpenid = this.deps.session.payOpenid;
      // only provider pages (card, all-in-one) come back through it; the wallets and the card pay in place
      if (returnUrl && PROVIDER_PAY_TYPES.includes(payType)) req.returnUrl = returnUrl;
      const res = await settle(this.deps.api.order.pay(req));
      if (!res.ok) return { status: 'failed', orderId, error: ruleOf(res.error) };
      return await this.followPayStart(orderId, payType, res.data);
    } finally {
      change('order/paid', () => {
        this.paying = false;
      });
    }
  }

  private async followPayStart(orderId: number, payType: PayTypeValue, start: PayStart): Promise<PayOutcome> {
    if (start.kind === 'paid') {
      this.patchOrder(orderId, { payStatus: start.payStatus, paidAmount: start.paidAmount });
      return start.payStatus === PayStatus.success
        ? { status: 'paid', orderId }
        : { status: 'failed', orderId, error: ruleError(ErrorCode.paymentWrong) };
    }
    if (start.kind === 'redirect') {
      return { status: 'redirect', orderId, page: PROVIDER_PAGES[start.provider], url: start.url };
    }
    // the host wallet (chat-app or payment-app) with the server's signed parameters
    const paid = await this.deps.platform.payment.requestPayment(start.params);
    if (paid.ok) return this.checkPaid(orderId);
    const cancelled = paid.cancelled === true || paid.code === ErrorCode.payCancelled;
    // the order stays unpaid and payable again (ORDER-8)
    await settle(
      this.deps.api.order.payErrorCallback({ id: orderId, payType, payStatus: cancelled ? PayStatus.cancel : PayStatus.fail }),
    );
    if (cancelled) return { status: 'cancelled', orderId, error: ruleError(ErrorCode.payCancelled) };
    const code = paid.code === ErrorCode.platformUnsupported ? ErrorCode.paymentInitializing : paid.code;
    return { status: 'failed', orderId, error: ruleError(code) };
  }

  /** Applies a status change to the detail and the list row of an order. */
  private patchOrder(id: number, patch: Partial<Pick<OrderDetail, 'status' | 'payStatus' | 'paidAmount'>>): void {
    change('order/patch', () => {
      if (this.detail?.id === id) this.detail = { ...this.detail, ...patch };
      if (this.list.some((o) => o.id === id)) this.list = this.list.map((o) => (o.id === id ? { ...o, ...patch } : o));
    });
  }
}

