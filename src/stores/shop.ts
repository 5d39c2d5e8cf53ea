/**
 * The shop being ordered from (C§3 "Shop info", C§4 "Shop real status", C§5 "Shop closed"): its
 * settings from store/detail, pay and member settings, the real status and hours state for the chosen
 * order type, and the dialogs the pages show (expired 0, stopped -1, closed) as data.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../api';
import { isApiError } from '../api/request';
import type { ResOf } from '../api/contract/common';
import type { ShopDetail, storeCalls } from '../api/contract/store';
import { Limits, OrderType } from '../domain/enums';
import type { Industry, OrderType as OrderTypeValue } from '../domain/enums';
import { ErrorCode, ruleError } from '../domain/errors';
import type { RuleError } from '../domain/errors';
import { businessHoursOfDay, checkBusinessHours, formatTimeRanges, isWithinBusinessHours } from '../domain/hours';
import {
  ShopRealStatus,
  checkCanOrder,
  checkShopClosed,
  closedShopDialog,
  shopRealStatus,
  shopStatusDialog,
} from '../domain/shop-status';
import type { ShopStatusAction, ShopStatusDialog } from '../domain/shop-status';
import type { MemberSetting, ShopSettings } from '../domain/types';
import { checkOrderTypePause, nextPauseEnd, pauseNotices, type PausableOrderType } from '../domain/order-type-pause';
import { change } from './named-action';
import { shopZone } from '@/domain/shop-time';

export type PaySetting = ResOf<(typeof storeCalls)['paySetting']>;

/** What the shop store needs from the session (C§3 session state). */
export interface ShopSession {
  readonly id: string | null;
  readonly orderType: OrderTypeValue | null;
  /** Launch details a shop switch carries over (C§2 start-up parameters). */
  readonly brand: string | null;
  readonly browser: string | null;
  readonly payOpenid: string | null;
  readonly payCallback: string | null;
  setOrderType(orderType: OrderTypeValue): void;
  setIndustry(industry: Industry | null): void;
  /** The valid token of the current shop, if any. */
  refreshToken(): string | null;
  setLogin(token: string, openid?: string, expiresAt?: number): void;
  clearIdentity(): void;
  /** Reads a launch query (here: the chosen shop's) into the session. */
  start(query?: Record<string, string | undefined>): unknown;
}

/** State of another store that belongs to one shop and is forgotten on a shop switch. */
export interface ShopScoped {
  reset(): void;
}

/** How a shop switch ended. */
export type ShopSwitchResult =
  /** `changed` is false when the shop was already the current one (nothing to reload). */
  | { ok: true; changed: boolean }
  | { ok: false; error: RuleError };

export interface ShopDeps {
  api: Pick<Api, 'store' | 'user'>;
  session: ShopSession;
  /** The overseas environment (C§4: the real status is then always normal). */
  abroad: boolean;
  now: () => number;
}

/** A dialog a page shows for the shop's state. */
export type ShopDialog =
  | ({ kind: 'status' } & ShopStatusDialog)
  | { kind: 'closed'; code: ErrorCode; params?: Record<string, string | number> };

export type ShopDialogKind = ShopDialog['kind'];

export class ShopStore {
  detail: ShopDetail | null = null;
  paySetting: PaySetting | null = null;
  memberSetting: MemberSetting | null = null;
  loading = false;
  /** Why the last load failed (C§8 "Order failed at get shop data"). */
  error: ErrorCode | null = null;
  /** The clock the hours rules read; `tick()` moves it. */
  now: number;
  /** Dialogs the customer already closed on this visit. */
  dismissed: ShopDialogKind[] = [];

  constructor(private readonly deps: ShopDeps) {
    this.now = deps.now();
    makeObservable(this, {
      detail: observable.ref,
      paySetting: observable.ref,
      memberSetting: observable.ref,
      loading: observable,
      error: observable,
      now: observable,
      dismissed: observable.ref,
      shop: computed,
      shopId: computed,
      orderType: computed,
      realStatus: computed,
      isOpen: computed,
      todayHours: computed,
      closedError: computed,
      canOrderError: computed,
      pauseError: computed,
      pauseNotices: computed,
      nextPauseEnd: computed,
      statusDialog: computed,
      dialogs: computed,
      numberDecimals: computed,
      currencySymbol: computed,
    });
  }

