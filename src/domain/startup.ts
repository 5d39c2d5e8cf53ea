/**
 * Start-up parameters (C§2 "Start-up parameters", P§9; APP-5): what the launch query and the client
 * tell the app before anything is loaded.
 */
import { OrderType } from './enums';

/** C§2: source_type 6 marks the scan-order mini program. */
export const SCAN_ORDER_SOURCE_TYPE = 6;

/** Session flags removed at every launch, so their prompts may show once per launch (C§2, P§9). */
export const SESSION_FLAGS_CLEARED_AT_LAUNCH = [
  'limitShowed',
  'takeawaySearchValue',
  'firstChargeShowed',
  'firstRegisterShowed',
] as const;
export type SessionFlagClearedAtLaunch = (typeof SESSION_FLAGS_CLEARED_AT_LAUNCH)[number];

/** The launch state read from the query (C§2 parameter names in comments). */
export interface StartupState {
  /** `id`, or `shop_id` for the scan-order program. */
  shopId: string | null;
  brand: string | null;
  /** `isDine`: the customer came in to eat in. */
  isDine: boolean;
  /** `browser`: the browser identification string, if the host page passed one. */
  browser: string | null;
  /** `source_type` as a number. */
  sourceType: number | null;
  /** source_type 6. */
  isScanOrder: boolean;
  /** openTable for the scan-order program, dine for isDine, otherwise not decided at launch. */
  orderType: OrderType | null;
  /** `table`: the table of a dine-in table code. */
  tableNo: string | null;
  /** `table_no` of the scan-order program: the table to open. */
  newTableNo: string | null;
  /**
   * `tableCode`: the table's code of its scan-order link (TABLE-7), which admits the customer to the
   * table's order. Kept as given (only a missing value is null): the server judges it.
   */
  tableCode: string | null;
  /** `isAutoNumber`: the shop numbers orders itself, no table is asked for. */
  isAutoNumber: boolean;
  /** `openid`, or the device id when the launch carries none (C§2 fallback). */
  openid: string;
  /** The open id is the device-id fallback. */
  openidFromDevice: boolean;
  payOpenid: string | null;
  /** `payCallback`: the page the payment provider returns to. */
  payCallback: string | null;
  /** The browser identification string contains "kiosk" (C§2). */
  isKioskClient: boolean;
  /** `expandActivityId`: a shared red bag (expand coupon activity) the link opens first (C§2, APP-6). */
  expandActivityId: string | null;
  /** `expandCouponId`: the coupon the shared red bag came from (`from` of product/expand-red-bag). */
  expandCouponId: string | null;
  /** `isToVipCenter`: the link opens the member center (C§2 vip-center target). */
  isToVipCenter: boolean;
  /** `hideVipBackButton`: the member center opens without a back button, so by redirect (C§2). */
  hideVipBackButton: boolean;
  /** `shareProductId`: a shared product the link opens on the menu (C§2 direct product entry). */
  shareProductId: string | null;
  /** `autoAddProductId`: a product the link puts in the cart on arrival (C§2). */
  autoAddProductId: string | null;
}

const text = (value: string | undefined): string | null => {
  if (value === undefined) return null;
  const trimmed = value.trim();
  // hosts pass missing values as the literal strings "undefined"/"null"
  return trimmed === '' || trimmed === 'undefined' || trimmed === 'null' ? null : trimmed;
};

const flag = (value: string | undefined): boolean => {
  const v = text(value)?.toLowerCase();
  return v === '1' || v === 'true' || v === 'yes' || v === 'y';
};

const integer = (value: string | undefined): number | null => {
  const v = text(value);
  if (v === null || !/^-?\d+$/.test(v)) return null;
  return Number(v);
};

/** A browser or user-agent string naming the kiosk client (C§2), case-insensitive. */
export function isKioskClient(...identification: ReadonlyArray<string | null | undefined>): boolean {
  return identification.some((s) => typeof s === 'string' && s.toLowerCase().includes('kiosk'));
}

/** Reads the launch query into a typed start-up state (C§2). */
export function parseStartupParams(
  query: Record<string, string | undefined>,
  env: { userAgent: string; deviceId: string },
): StartupState {
  const sourceType = integer(query.source_type);
  const isScanOrder = sourceType === SCAN_ORDER_SOURCE_TYPE;
  const isDine = flag(query.isDine);
  const browser = text(query.browser);
  const openid = text(query.openid);
  const table = text(query.table);
  const tableNo = text(query.table_no);
  const orderType = isScanOrder ? OrderType.openTable : isDine ? OrderType.dine : null;
  return {
    // C§2: the scan-order program carries the shop in shop_id
    shopId: isScanOrder ? (text(query.shop_id) ?? text(query.id)) : (text(query.id) ?? text(query.shop_id)),
    brand: text(query.brand),
    isDine,
    browser,
    sourceType,
    isScanOrder,
    orderType,
    tableNo: isScanOrder ? table : (table ?? tableNo),
    newTableNo: isScanOrder ? tableNo : null,
    tableCode: typeof query.tableCode === 'string' && query.tableCode !== '' && query.tableCode !== 'undefined' ? query.tableCode : null,
    isAutoNumber: flag(query.isAutoNumber),
    openid: openid ?? env.deviceId,
    openidFromDevice: openid === null,
    payOpenid: text(query.payOpenid),
    payCallback: text(query.payCallback),
    isKioskClient: isKioskClient(browser, env.userAgent),
    expandActivityId: text(query.expandActivityId),
    expandCouponId: text(query.expandCouponId),
    isToVipCenter: flag(query.isToVipCenter),
    hideVipBackButton: flag(query.hideVipBackButton),
    shareProductId: text(query.shareProductId),
    autoAddProductId: text(query.autoAddProductId),
  };
}
