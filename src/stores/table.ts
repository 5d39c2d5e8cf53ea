/**
 * The table (C§4 "Table state", "Scan-order live channel", "Cart sync"; ORDER-4, TABLE-1…5): the
 * scanned table and its open orders, opening the table, the shared cart of the table's room (the cart
 * store's lines come from the room while the diner is at the table), sending the cart to the kitchen
 * as a round ("submitted" reaches everyone), the rounds already ordered with the timed table fee, and
 * settling the bill (table/canPay, table/confirm) priced by the same engine as every order.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../api';
import type { AmountErrorData, OrderBreakdown, OrderConfirmRes } from '../api/contract/order';
import type { GetTableInfoRes, TableBatch, TableOrder } from '../api/contract/table';
import { ruleOf, settle } from '../api/request';
import { OrderType, PayType } from '../domain/enums';
import type { PayType as PayTypeValue } from '../domain/enums';
import { ErrorCode, ruleError } from '../domain/errors';
import type { RuleError } from '../domain/errors';
import { buildPricingInput, priceOrder, type Breakdown } from '../domain/pricing';
import { routeTable, tableRoomId, type TableRoute } from '../domain/table';
import type { CartLine, TableInfo, TableTiming } from '../domain/types';
import type { Platform } from '../platform/types';
import { defaultTimers, RoomChannel, wsUrl, type RoomChange, type Timers } from '../realtime/channel';
import type { ChannelStatus, RoomDiner, RoomLine } from '../realtime/types';
import type { CartStore } from './cart';
import type { CheckoutStore } from './checkout';
import { RoomCartSource } from './cart-source';
import type { MemberStore } from './member';
import type { MenuStore } from './menu';
import { change } from './named-action';
import type { SessionStore } from './session';
import type { ShopStore } from './shop';

/** What the table page shows. */
export type TablePhase = 'idle' | 'loading' | 'free' | 'pick' | 'joined' | 'error';

/** A notice from the shared cart (C§4 reply codes): busy (-10002) or refused (any other code). */
export interface TableNotice {
  kind: 'busy' | 'refused';
  error: RuleError;
  reason: string;
}

/** The submitted dialog: who sent the table's cart to the kitchen (C§4 "submitted"). */
export interface SubmittedNotice {
  by: RoomDiner;
  mine: boolean;
}

export type SettleOutcome =
  | { status: 'placed'; order: OrderConfirmRes }
  | { status: 'busy'; payingOpenId: string | null }
  | { status: 'amountChanged'; breakdown: OrderBreakdown; error: RuleError }
  | { status: 'failed'; error: RuleError };

export interface TableDeps {
  api: Pick<Api, 'table'>;
  platform: Pick<Platform, 'socket' | 'name' | 'storage'>;
  session: SessionStore;
  shop: ShopStore;
  menu: MenuStore;
  cart: CartStore;
  checkout: CheckoutStore;
  member: MemberStore;
  /** Where the websocket connects (the API origin; empty: the page's own origin). */
  socketOrigin: () => string;
  now: () => number;
  timers?: Timers;
}

/** Where the table a diner sits at is remembered (per shop), so a reload or a restart sits down again. */
export const tableSeatKey = (shopId: number): string => `table_seat_${shopId}`;

/** How often a diner's page asks again while the session's first round waits for the staff (TABLE-7). */
export const HELD_RECHECK_MS = 10_000;

interface Seat {
  tableId: number;
  orderId: number;
}

const isAmountErrorData = (d: unknown): d is AmountErrorData =>
  typeof d === 'object' && d !== null && typeof (d as AmountErrorData).total === 'number' && typeof (d as AmountErrorData).breakdown === 'object';

export class TableStore {
  phase: TablePhase = 'idle';
  info: TableInfo | null = null;
  /** Every open order of the table (oldest first) and the caller's own. */
  orders: TableOrder[] = [];
  mine: TableOrder[] = [];
  /** The order this diner is at. */
  order: TableOrder | null = null;
  /** The rounds sent to the kitchen. */
  batches: TableBatch[] = [];
  diners: RoomDiner[] = [];
  /** The room's lines with who changed them last. */
  lines: RoomLine[] = [];
  status: ChannelStatus = 'idle';
  error: RuleError | null = null;
  /** Why the table page shows (several orders: pick one). */
  message: RuleError | null = null;
  notice: TableNotice | null = null;
  submitted: SubmittedNotice | null = null;
  submitting = false;
  /** The server's breakdown after an amount change while settling (shown before paying). */
  serverQuote: OrderBreakdown | null = null;
  /** Whether a remembered seat has been looked for (pages wait for it before saying "not at a table"). */
  seatChecked = false;
  private channel: RoomChannel | null = null;
  private resuming: Promise<boolean> | null = null;
  private off: Array<() => void> = [];
  private heldTimer: unknown = null;

