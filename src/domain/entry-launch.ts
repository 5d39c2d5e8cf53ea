/**
 * The first minute of a launch (C§2 start-up parameters and entry, C§8 "Invalid QR" and "table number
 * not found"; APP-5, APP-6, SHOP-1): which shop a launch opens — the link's, the one remembered from
 * the last visit, or none (the shop list) — and the scan-to-order choice of a table link.
 */
import { EntryPages, PAGE_NOT_FOUND_ROUTE, type EntryRoute } from './entry-routing';
import { ErrorCode } from './errors';
import { OrderType } from './enums';
import type { ShopSettings } from './types';

/** The shop the customer was last in, kept on the device (the next bare launch goes straight there). */
export interface RememberedShop {
  id: number;
  /** Its chain: a link naming a brand reuses it only when it is that brand's shop. */
  chainId: number | null;
}

/** Where a launch goes before anything is loaded. */
export type LaunchTarget =
  | { kind: 'shop'; shopId: number; remembered: boolean }
  | { kind: 'list'; brand: number | null }
  | { kind: 'invalid'; code: typeof ErrorCode.invalidQr };

/** The launch facts read (the parsed start-up parameters of startup.ts, by their state names). */
export interface LaunchFacts {
  /** The shop id of the link (`id`, or `shop_id` of the scan-order program). */
  id: string | null;
  brand: string | null;
  /** The dine-in table of a table link (`table`). */
  tableNo?: string | null;
  /** The table of the scan-order program (`table_no` with source_type 6). */
  newTableNo?: string | null;
}

/** Ids on the wire are positive whole numbers (the contract's Id). */
const ID = /^[1-9]\d{0,14}$/;
/** What a printed table code may carry as its number (the server's `T<shop>-<table>` codes). */
export const TABLE_NO_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const invalid: LaunchTarget = { kind: 'invalid', code: ErrorCode.invalidQr };

/**
 * C§2: a link naming a shop opens it; a link whose shop, brand or table cannot be read is an invalid
 * QR code (C§8); a bare launch opens the remembered shop (when the link names no brand, or the
 * brand is that shop's chain), otherwise the shop list of the brand, or of every shop.
 */
export function launchTarget(facts: LaunchFacts, remembered: RememberedShop | null): LaunchTarget {
  const table = facts.tableNo ?? facts.newTableNo ?? null;
  if (table !== null && !TABLE_NO_PATTERN.test(table)) return invalid;
  if (facts.brand !== null && !ID.test(facts.brand)) return invalid;
  const brand = facts.brand === null ? null : Number(facts.brand);
  if (facts.id !== null) return ID.test(facts.id) ? { kind: 'shop', shopId: Number(facts.id), remembered: false } : invalid;
  // a table without its shop cannot be ordered at
  if (table !== null) return invalid;
  if (remembered && (brand === null || remembered.chainId === brand)) return { kind: 'shop', shopId: remembered.id, remembered: true };
  return { kind: 'list', brand };
}

/** A stored value read back as a remembered shop; anything else is forgotten (null). */
export function readRememberedShop(value: unknown): RememberedShop | null {
  if (value === null || typeof value !== 'object') return null;
  const { id, chainId } = value as { id?: unknown; chainId?: unknown };
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return null;
  return { id, chainId: typeof chainId === 'number' && Number.isInteger(chainId) && chainId > 0 ? chainId : null };
}

/** The session facts of a table link the scan-to-order choice reads. */
export interface ScanFacts {
  tableNo: string | null;
  isScanOrder: boolean;
  isDine: boolean;
  orderType: OrderType | null;
}

/** What a table link opens: the choice, or the one order type the shop allows there. */
export type ScanEntry = { kind: 'choose' } | { kind: 'type'; orderType: typeof OrderType.dine | typeof OrderType.selfPickup };

/**
 * C§1/C§2 scan-to-order choice: a table link that does not say how the customer eats (no isDine, not
 * the scan-order program) lets them choose dine or pick when the shop takes both — dine-in needs the
 * scan switch and dine-in allowed (C§5), pick needs self collection — or sets the only one it takes.
 * Null when the link is no such table link or the shop takes neither (the entry rules apply as usual).
 */
export function scanEntry(facts: ScanFacts, shop: Pick<ShopSettings, 'openScanSwitch' | 'allowDineIn' | 'selfCollection'>): ScanEntry | null {
  if (facts.tableNo === null || facts.isScanOrder || facts.isDine || facts.orderType !== null) return null;
  const dine = shop.openScanSwitch !== false && shop.allowDineIn !== false;
  const pick = shop.selfCollection === true;
  if (dine && pick) return { kind: 'choose' };
  if (dine) return { kind: 'type', orderType: OrderType.dine };
  if (pick) return { kind: 'type', orderType: OrderType.selfPickup };
  return null;
}

/** The table code the server checks for a table link (`T<shopId>-<tableNo>`, user/getCodeInfo). */
export function tableCode(shopId: number, tableNo: string): string {
  return `T${shopId}-${tableNo}`;
}

/**
 * The route after the scan-to-order choice: the entry rules of C§2 for the chosen type, the menu when
 * they would end at a home tab (the customer at a table came to order).
 */
export function scanChoiceRoute(route: EntryRoute): EntryRoute {
  return route.url === EntryPages.home || route.url === EntryPages.orderingTab ? { url: EntryPages.product, method: 'redirect' } : route;
}

/**
 * C§2 page-not-found launch: the entry page, keeping the launch's query (a link to a page that no
 * longer exists still names its shop and table); the host's own keys (`$taroTimestamp`) are dropped.
 */
export function pageNotFoundUrl(query: Record<string, unknown> | null | undefined): string {
  const parts = Object.entries(query ?? {})
    .filter((e): e is [string, string | number] => !e[0].startsWith('$') && (typeof e[1] === 'string' || typeof e[1] === 'number') && e[1] !== '')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`);
  return parts.length > 0 ? `${PAGE_NOT_FOUND_ROUTE.url}?${parts.join('&')}` : PAGE_NOT_FOUND_ROUTE.url;
}
