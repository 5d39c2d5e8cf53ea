/**
 * Shop status rules (C§4 "Shop real status", C§5 "Shop closed"; SHOP-3, SHOP-4): the status that
 * applies to an order type, the dialog it calls for (with the fast-food choice as data), and whether
 * the shop takes an order of a type right now.
 */
import { Industry, OrderType } from './enums';
import { ErrorCode, RuleError, ruleError } from './errors';
import { checkBusinessHours, Instant, isWithinBusinessHours, ShopHours } from './hours';
import type { ShopSettings } from './types';

/** C§4 shopStatus values. */
export const ShopRealStatus = { stopped: -1, expired: 0, normal: 1 } as const;

/**
 * C§4: for takeaway, selfPickup or an unknown order type, and not in the overseas environment, the real
 * status is the shop's shopStatus; otherwise (dine, openTable, appointment, or overseas) it is normal.
 */
export function shopRealStatus(
  shop: Pick<ShopSettings, 'shopStatus'>,
  orderType: OrderType | null | undefined,
  abroad: boolean,
): number {
  const statusApplies =
    orderType === OrderType.takeaway ||
    orderType === OrderType.selfPickup ||
    orderType === null ||
    orderType === undefined ||
    !(Object.values(OrderType) as string[]).includes(orderType);
  if (abroad || !statusApplies) return ShopRealStatus.normal;
  return shop.shopStatus ?? ShopRealStatus.normal;
}

/** What a button of the status dialog does. */
export type ShopStatusAction = 'dismiss' | 'switchToDine' | 'callShop';

/** The dialog a non-normal shop status calls for. */
export interface ShopStatusDialog {
  /** 0 expired/closed, -1 stopped. */
  status: number;
  /** The message: storeExpiredNotice (0) or storeStoppedNotice (-1). */
  code: ErrorCode;
  confirm: ShopStatusAction;
  /** null: the dialog has only the confirm button. */
  cancel: ShopStatusAction | null;
}

/**
 * C§4: status 0 shows the expired dialog, -1 the stopped dialog, normal none. In a fast-food shop
 * confirming switches the order to dine-in (eating in is still possible) and cancelling offers to call
 * the shop; elsewhere the dialog is a notice with one button.
 */
export function shopStatusDialog(realStatus: number, industry: Industry | null | undefined): ShopStatusDialog | null {
  if (realStatus >= ShopRealStatus.normal) return null;
  const code = realStatus === ShopRealStatus.expired ? ErrorCode.storeExpiredNotice : ErrorCode.storeStoppedNotice;
  if (industry === Industry.fastfood) return { status: realStatus, code, confirm: 'switchToDine', cancel: 'callShop' };
  return { status: realStatus, code, confirm: 'dismiss', cancel: null };
}

/**
 * C§4 for fast food, when the shop is closed for this order type (C§5: its switches or its hours) but
 * seats diners now (scan ordering on, within its scan-order hours): the closed dialog with the same
 * choice as the status dialog — confirming switches to dine-in, cancelling offers to call the shop.
 * Null for other shops, for dine-in itself, or when dine-in is closed too (the plain notice applies).
 */
export function closedShopDialog(
  shop: ShopOpenSettings & ShopHours & Pick<ShopSettings, 'industry'>,
  orderType: OrderType,
  now: Instant,
): ShopStatusDialog | null {
  if (shop.industry !== Industry.fastfood) return null;
  if (orderType === OrderType.dine || orderType === OrderType.openTable) return null;
  const closed = checkShopClosed(shop, orderType) ?? checkBusinessHours(shop, now, orderType);
  if (!closed) return null;
  const dineOpen = checkShopClosed(shop, OrderType.dine) === null && isWithinBusinessHours(shop, now, OrderType.dine);
  if (!dineOpen) return null;
  return { status: ShopRealStatus.expired, code: ErrorCode.storeClosed, confirm: 'switchToDine', cancel: 'callShop' };
}

/** The shop fields the closed rules read. */
export type ShopOpenSettings = Pick<ShopSettings, 'openShop' | 'openScanSwitch' | 'selfCollection'>;

/**
 * C§5 closed rules by order type, without hours: dine and openTable need the scan switch
 * (`scanOrderClosed`); takeaway and selfPickup need the shop open or self collection (`storeClosed`).
 * Appointments are not governed by either switch.
 */
export function checkShopClosed(shop: ShopOpenSettings, orderType: OrderType): RuleError | null {
  if (orderType === OrderType.dine || orderType === OrderType.openTable) {
    return shop.openScanSwitch === false ? ruleError(ErrorCode.scanOrderClosed) : null;
  }
  if (orderType === OrderType.takeaway || orderType === OrderType.selfPickup) {
    return shop.openShop === false && !shop.selfCollection ? ruleError(ErrorCode.storeClosed) : null;
  }
  return null;
}

/** Whether the shop is closed for an order type (C§5), hours not considered. */
export function isShopClosed(shop: ShopOpenSettings, orderType: OrderType): boolean {
  return checkShopClosed(shop, orderType) !== null;
}

/**
 * Whether an order of this type can be placed now (C§4 "Order confirmation from the cart", C§5), in
 * the order the checks are shown: real status below 1 → `storeExpiredOrStopped`; closed by the
 * switches → `scanOrderClosed` / `storeClosed`; outside hours → `storeClosed` with the hours.
 */
export function checkCanOrder(
  shop: ShopOpenSettings & ShopHours & Pick<ShopSettings, 'shopStatus'>,
  orderType: OrderType,
  now: Instant,
  abroad: boolean,
): RuleError | null {
  const status = shopRealStatus(shop, orderType, abroad);
  if (status < ShopRealStatus.normal) return ruleError(ErrorCode.storeExpiredOrStopped, { status });
  return checkShopClosed(shop, orderType) ?? checkBusinessHours(shop, now, orderType);
}