  constructor(private readonly deps: TableDeps) {
    makeObservable(this, {
      phase: observable,
      info: observable.ref,
      orders: observable.ref,
      mine: observable.ref,
      order: observable.ref,
      batches: observable.ref,
      diners: observable.ref,
      lines: observable.ref,
      status: observable,
      error: observable.ref,
      message: observable.ref,
      notice: observable.ref,
      submitted: observable.ref,
      submitting: observable,
      serverQuote: observable.ref,
      seatChecked: observable,
      roomId: computed,
      me: computed,
      timing: computed,
      settleLines: computed,
      settleBreakdown: computed,
      orderedCount: computed,
      held: computed,
    });
  }

  /** The diner this device stands for. */
  get me(): RoomDiner {
    const name = this.deps.member.vipInfo?.name ?? '';
    // the server names diners by their token; the open id only tells this diner's own changes apart
    return { openId: this.deps.session.openid || 'me', nickname: name, avatar: '' };
  }

  get roomId(): string | null {
    const shopId = this.deps.shop.shop?.id;
    return this.order && shopId !== undefined ? tableRoomId(shopId, this.order.nTableID, this.order.id) : null;
  }

  /** The timed table fee's facts of the order (PRICE-9). */
  get timing(): TableTiming | null {
    const o = this.order;
    if (!o) return null;
    return { fee: o.fEachFee, feeType: o.nFeeType, startTime: o.nStartTimerTime, orderTime: o.nCreateTime, isOpenTiming: o.nIsOpenTiming === 1 };
  }

  /** TABLE-7: the session's rounds wait for the staff's approval ("waiting for the staff to confirm"). */
  get held(): boolean {
    return this.order?.nHeld === 1 || this.batches.some((b) => b.held === true);
  }

  /** Units already sent to the kitchen. */
  get orderedCount(): number {
    return this.batches.reduce((n, b) => n + b.lines.reduce((m, l) => m + l.quantity, 0), 0);
  }

  /** The ordered rounds as cart lines, merged by line, re-built from the menu (what settling prices). */
  get settleLines(): CartLine[] {
    const merged = new Map<string, CartLine>();
    for (const b of this.batches)
      for (const l of b.lines) {
        const prev = merged.get(l.flag);
        if (prev) {
          merged.set(l.flag, { ...prev, quantity: prev.quantity + l.quantity });
          continue;
        }
        const built = this.deps.cart.buildLine(
          l.productId,
          {
            specId: l.specId,
            tastes: l.tastes.map((t) => ({ id: t.id, quantity: t.quantity })),
            mealset: l.mealset.map((m) => ({ groupId: m.groupId, id: m.productId, quantity: m.quantity })),
            quantity: l.quantity,
          },
          false,
        );
        if ('line' in built) merged.set(l.flag, { ...built.line, quantity: l.quantity });
      }
    return [...merged.values()];
  }

  /** The bill of the table as the engine prices it now: every round, the timed fee, member prices, coupon. */
  get settleBreakdown(): Breakdown | null {
    const shop = this.deps.shop.shop;
    const timing = this.timing;
    if (!shop || !timing || this.batches.length === 0) return null;
    const { menu, checkout } = this.deps;
    return priceOrder(
      buildPricingInput({
        shop,
        cart: this.settleLines,
        products: menu.shopId === shop.id ? menu.productList : undefined,
        now: this.deps.shop.now,
        facts: { ...checkout.pricingFacts, orderType: OrderType.openTable, table: timing, distance: null, isPickerPack: false },
      }),
    );
  }

