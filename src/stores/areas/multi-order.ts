/**
 * Multi-shop orders (ORDER-10; C§2 multi-confirm / multi-success, C§3 cart state multiOrderIds): the
 * carts this device keeps for the shops of the chain (one per shop, CART-2) checked out together —
 * each shop's figures by the domain pricing from the facts the server prices with (order/multiShops),
 * one order type and contact for all, one online payment; the server places every order or none.
 * Built by the multi pages through `root.area('multi-order', …)`.
 */
import { computed, makeObservable, observable } from 'mobx';
import { createMultiOrderApi, type MultiOrderApi } from '../../api/multi-order';
import { newIdempotencyKey, ruleOf, settle } from '../../api/request';
import type { Api } from '../../api';
import type { MultiConfirmReq, MultiOrder, MultiRefusalData, MultiShopFacts } from '../../api/contract/multi-order';
import type { ShopSummary } from '../../api/contract/store';
import type { PayStart } from '../../api/contract/shared-shapes';
import { OrderType, PayStatus, PayType } from '../../domain/enums';
import type { PayType as PayTypeValue } from '../../domain/enums';
import { ErrorCode, ruleError, type RuleError } from '../../domain/errors';
import * as money from '../../domain/money';
import { buildPricingInput, priceOrder, type Breakdown, type PricingFacts } from '../../domain/pricing';
import type { Address, CartLine } from '../../domain/types';
import { validateOrderFields } from '../../domain/order-rules';
import { distanceKm, parseGps } from '../../domain/validation';
import type { KeyValueStorage, Platform } from '../../platform/types';
import { cartStorageKey } from '../cart-source';
import { storedCartLines } from '../multi-carts';
import { change } from '../named-action';
import type { RootStore } from '../root';

/** The order types one multi-shop order may take (a table or an appointment is one shop's visit). */
export type MultiOrderType = typeof OrderType.takeaway | typeof OrderType.selfPickup;

/** Online pay types: one payment for several shops (cash is paid at each counter, a card per shop). */
const ONLINE: readonly PayTypeValue[] = [PayType.weixin, PayType.alipay, PayType.stripe, PayType.allinpay];

export interface MultiOrderDeps {
  api: Pick<Api, 'store'>;
  multi: MultiOrderApi;
  storage: KeyValueStorage;
  platform: Pick<Platform, 'name' | 'payment'>;
  session: { readonly userAgent: number | null };
  /** The selected delivery address (takeaway). */
  address: { readonly selected: Address | null };
  abroad: boolean;
  now: () => number;
  /** A fresh Idempotency-Key. */
  uuid: () => string;
  /** The shops' carts were ordered: the cart on screen (if one of them) empties too. */
  onOrdered: (shopIds: readonly number[]) => void;
}

/** A shop's part as the confirm screen shows it. */
export interface MultiShopPart {
  shopId: number;
  name: string;
  address: string;
  lines: CartLine[];
  breakdown: Breakdown;
  facts: MultiShopFacts;
  /** The first rule this shop's part breaks (minimum amount, out of range…), or null. */
  error: RuleError | null;
}

/** A refusal of the group, with the shop it came from when the server named one. */
export interface MultiRefusal {
  error: RuleError;
  shopId: number | null;
  shopName: string;
}

/** How the one payment went. */
export type MultiPayOutcome =
  | { status: 'paid'; groupId: number }
  | { status: 'processing'; groupId: number }
  | { status: 'redirect'; groupId: number; url: string }
  | { status: 'cancelled'; groupId: number; error: RuleError }
  | { status: 'failed'; groupId: number; error: RuleError };

export type MultiConfirmOutcome =
  | { status: 'busy' }
  | { status: 'invalid'; error: RuleError; shopName: string }
  | { status: 'refused'; refusal: MultiRefusal }
  | { status: 'placed'; group: MultiOrder; payment: MultiPayOutcome };

const nonBlank = (s: string): string | null => (s.trim() === '' ? null : s.trim());

