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
  shopRealStatus,
  shopStatusDialog,
} from '../domain/shop-status';
import type { ShopStatusAction, ShopStatusDialog } from '../domain/shop-status';
import type { MemberSetting, ShopSettings } from '../domain/types';
import { change } from './named-action';

export type PaySetting = ResOf<(typeof storeCalls)['paySetting']>;

/** What the shop store needs from the session (C§3 session state). */
export interface ShopSession {
  readonly id: string | null;
  readonly orderType: OrderTypeValue | null;
  setOrderType(orderType: OrderTypeValue): void;
  setIndustry(industry: Industry | null): void;
}

export interface ShopDeps {
  api: Pick<Api, 'store'>;
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

  /** Every reason an order cannot be placed now, in the order C§4 shows them (status, switches, hours). */
  get canOrderError(): RuleError | null {
    if (!this.shop) return ruleError(ErrorCode.getShopDataFailed);
    return checkCanOrder(this.shop, this.orderType, this.now, this.deps.abroad);
  }

  /** C§4: status 0 expired dialog, -1 stopped dialog (fast food: confirm switches to dine, cancel calls). */
  get statusDialog(): ShopStatusDialog | null {
    if (!this.shop) return null;
    return shopStatusDialog(this.realStatus, this.shop.industry);
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