  /**
   * A scanned table (by the number on its code, or its id): C§4 nStatus routing. A free table (or
   * several orders none of which is the caller's) shows the table page; an occupied one joins its order.
   */
  async enter(by: { tableNo?: string; tableId?: number }): Promise<TableRoute | null> {
    change('table/loading', () => {
      this.phase = 'loading';
      this.error = null;
      this.message = null;
    });
    // TABLE-7: the code of the scanned link admits this diner to the table's order
    const code = this.deps.session.tableCode;
    const tableCode = code !== null ? { tableCode: code } : {};
    const res = await settle(
      this.deps.api.table.getTableInfo(by.tableId !== undefined ? { tableId: by.tableId, ...tableCode } : { tableNo: by.tableNo, ...tableCode }),
    );
    if (res.ok && res.data.admitted === false) {
      // without the table's code the menu can be browsed, the table not ordered on
      change('table/notAdmitted', () => {
        this.info = res.data.tableInfo;
        this.phase = 'error';
        this.error = ruleError(ErrorCode.tableCodeInvalid);
      });
      return null;
    }
    if (!res.ok) {
      change('table/failed', () => {
        this.phase = 'error';
        this.error = ruleOf(res.error);
      });
      return null;
    }
    this.take(res.data);
    const route = routeTable({ ...res.data, tableInfo: { id: res.data.tableInfo.id, nStatus: res.data.tableInfo.nStatus ?? 0 } });
    if (route.kind === 'tablePage') {
      change('table/choose', () => {
        this.phase = route.status === 0 ? 'free' : 'pick';
        this.message = route.message ? ruleError(route.message) : null;
      });
      return route;
    }
    const order = res.data.allTableOrders.find((o) => o.id === route.orderId) ?? res.data.userOrders.find((o) => o.id === route.orderId);
    if (!order) return route;
    if (res.data.userOrders.some((o) => o.id === order.id)) {
      await this.join(order);
      return route;
    }
    // TABLE-7: joining the party's order seats this diner in its session (table/order with the code)
    const me = this.me;
    const max = res.data.tableInfo.nMaxPerson ?? 0;
    const joined = await settle(
      this.deps.api.table.order({
        person: Math.max(1, max > 0 ? Math.min(order.nPerson, max) : order.nPerson),
        tableId: order.nTableID,
        ...tableCode,
        openId: me.openId,
        nickName: me.nickname,
        avatarUrl: me.avatar,
      }),
    );
    if (!joined.ok) {
      change('table/joinFailed', () => {
        this.phase = 'error';
        this.error = ruleOf(joined.error);
      });
      return null;
    }
    await this.join(joined.data);
    return route;
  }

  /**
   * After a reload or a restart: the table this diner sat at, if its order is still open, is joined
   * again (the room gives back the whole cart). Answers whether the diner is at a table.
   */
  resume(): Promise<boolean> {
    if (this.phase === 'joined') return Promise.resolve(true);
    // pages asking at once share one try
    this.resuming ??= this.resumeSeat().finally(() => {
      this.resuming = null;
      change('table/seatChecked', () => {
        this.seatChecked = true;
      });
    });
    return this.resuming;
  }

  private async resumeSeat(): Promise<boolean> {
    const shopId = this.deps.shop.shop?.id;
    if (shopId === undefined || this.phase === 'loading') return false;
    const seat = this.deps.platform.storage.get<Seat>(tableSeatKey(shopId));
    if (!seat || !Number.isInteger(seat.tableId) || !Number.isInteger(seat.orderId)) return false;
    const res = await settle(this.deps.api.table.getTableInfo({ tableId: seat.tableId }));
    const order = res.ok ? res.data.allTableOrders.find((o) => o.id === seat.orderId) : undefined;
    if (!res.ok || !order) {
      // the meal is over (paid or closed): the seat is given up
      if (res.ok) this.deps.platform.storage.remove(tableSeatKey(shopId));
      return false;
    }
    if ((this.phase as TablePhase) === 'joined') return true;
    this.take(res.data);
    await this.join(order);
    return true;
  }

  /** table/order: opens the free table for `person` diners (or joins the order someone opened first). */
  async open(person: number): Promise<RuleError | null> {
    const info = this.info;
    if (!info) return ruleError(ErrorCode.tableNotFound);
    if (!Number.isInteger(person) || person < 1 || (info.nMaxPerson !== undefined && info.nMaxPerson > 0 && person > info.nMaxPerson)) {
      return ruleError(ErrorCode.incorrectPeopleCount);
    }
    const me = this.me;
    const res = await settle(
      this.deps.api.table.order({
        person,
        tableId: info.id,
        ...(this.deps.session.tableCode !== null ? { tableCode: this.deps.session.tableCode } : {}),
        openId: me.openId,
        nickName: me.nickname,
        avatarUrl: me.avatar,
      }),
    );
    if (!res.ok) return ruleOf(res.error);
    await this.join(res.data);
    return null;
  }

