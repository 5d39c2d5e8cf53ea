/**
 * Orders (ORDER-7…9 client state): payment per pay type (host wallet, provider page, member card with
 * its 6-digit pay password — never in a browser page); the order list by tab, the detail with its
 * unpaid countdown, cancel, pay again, confirm delivered and delivery info. The confirm screen's
 * submission (ORDER-1…3, ORDER-6) is the order package's `OrderConfirmStore` (areas/order-confirm.ts),
 * which pays the order it placed through this store. While an order page is on screen the store follows
 * the customer's live order channel (src/realtime/order-channel.ts) and fetches again an order the shop
 * changed.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../api';
import { ruleOf, settle } from '../api/request';
import type { ReqOf } from '../api/contract/common';
import type { DeliveryInfo, OrderDetail, OrderListTab, orderCalls } from '../api/contract/order';
import type { PayStart } from '../api/contract/shared-shapes';
import { Limits, PayStatus, PayType } from '../domain/enums';
import type { PayType as PayTypeValue } from '../domain/enums';
import { ErrorCode, ruleError } from '../domain/errors';
import type { RuleError } from '../domain/errors';
import { canCancelOrder, canConfirmDelivered, canPayAgain, orderStatusTextKey } from '../domain/order-status';
import type { OrderStatusTextKey } from '../domain/order-status';
import { checkCardPayEnvironment } from '../domain/card-pay';
import type { AppLifecycle, Platform } from '../platform/types';
import type { Timers } from '../realtime/channel';
import { OrderChannel, ordersWsUrl } from '../realtime/order-channel';
import type { ChannelStatus, SocketFactory } from '../realtime/types';
import { bindToAppVisibility } from '../realtime/visibility';
import type { MemberStore } from './member';
import { change } from './named-action';
import type { PromotionStore } from './promotion';

/** How a payment ended (ORDER-7, ORDER-8). */
export type PayOutcome =
  | { status: 'paid'; orderId: number }
  /** The wallet said paid but the server has not settled yet: "check whether paid". */
  | { status: 'processing'; orderId: number; error: RuleError }
  /** A provider page must be opened (stripe-pay, allin-pay) with this url. */
  | { status: 'redirect'; orderId: number; page: string; url: string }
  | { status: 'cancelled'; orderId: number; error: RuleError }
  | { status: 'failed'; orderId: number; error: RuleError };

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

/** What the live order channel is opened with (absent: the store never opens one). */
export interface OrderLiveDeps {
  socket: SocketFactory;
  lifecycle: AppLifecycle;
  /** Where the websocket connects (the API origin; empty: no channel). */
  socketOrigin: () => string;
  /** The customer's current token (null: signed out, no channel). */
  token: () => string | null;
  /**
   * Whether another live channel holds the host's only socket now (the payment app has one global
   * socket: while the table room is connected the order pages go without the live channel).
   */
  socketBusy?: () => boolean;
  timers?: Timers;
}

/** What a page follows live: the detail page its order, the list page its rows. */
export type LiveScope = 'detail' | 'list';

export interface OrderDeps {
  api: Pick<Api, 'order'>;
  platform: Pick<Platform, 'name' | 'payment'>;
  session: OrderSession;
  member: MemberStore;
  promotion: PromotionStore;
  now: () => number;
  live?: OrderLiveDeps;
}

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

export class OrderStore {
  /** The latest reload of the card and the coupons after an order changed them (see refreshAccount). */
  accountRefresh: Promise<void> = Promise.resolve();
  /** Orders whose placing was announced (order/sendProductOrderSuccess). */
  private readonly announced = new Set<number>();
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

  /** The live order channel's state (idle while no order page follows it). */
  liveStatus: ChannelStatus = 'idle';

  /** Bumped by every list load: an answer of an older load is dropped. */
  private listGeneration = 0;
  private refreshRun: Promise<void> | null = null;
  /** The order the detail page asked for last (its answer may not be there yet). */
  private detailWanted: number | null = null;
  /** Numbers every order/detail fetch; an answer older than the one shown for that order is dropped. */
  private fetchSeq = 0;
  private readonly shownSeq = new Map<number, number>();
  /** Pages following the live channel, by scope. */
  private readonly watchers: Record<LiveScope, number> = { detail: 0, list: 0 };
  private live: { channel: OrderChannel; off: Array<() => void> } | null = null;