export class MultiOrderStore {
  /** The chain's shops (store/list). */
  chainShops: ShopSummary[] = [];
  /** The stored carts of the chain's shops that hold something, in the list's order. */
  carts: Array<{ shopId: number; lines: CartLine[] }> = [];
  facts: MultiShopFacts[] = [];
  loading = false;
  loadError: RuleError | null = null;
  orderType: MultiOrderType = OrderType.selfPickup;
  payType: PayTypeValue | null = null;
  contactName = '';
  contactPhone = '';
  note = '';
  submitting = false;
  paying = false;
  refusal: MultiRefusal | null = null;
  /** The placed group (C§3 multiOrderIds) being paid or shown. */
  group: MultiOrder | null = null;
  private idempotencyKey: string | null = null;

  constructor(private readonly deps: MultiOrderDeps) {
    makeObservable<MultiOrderStore, 'idempotencyKey'>(this, {
      chainShops: observable.ref,
      carts: observable.ref,
      facts: observable.ref,
      loading: observable,
      loadError: observable,
      orderType: observable,
      payType: observable,
      contactName: observable,
      contactPhone: observable,
      note: observable,
      submitting: observable,
      paying: observable,
      refusal: observable.ref,
      group: observable.ref,
      idempotencyKey: false,
      canCheckoutAll: computed,
      parts: computed,
      orderTypes: computed,
      payTypes: computed,
      effectivePayType: computed,
      grandTotal: computed,
      currencySymbol: computed,
      numberDecimals: computed,
      validationError: computed,
    });
  }

  /** Reads the chain's shops and which of them hold a cart on this device. */
  async scan(): Promise<void> {
    const res = await settle(this.deps.api.store.list({}));
    if (!res.ok) {
      change('multi/scanFailed', () => {
        this.loadError = ruleOf(res.error);
      });
      return;
    }
    const shops = res.data.list;
    change('multi/scanned', () => {
      this.chainShops = shops;
      this.carts = shops.map((s) => ({ shopId: s.id, lines: storedCartLines(this.deps.storage, s.id) })).filter((c) => c.lines.length > 0);
    });
  }

  /** A customer with carts at two shops of the chain or more may check them out together. */
  get canCheckoutAll(): boolean {
    return this.chainShops.length > 1 && this.carts.length > 1;
  }

  /** The confirm screen's data: the carts, then each shop's pricing facts (order/multiShops). */
  async load(): Promise<void> {
    change('multi/loading', () => {
      this.loading = true;
      this.loadError = null;
      this.refusal = null;
    });
    try {
      await this.scan();
      if (this.carts.length === 0) return;
      const res = await settle(
        this.deps.multi.shops({
          carts: this.carts.map((c) => ({ shopId: c.shopId, productIds: [...new Set(c.lines.map((l) => l.id))] })),
        }),
      );
      change('multi/loaded', () => {
        if (res.ok) {
          this.facts = res.data.shops;
          if (!this.orderTypes.includes(this.orderType)) this.orderType = this.orderTypes[0] ?? OrderType.selfPickup;
        } else this.loadError = ruleOf(res.error);
      });
    } finally {
      change('multi/loadDone', () => {
        this.loading = false;
      });
    }
  }

  /** Order types every shop of the order takes: takeaway, and pickup where all collect (C§3 selfCollection). */
  get orderTypes(): MultiOrderType[] {
    const out: MultiOrderType[] = [OrderType.selfPickup, OrderType.takeaway];
    return out.filter((t) => t === OrderType.takeaway || this.facts.every((f) => f.shop.selfCollection !== false));
  }

  /** Pay types every shop takes, online only, usable on this platform (host wallets on their host). */
  get payTypes(): PayTypeValue[] {
    if (this.facts.length === 0) return [];
    const platform = this.deps.platform.name;
    return ONLINE.filter((t) => {
      if (!this.facts.every((f) => f.payTypes.includes(t))) return false;
      if (t === PayType.weixin) return platform === 'weapp';
      if (t === PayType.alipay) return platform === 'alipay';
      return true;
    });
  }

  get effectivePayType(): PayTypeValue | null {
    if (this.payType && this.payTypes.includes(this.payType)) return this.payType;
    return this.payTypes[0] ?? null;
  }