  get shop(): ShopSettings | null {
    return this.detail?.shop ?? null;
  }

  get shopId(): number | null {
    return this.shop?.id ?? null;
  }

  /** The session's order type; a shop with none chosen yet is judged as takeaway (C§4 "unknown"). */
  get orderType(): OrderTypeValue {
    return this.deps.session.orderType ?? OrderType.takeaway;
  }

  /**
   * C§4 real status for the session's order type: shopStatus for takeaway, selfPickup or an unknown
   * type (not overseas), otherwise normal. Recomputed here so it follows an order-type switch.
   */
  get realStatus(): number {
    if (!this.shop) return ShopRealStatus.normal;
    return shopRealStatus(this.shop, this.deps.session.orderType, this.deps.abroad);
  }

  /** Within business hours for the order type now (C§5; cross-midnight aware). */
  get isOpen(): boolean {
    if (!this.shop) return false;
    return isWithinBusinessHours(this.shop, this.now, this.orderType);
  }

  /** Today's hours, "HH:mm-HH:mm, …". */
  get todayHours(): string {
    if (!this.shop) return '';
    return formatTimeRanges(businessHoursOfDay(this.shop, this.now, this.orderType));
  }

  /** C§5: closed by the switches (scanOrderClosed / storeClosed) or outside hours (storeClosed with hours). */
  get closedError(): RuleError | null {
    if (!this.shop) return ruleError(ErrorCode.getShopDataFailed);
    return checkShopClosed(this.shop, this.orderType) ?? checkBusinessHours(this.shop, this.now, this.orderType);
  }

  /**
   * Every reason an order cannot be placed now, in the order C§4 shows them (status, switches, hours),
   * then the shop's pause of the order type (CONSOLE-5).
   */
  get canOrderError(): RuleError | null {
    if (!this.shop) return ruleError(ErrorCode.getShopDataFailed);
    return checkCanOrder(this.shop, this.orderType, this.now, this.deps.abroad) ?? this.pauseError;
  }

  /** CONSOLE-5: the session's order type is paused by the shop now (until when, why), else null. */
  get pauseError(): RuleError | null {
    if (!this.detail) return null;
    return checkOrderTypePause(this.detail.pauses ?? [], this.orderType, this.now, shopZone(this.shop));
  }

  /** CONSOLE-5: the menu's banners, one per order type the shop paused, as their messages. */
  get pauseNotices(): Array<{ orderType: PausableOrderType; error: RuleError }> {
    if (!this.detail) return [];
    return pauseNotices(this.detail.pauses ?? [], this.now, shopZone(this.shop));
  }

  /** When the first running pause ends (the menu moves its clock then), or null. */
  get nextPauseEnd(): number | null {
    return this.detail ? nextPauseEnd(this.detail.pauses ?? [], this.now) : null;
  }

  /**
   * C§4: status 0 expired dialog, -1 stopped dialog (fast food: confirm switches to dine, cancel calls);
   * a fast-food shop closed for this order type but seating diners offers dine-in the same way.
   */
  get statusDialog(): ShopStatusDialog | null {
    if (!this.shop) return null;
    return shopStatusDialog(this.realStatus, this.shop.industry) ?? closedShopDialog(this.shop, this.orderType, this.now);
  }

  /** The dialogs to show now, not yet dismissed: the status dialog first, then the closed notice. */
  get dialogs(): ShopDialog[] {
    const out: ShopDialog[] = [];
    const status = this.statusDialog;
    if (status) out.push({ kind: 'status', ...status });
    else {
      const closed = this.closedError;
      if (closed && closed.code !== ErrorCode.getShopDataFailed) out.push({ kind: 'closed', ...closed });
    }
    return out.filter((d) => !this.dismissed.includes(d.kind));
  }

  get numberDecimals(): number {
    return this.shop?.numberDecimals ?? Limits.defaultDecimals;
  }

  get currencySymbol(): string {
    return this.shop?.currencySymbol ?? '¥';
  }