  constructor(private readonly deps: OrderDeps) {
    this.now = deps.now();
    makeObservable(this, {
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
      liveStatus: observable,
      hasMore: computed,
      countdownMs: computed,
      countdownText: computed,
      detailStatusKey: computed,
      detailActions: computed,
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
    return d
      ? orderStatusTextKey({ status: d.status, orderType: d.type, source: d.source, atTable: Boolean(d.tableNo), createdAt: d.createdAt, now: this.now })
      : null;
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
    this.detailWanted = id;
    change('order/detailLoading', () => {
      this.detailLoading = true;
      this.detailError = null;
      if (this.detail?.id !== id) {
        this.detail = null;
        this.deliveryInfo = null;
      }
    });
    const seq = (this.fetchSeq += 1);
    try {
      const res = await settle(this.deps.api.order.detail({ id }));
      change('order/detail', () => {
        if (res.ok) {
          // a live refetch of the same order answered meanwhile with a newer state: keep that
          if (this.takeSeq(id, seq) || this.detail?.id !== id) this.detail = res.data;
        } else this.detailError = ruleError(ErrorCode.getOrderDetailFailed);
        this.now = this.deps.now();
      });
      return res.ok;
    } finally {
      change('order/detailLoaded', () => {
        this.detailLoading = false;
      });
    }
  }

  /** Whether the answer numbered `seq` is newer than what is shown of the order (and marks it shown). */
  private takeSeq(id: number, seq: number): boolean {
    if ((this.shownSeq.get(id) ?? 0) > seq) return false;
    this.shownSeq.set(id, seq);
    return true;
  }

  /**
   * Fetches an order again (order/detail, silently) after the shop changed it, and shows it where it
   * is on screen: the detail and its row of the list. A failure keeps what is shown; an answer older
   * than one already shown is dropped.
   */
  async reloadOrder(id: number): Promise<boolean> {
    const seq = (this.fetchSeq += 1);
    const res = await settle(this.deps.api.order.detail({ id }, { silent: true }));
    if (!res.ok || !this.takeSeq(id, seq)) return false;
    change('order/reloaded', () => {
      if (this.detail?.id === id || (this.detail === null && this.detailWanted === id)) this.detail = res.data;
      if (this.list.some((o) => o.id === id)) this.list = this.list.map((o) => (o.id === id ? res.data : o));
      this.now = this.deps.now();
    });
    return true;
  }

  /**
   * Follows the customer's live order channel while a page of `scope` is on screen; the answer stops
   * following. One channel serves every page: it opens with the first page and closes (code 1000) when
   * the last one leaves, and closes while the app is hidden. Each connect fetches again what the pages
   * show; an order the shop changed is fetched again where it is shown. Nothing happens without a
   * socket origin or a token.
   */
  watchLive(scope: LiveScope): () => void {
    this.watchers[scope] += 1;
    this.startLive();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.watchers[scope] -= 1;
      if (this.watchers.detail + this.watchers.list === 0) this.stopLive();
    };
  }

  private startLive(): void {
    const live = this.deps.live;
    if (this.live || !live) return;
    if (!live.socketOrigin() || !live.token()) return;
    if (live.socketBusy?.()) return;
    const channel = new OrderChannel({
      url: () => {
        const token = live.token();
        const origin = live.socketOrigin();
        return token && origin ? ordersWsUrl(origin, token) : null;
      },
      socket: live.socket,
      ...(live.timers ? { timers: live.timers } : {}),
    });
    const off = [
      channel.subscribe((e) => {
        if (e.kind === 'status') {
          change('order/liveStatus', () => {
            this.liveStatus = e.status;
          });
        } else if (e.kind === 'synced') this.refreshShown();
        else this.orderChanged(e.id);
      }),
      bindToAppVisibility(channel, live.lifecycle),
    ];
    this.live = { channel, off };
    channel.open();
  }

  private stopLive(): void {
    const live = this.live;
    if (!live) return;
    this.live = null;
    live.channel.close();
    live.off.forEach((f) => f());
  }

  /** After a (re)connect: what the pages show may have changed while the channel was closed. */
  private refreshShown(): void {
    if (this.watchers.detail > 0) {
      const id = this.detail?.id ?? this.detailWanted;
      if (id !== null) void this.reloadOrder(id);
    }
    // the list's first page again, as a pull-to-refresh or the page's show does
    if (this.watchers.list > 0 && (this.page > 0 || this.listLoading)) void this.loadPage(1, 'replace');
  }

  /** The shop changed an order: fetched again if a page shows it. */
  private orderChanged(id: number): void {
    const onDetail = this.watchers.detail > 0 && (this.detail?.id === id || (this.detail === null && this.detailWanted === id));
    const onList = this.watchers.list > 0 && this.list.some((o) => o.id === id);
    if (onDetail || onList) void this.reloadOrder(id);
  }

  /**
   * P§4 (vip changed, pay final callback): an order placed, paid or cancelled changed the card
   * (balance, points) and the coupons on the server; they are loaded again so the next order starts
   * from them (a used coupon is not picked again). `accountRefresh` is the latest such load.
   */
  refreshAccount(): void {
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

  /**
   * Starts paying an order (order/pay) and follows the start: the confirm screen's freshly placed
   * order, and `pay` after its own checks.
   */
  async startPayment(orderId: number, payType: PayTypeValue, payPassword?: string, returnUrl?: string): Promise<PayOutcome> {
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