  /** Takeaway: the distance from a shop to the selected address, as the server measures it. */
  private distanceTo(f: MultiShopFacts): number | null {
    if (this.orderType !== OrderType.takeaway) return null;
    const from = parseGps(f.shop.gpsAddress);
    const to = parseGps(this.deps.address.selected?.addressGps);
    return from && to ? Math.round(distanceKm(from, to) * 1000) / 1000 : null;
  }

  /** Each shop's lines and figures by the one pricing engine, from that shop's own facts. */
  get parts(): MultiShopPart[] {
    const payType = this.effectivePayType;
    const out: MultiShopPart[] = [];
    for (const cart of this.carts) {
      const f = this.facts.find((x) => x.shopId === cart.shopId);
      if (!f) continue;
      const distance = this.distanceTo(f);
      const facts: PricingFacts = {
        orderType: this.orderType,
        userAgent: this.deps.session.userAgent,
        payType,
        abroad: this.deps.abroad,
        member: f.member,
        activities: f.activities,
        promotionCodeActivity: null,
        coupons: [],
        couponId: null,
        acceptedOffers: [],
        usePoints: false,
        pointsToUse: null,
        distance,
        isPickerPack: false,
        table: null,
      };
      const breakdown = priceOrder(
        buildPricingInput({ shop: f.shop, cart: cart.lines, products: f.products, now: this.deps.now(), facts }),
      );
      out.push({
        shopId: f.shopId,
        name: f.shop.name ?? '',
        address: f.shop.address ?? '',
        lines: cart.lines,
        breakdown,
        facts: f,
        error: breakdown.errors[0] ?? null,
      });
    }
    return out;
  }

  /** The one payment: every shop's total added up. */
  get grandTotal(): number {
    const parts = this.parts;
    return money.toWire(money.sum(parts.map((p) => p.breakdown.amountToPay)), this.numberDecimals);
  }

  get currencySymbol(): string {
    return this.facts[0]?.shop.currencySymbol ?? '¥';
  }

  get numberDecimals(): number {
    return this.facts[0]?.shop.numberDecimals ?? 2;
  }

  /** The first rule the order breaks before it is sent (C§5), with the shop it concerns. */
  get validationError(): { error: RuleError; shopName: string } | null {
    if (this.parts.length < 2) return { error: ruleError(ErrorCode.requiredProduct), shopName: '' };
    if (!this.effectivePayType) return { error: ruleError(ErrorCode.noValidPayType), shopName: '' };
    const a = this.deps.address.selected;
    for (const p of this.parts) {
      if (p.error) return { error: p.error, shopName: p.name };
      const takeaway = this.orderType === OrderType.takeaway;
      const errors = validateOrderFields({
        orderType: this.orderType,
        shop: p.facts.shop,
        lineCount: p.lines.length,
        address: takeaway && a ? { address: a.address, addressGps: a.addressGps } : null,
        deliveryTime: takeaway ? 'ASAP' : null,
        username: nonBlank(this.contactName) ?? a?.name ?? null,
        userPhone: nonBlank(this.contactPhone) ?? a?.phone ?? null,
        pickupTime: takeaway ? null : 'ASAP',
        pickerName: nonBlank(this.contactName),
        pickerPhone: nonBlank(this.contactPhone),
      });
      if (errors[0]) return { error: errors[0], shopName: p.name };
      if (takeaway && p.facts.shop.deliveryDistance !== undefined) {
        const d = this.distanceTo(p.facts);
        if (d !== null && d > p.facts.shop.deliveryDistance) return { error: ruleError(ErrorCode.outOfBusinessScope), shopName: p.name };
      }
    }
    return null;
  }

  setOrderType(t: MultiOrderType): void {
    change('multi/orderType', () => {
      this.orderType = t;
    });
  }

  setPayType(t: PayTypeValue): void {
    change('multi/payType', () => {
      this.payType = t;
    });
  }

  setContact(patch: { name?: string; phone?: string; note?: string }): void {
    change('multi/contact', () => {
      if (patch.name !== undefined) this.contactName = patch.name;
      if (patch.phone !== undefined) this.contactPhone = patch.phone;
      if (patch.note !== undefined) this.note = patch.note;
    });
  }