  /**
   * Loads store/detail, store/paySetting and store/memberSetting together. The session learns the
   * shop's industry (the ordering tab label follows it). A failure is kept in `error`.
   */
  async load(shopId?: number): Promise<boolean> {
    change('shop/loading', () => {
      this.loading = true;
      this.error = null;
    });
    try {
      const id = shopId ?? (this.deps.session.id ? Number(this.deps.session.id) : undefined);
      const { store } = this.deps.api;
      const [detail, paySetting, memberSetting] = await Promise.all([
        store.detail(id !== undefined && Number.isInteger(id) && id > 0 ? { id } : {}),
        store.paySetting(),
        store.memberSetting(),
      ]);
      change('shop/load', () => {
        this.detail = detail;
        this.paySetting = paySetting;
        this.memberSetting = memberSetting;
        this.dismissed = [];
        this.now = this.deps.now();
      });
      this.deps.session.setIndustry(detail.shop.industry ?? null);
      return true;
    } catch (e) {
      change('shop/loadFailed', () => {
        this.error = isApiError(e) ? e.code : ErrorCode.getShopDataFailed;
      });
      return false;
    } finally {
      change('shop/loaded', () => {
        this.loading = false;
      });
    }
  }

  /**
   * Chooses another shop of the chain (C§2 store/list, SHOP-1). The token names one user in one shop,
   * so the current token is exchanged for the same user's token in the chosen shop (user/token); when
   * there is no valid token, or the exchange is refused, the session keeps no token and the next
   * login enters the chosen shop afresh. The session then points at the chosen shop (its launch
   * query applies: table numbers of the old shop do not carry over), this store forgets the old
   * shop's settings, and `scoped` stores (the member card, the coupons) forget theirs. The menu and
   * the cart are per shop already: loading the new shop's menu and opening its cart (kept in storage
   * per shop, C§3) follow with the next boot, and switching back finds the first shop's cart again.
   */
  async switchShop(shopId: number, scoped: readonly ShopScoped[] = []): Promise<ShopSwitchResult> {
    // C§8 "Jumping station number is wrong!": the shop to jump to is not a shop id
    if (!Number.isInteger(shopId) || shopId <= 0) return { ok: false, error: ruleError(ErrorCode.jumpingStationWrong) };
    const { session, api } = this.deps;
    if (session.id === String(shopId) && this.shopId === shopId) return { ok: true, changed: false };
    const token = session.refreshToken();
    let moved: { token: string; openid: string; expiresAt: number } | null = null;
    if (token) {
      try {
        const res = await api.user.token({ id: shopId, token });
        moved = { token: res.token, openid: res.user.openid, expiresAt: res.expiresAt };
      } catch (e) {
        if (!isApiError(e)) throw e;
        // refused (another chain, an expired token): the next login enters the chosen shop instead
      }
    }
    if (moved) session.setLogin(moved.token, moved.openid, moved.expiresAt);
    else if (token) session.clearIdentity();
    const carried: Record<string, string | undefined> = {
      id: String(shopId),
      brand: session.brand ?? undefined,
      browser: session.browser ?? undefined,
      payOpenid: session.payOpenid ?? undefined,
      payCallback: session.payCallback ?? undefined,
    };
    // start() reads the token and the open id back from storage: the exchanged ones
    session.start(carried);
    change('shop/switch', () => {
      this.detail = null;
      this.paySetting = null;
      this.memberSetting = null;
      this.error = null;
      this.dismissed = [];
    });
    session.setIndustry(null);
    for (const s of scoped) s.reset();
    return { ok: true, changed: true };
  }

  /** Moves the hours clock (pages tick it while open). */
  tick(now: number = this.deps.now()): void {
    change('shop/tick', () => {
      this.now = now;
    });
  }

  /** Closes a dialog for this visit. */
  dismissDialog(kind: ShopDialogKind): void {
    if (this.dismissed.includes(kind)) return;
    change('shop/dismissDialog', () => {
      this.dismissed = [...this.dismissed, kind];
    });
  }

  /**
   * Runs a button of the status dialog (C§4): `switchToDine` sets the order type to dine (fast food
   * can still eat in); `callShop` and `dismiss` close the dialog and return the action so the page
   * can dial the shop's phone.
   */
  answerStatusDialog(action: ShopStatusAction): ShopStatusAction {
    if (action === 'switchToDine') this.deps.session.setOrderType(OrderType.dine);
    this.dismissDialog('status');
    return action;
  }
}