  /** Joins a table order: its rounds, and the room's live channel feeding the cart. */
  async join(order: TableOrder): Promise<void> {
    this.leave();
    change('table/join', () => {
      this.order = order;
      this.phase = 'joined';
      this.submitted = null;
      this.notice = null;
    });
    this.deps.checkout.setTableTiming(this.timing);
    const shopId = this.deps.shop.shop?.id;
    if (shopId !== undefined) this.deps.platform.storage.set(tableSeatKey(shopId), { tableId: order.nTableID, orderId: order.id } satisfies Seat);
    this.connect();
    await this.refresh();
  }

  /** The order (timed fee) and its rounds as they are now. */
  async refresh(): Promise<void> {
    const order = this.order;
    if (!order) return;
    const [o, rounds] = await Promise.all([
      settle(this.deps.api.table.refreshOrder({ openId: this.me.openId, orderId: order.id })),
      settle(this.deps.api.table.userOrders({ orderId: order.id })),
    ]);
    change('table/refreshed', () => {
      if (o.ok && this.order?.id === o.data.id) this.order = o.data;
      if (rounds.ok && this.order?.id === order.id) this.batches = rounds.data.list;
      if (!o.ok) this.error = ruleError(o.error.code);
    });
    if (o.ok) this.deps.checkout.setTableTiming(this.timing);
    this.watchHeld();
  }

  /** While the first round waits for the staff, asks again every HELD_RECHECK_MS until it is released. */
  private watchHeld(): void {
    const timers = this.deps.timers ?? defaultTimers;
    if (this.heldTimer !== null) timers.clearTimeout(this.heldTimer);
    this.heldTimer = null;
    if (!this.held || !this.order) return;
    this.heldTimer = timers.setTimeout(() => {
      this.heldTimer = null;
      void this.refresh();
    }, HELD_RECHECK_MS);
  }

  /**
   * Sends the table's cart to the kitchen (table/userAddProducts): the server takes the room's lines
   * as they are, re-priced from its menu; everyone at the table gets "submitted" and an empty cart.
   */
  async submit(note = ''): Promise<RuleError | null> {
    const order = this.order;
    if (!order) return ruleError(ErrorCode.orderNotFound);
    if (this.submitting) return null;
    const lines = this.deps.cart.lines.filter((l) => l.quantity > 0);
    if (lines.length === 0) return ruleError(ErrorCode.requiredProduct);
    const me = this.me;
    change('table/submitting', () => {
      this.submitting = true;
    });
    try {
      const res = await settle(
        this.deps.api.table.userAddProducts({
          orderId: order.id,
          note: note || undefined,
          openId: me.openId,
          nickName: me.nickname,
          avatarUrl: me.avatar,
          products: lines.map((l) => ({
            id: l.id,
            ...(l.specId !== undefined && l.specId !== null ? { specId: l.specId } : {}),
            tastes: (l.tastes ?? []).map((t) => ({ id: t.id, quantity: t.quantity })),
            mealset: (l.mealset ?? []).map((m) => ({ groupId: m.groupId, productId: m.id, quantity: m.quantity })),
            quantity: l.quantity,
            flag: l.flag,
          })),
        }),
      );
      if (!res.ok) return ruleOf(res.error);
      change('table/submitted', () => {
        this.order = res.data;
        this.submitted = { by: me, mine: true };
      });
      this.deps.cart.clearAfterOrder();
      await this.refresh();
      return null;
    } finally {
      change('table/submitDone', () => {
        this.submitting = false;
      });
    }
  }