  /** The submission: each shop's choices and the total it was shown, never a price (PRICE-10). */
  get request(): MultiConfirmReq | null {
    const payType = this.effectivePayType;
    if (!payType) return null;
    const a = this.deps.address.selected;
    const takeaway = this.orderType === OrderType.takeaway;
    const name = nonBlank(this.contactName) ?? (takeaway ? (a?.name ?? null) : null);
    const phone = (nonBlank(this.contactPhone) ?? (takeaway ? (a?.phone ?? null) : null))?.replace(/[\s-]/g, '') ?? null;
    const parts = this.parts.map((p) => {
      const part: MultiConfirmReq['parts'][number] = {
        shopId: p.shopId,
        type: this.orderType,
        products: p.lines.map((l) => {
          const choice: MultiConfirmReq['parts'][number]['products'][number] = { id: l.id, quantity: l.quantity, flag: l.flag };
          if (l.specId !== undefined && l.specId !== null) choice.specId = l.specId;
          if (l.tastes && l.tastes.length > 0) choice.tastes = l.tastes.map((x) => ({ id: x.id, quantity: x.quantity }));
          if (l.mealset && l.mealset.length > 0) choice.mealset = l.mealset.map((m) => ({ groupId: m.groupId, productId: m.id, quantity: m.quantity }));
          return choice;
        }),
        expectedTotal: p.breakdown.amountToPay,
      };
      if (name) part.contact_name = name;
      if (phone) part.contact_phone = phone;
      if (nonBlank(this.note)) part.note = nonBlank(this.note) ?? undefined;
      if (takeaway) {
        if (a) {
          part.contact_address = [a.address, a.houseNumber].filter((x) => x && x.trim() !== '').join(' ');
          if (a.addressGps) part.contact_address_gps = a.addressGps;
        }
        part.deliveryTime = 'ASAP';
      } else part.pickupTime = 'ASAP';
      return part;
    });
    return { payType, parts, expectedTotal: this.grandTotal };
  }

  /**
   * Places the orders (order/multiConfirm) under one Idempotency-Key per attempt, then starts the one
   * payment. A refusal names its shop; `amountError` reloads the shops' facts so the figures shown are
   * the server's, and the next attempt is a new submission (new key).
   */
  async confirm(returnUrl?: (groupId: number) => string): Promise<MultiConfirmOutcome> {
    if (this.submitting) return { status: 'busy' };
    const invalid = this.validationError;
    if (invalid) return { status: 'invalid', ...invalid };
    const req = this.request;
    if (!req) return { status: 'invalid', error: ruleError(ErrorCode.noValidPayType), shopName: '' };
    const key = this.idempotencyKey ?? this.deps.uuid();
    change('multi/submitting', () => {
      this.idempotencyKey = key;
      this.submitting = true;
      this.refusal = null;
    });
    try {
      const res = await settle(this.deps.multi.confirm(req, { idempotencyKey: key }));
      if (!res.ok) {
        const data = (res.error.data ?? null) as Partial<MultiRefusalData> | null;
        const refusal: MultiRefusal = {
          error: ruleOf(res.error),
          shopId: typeof data?.shopId === 'number' ? data.shopId : null,
          shopName: typeof data?.shopName === 'string' ? data.shopName : '',
        };
        if (res.error.kind === 'business') {
          change('multi/refused', () => {
            this.refusal = refusal;
            this.idempotencyKey = null;
          });
        }
        // PRICE-10: the server priced differently (a menu or activity changed): show its figures
        if (res.error.code === ErrorCode.amountError) await this.load();
        return { status: 'refused', refusal };
      }
      const group = res.data;
      change('multi/placed', () => {
        this.group = group;
        this.idempotencyKey = null;
      });
      this.clearCarts(group.orders.map((o) => o.shopId));
      const payment = await this.pay(group.id, req.payType, returnUrl?.(group.id));
      return { status: 'placed', group, payment };
    } finally {
      change('multi/submitted', () => {
        this.submitting = false;
      });
    }
  }

  /** The ordered shops' carts are emptied on this device (CART-2) and on screen. */
  private clearCarts(shopIds: readonly number[]): void {
    for (const id of shopIds) this.deps.storage.set(cartStorageKey(id), { lines: [] });
    change('multi/cartsCleared', () => {
      this.carts = this.carts.filter((c) => !shopIds.includes(c.shopId));
    });
    this.deps.onOrdered(shopIds);
  }

  /**
   * The one payment of a group (order/multiPay): the host wallet, then order/multiPayQuery settles it;
   * a provider page returns its url (the page opens it and comes back to multi-success).
   */
  async pay(groupId: number, payType: PayTypeValue, returnUrl?: string): Promise<MultiPayOutcome> {
    change('multi/paying', () => {
      this.paying = true;
    });
    try {
      const req: { id: number; payType: PayTypeValue; returnUrl?: string } = { id: groupId, payType };
      if (returnUrl && (payType === PayType.stripe || payType === PayType.allinpay)) req.returnUrl = returnUrl;
      const res = await settle(this.deps.multi.pay(req, { idempotencyKey: this.deps.uuid() }));
      if (!res.ok) return { status: 'failed', groupId, error: ruleOf(res.error) };
      return await this.follow(groupId, res.data);
    } finally {
      change('multi/paid', () => {
        this.paying = false;
      });
    }
  }

  private async follow(groupId: number, start: PayStart): Promise<MultiPayOutcome> {
    if (start.kind === 'redirect') return { status: 'redirect', groupId, url: start.url };
    if (start.kind === 'paid') return start.payStatus === PayStatus.success ? { status: 'paid', groupId } : { status: 'failed', groupId, error: ruleError(ErrorCode.paymentWrong) };
    const paid = await this.deps.platform.payment.requestPayment(start.params);
    if (paid.ok) return (await this.checkPaid(groupId)) ? { status: 'paid', groupId } : { status: 'processing', groupId };
    if (paid.cancelled === true || paid.code === ErrorCode.payCancelled) return { status: 'cancelled', groupId, error: ruleError(ErrorCode.payCancelled) };
    return { status: 'failed', groupId, error: ruleError(paid.code === ErrorCode.platformUnsupported ? ErrorCode.paymentInitializing : paid.code) };
  }

  /** "Check whether paid": asks the provider through the server; true when every order is paid. */
  async checkPaid(groupId: number): Promise<boolean> {
    const res = await settle(this.deps.multi.payQuery({ id: groupId }));
    if (!res.ok) return false;
    change('multi/group', () => {
      this.group = res.data;
    });
    return res.data.status === 'paid';
  }

  /** The group for multi-success (order/multiDetail). */
  async loadGroup(groupId: number): Promise<boolean> {
    const res = await settle(this.deps.multi.detail({ id: groupId }));
    change('multi/group', () => {
      if (res.ok) this.group = res.data;
      else this.loadError = ruleOf(res.error);
    });
    return res.ok;
  }
}

/** The key of the multi-shop order store among the root's areas. */
export const MULTI_ORDER_AREA = 'multi-order';

/** A v4-like random key; the request layer's own when the platform has no crypto. */
const uuid = (): string => {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return c?.randomUUID ? c.randomUUID() : newIdempotencyKey();
};

/** The multi-shop order store of `root`, built on first use (RootStore.area). */
export function multiOrderArea(root: RootStore): MultiOrderStore {
  return root.area(
    MULTI_ORDER_AREA,
    (r) =>
      new MultiOrderStore({
        api: r.api,
        multi: createMultiOrderApi(r.api.client),
        storage: r.storage,
        platform: r.platform,
        session: r.session,
        address: r.address,
        abroad: r.abroad,
        now: r.now,
        uuid,
        onOrdered: (shopIds) => {
          // the cart on screen is one of the ordered shops': it empties as its stored copy did
          if (r.orderingReady && r.cart.shopId !== null && shopIds.includes(r.cart.shopId)) r.cart.clearAfterOrder();
        },
      }),
  );
}