  /**
   * Settles the table's bill: table/canPay (one diner pays at a time), then table/confirm with the
   * engine's total; on `amountError` the server's breakdown is shown and the next try carries it.
   */
  async settle(payType: PayTypeValue, payPassword?: string): Promise<SettleOutcome> {
    const order = this.order;
    if (!order) return { status: 'failed', error: ruleError(ErrorCode.orderNotFound) };
    const can = await settle(this.deps.api.table.canPay({ openId: this.me.openId, orderId: order.id }));
    if (!can.ok) return { status: 'failed', error: ruleError(can.error.code) };
    if (!can.data.canPay) return { status: 'busy', payingOpenId: can.data.payingOpenId };
    const total = this.serverQuote?.total ?? this.settleBreakdown?.amountToPay;
    if (total === undefined) return { status: 'failed', error: ruleError(ErrorCode.requiredProduct) };
    const coupon = this.settleBreakdown?.selectedCouponId ?? null;
    const res = await settle(
      this.deps.api.table.confirm({
        orderId: order.id,
        openId: this.me.openId,
        payType,
        ...(coupon !== null ? { couponId: coupon } : {}),
        ...(this.deps.checkout.usePoints ? { usePoints: true } : {}),
        ...(payType === PayType.vip && payPassword ? { payPassword } : {}),
        ...(this.deps.member.vipInfo ? { vipId: this.deps.member.vipInfo.id } : {}),
        expectedTotal: total,
      }),
    );
    if (!res.ok) {
      if (res.error.code === ErrorCode.amountError && isAmountErrorData(res.error.data)) {
        const data = res.error.data;
        change('table/amountChanged', () => {
          this.serverQuote = data.breakdown;
        });
        return { status: 'amountChanged', breakdown: data.breakdown, error: ruleError(ErrorCode.amountError) };
      }
      return { status: 'failed', error: ruleOf(res.error) };
    }
    change('table/settled', () => {
      this.serverQuote = null;
    });
    return { status: 'placed', order: res.data };
  }

  /** The diner left the pay page without paying: the bill is free for another diner. */
  async cancelPay(): Promise<void> {
    const order = this.order;
    if (order) await settle(this.deps.api.table.cancelPay({ openId: this.me.openId, orderId: order.id }));
  }

  /** The Retry of the "failed to connect" dialog. */
  retry(): void {
    this.channel?.retry();
  }

  dismissNotice(): void {
    change('table/dismissNotice', () => {
      this.notice = null;
    });
  }

  dismissSubmitted(): void {
    change('table/dismissSubmitted', () => {
      this.submitted = null;
    });
  }

  /** Leaves the table's room: the channel closes and the cart is this device's again. */
  leave(): void {
    for (const fn of this.off.splice(0)) fn();
    if (this.heldTimer !== null) (this.deps.timers ?? defaultTimers).clearTimeout(this.heldTimer);
    this.heldTimer = null;
    if (this.channel) {
      this.channel.close();
      this.channel = null;
      this.deps.session.attachLiveChannel(null);
      this.deps.cart.useSource(null);
    }
  }

  /** Takes a getTableInfo answer. */
  private take(data: GetTableInfoRes): void {
    change('table/info', () => {
      this.info = data.tableInfo;
      this.orders = data.allTableOrders;
      this.mine = data.userOrders;
    });
  }

  private connect(): void {
    const roomId = this.roomId;
    const token = this.deps.session.token;
    if (!roomId || !token) return;
    const channel = new RoomChannel({
      roomId,
      url: wsUrl(this.deps.socketOrigin(), roomId, token),
      token,
      me: this.me,
      mode: this.deps.session.isScanOrder ? 'scanOrder' : 'default',
      socket: this.deps.platform.socket,
      ...(this.deps.timers ? { timers: this.deps.timers } : {}),
    });
    this.channel = channel;
    this.off.push(channel.subscribe((c) => this.onChange(c)));
    this.off.push(
      channel.cart.onChange(() =>
        change('table/lines', () => {
          this.lines = channel.cart.lines;
          this.diners = channel.cart.diners;
        }),
      ),
    );
    this.deps.cart.useSource(new RoomCartSource(channel));
    this.deps.session.attachLiveChannel(channel);
    channel.open();
  }

  private onChange(c: RoomChange): void {
    switch (c.kind) {
      case 'status':
        change('table/status', () => {
          this.status = c.status;
        });
        break;
      case 'busy':
        change('table/busy', () => {
          this.notice = { kind: 'busy', error: ruleError(c.line ? ErrorCode.cartProductBusy : ErrorCode.cartProductGone), reason: '' };
        });
        break;
      case 'refused':
        change('table/refused', () => {
          this.notice = { kind: 'refused', error: ruleError(ErrorCode.cartEditFailed), reason: c.reason };
        });
        break;
      case 'submitted': {
        // this diner's own submission: its answer may come before or after the event
        const mine = c.by.openId === this.me.openId || this.submitting || this.submitted?.mine === true;
        change('table/submittedBy', () => {
          this.submitted = { by: c.by, mine };
        });
        // C§4 submitted: the cart empties and the coupons it used are cleaned
        this.deps.cart.clearAfterOrder();
        void this.refresh();
        break;
      }
      case 'joined':
        change('table/joined', () => {
          if (!this.diners.some((d) => d.openId === c.diner.openId)) this.diners = [...this.diners, c.diner];
        });
        break;
      default:
        break;
    }
  }
}
