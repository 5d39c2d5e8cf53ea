import { asc, eq } from 'drizzle-orm';
import { businessHoursOfDay, formatTimeRanges, isWithinBusinessHours, nextOpeningTime, shopClock, formatTimeOfDay } from '../../../src/domain/hours';
import { offsetAt, shopZone } from '../../../src/domain/shop-time';
import { withShopZone } from '../time-zone';
import { ShopRealStatus, shopRealStatus } from '../../../src/domain/shop-status';
import { orderTypeOfUserAgent } from '../../../src/domain/user-agent';
import { PayType, type OrderType } from '../../../src/domain/enums';
import type { ShopDetail, ShopSummary } from '../../../src/api/contract/store';
import type { ShopSettings } from '../../../src/domain/types';
import type { ServerContext } from '../context';
import { shops } from '../db/schema';
import type { StoredPaySetting, StoredShopSettings } from '../db/schema/json';
import { fail, HttpError } from '../http/errors';
import type { Lang } from '../i18n/messages';

export type ShopRow = typeof shops.$inferSelect;

/**
 * The shop row, cached by menu version (settings changes bump the version too); its settings carry the
 * shop's time zone as offset changes around now (TIME-1), which every rule on the server reads.
 */
export async function getShop(ctx: ServerContext, shopId: number): Promise<ShopRow> {
  const version = await ctx.shopCache.version(shopId);
  if (version === null) throw fail('getShopDataFailed');
  return ctx.shopCache.get('shop', shopId, version, async () => {
    const rows = await ctx.db.select().from(shops).where(eq(shops.id, shopId)).limit(1);
    if (!rows[0]) throw fail('getShopDataFailed');
    return withZoneOf(rows[0], ctx.clock.now());
  });
}

/** A shop row whose settings carry its zone's offset changes around `now`. */
export function withZoneOf(row: ShopRow, now: number): ShopRow {
  return { ...row, settings: withShopZone(row.settings, now) };
}

/** Shop settings in the request's language; the columns the server owns (status, chain) win. */
export function shopSettingsFor(row: ShopRow, lang: Lang): ShopSettings {
  // the notice settings (template fields, SMS) are the server's own (NOTICE-1): not answered
  const { noticeTemplates: _templates, noticeSms: _sms, ...s }: StoredShopSettings = row.settings;
  const out: StoredShopSettings = { ...s, id: row.id, shopStatus: row.shopStatus, industry: row.industry as ShopSettings['industry'] };
  if (row.chainId !== null) out.chainId = row.chainId;
  if (lang === 'en') {
    if (s.nameEn) out.name = s.nameEn;
    if (s.addressEn) out.address = s.addressEn;
    if (s.notificationEn) out.notification = s.notificationEn;
  }
  return out;
}

/**
 * 403 when a stopped shop (status -1) is asked for what its real status covers (C§4, C§8): takeaway,
 * self pickup and what has no order type (a recharge), never overseas; table orders (dine, open table)
 * and appointments go on. store/detail still answers with the status.
 */
export function assertShopOperating(row: ShopRow, orderType: OrderType | null, abroad: boolean): void {
  if (shopRealStatus({ shopStatus: row.shopStatus }, orderType, abroad) === ShopRealStatus.stopped) throw new HttpError(403, 'forbidden');
}

/** store/detail: settings plus real status and business-hours state at `now` (C§4, C§5). */
export function shopDetail(row: ShopRow, lang: Lang, now: number, abroad: boolean, userAgentType: number | null): ShopDetail {
  const settings = shopSettingsFor(row, lang);
  const orderType = userAgentType === null ? null : orderTypeOfUserAgent(userAgentType);
  const open = isWithinBusinessHours(settings, now, orderType);
  const next = open ? null : nextOpeningTime(settings, now, orderType);
  const zone = shopZone(settings);
  return {
    // the offset now, derived from the zone (the cached row read it when it was loaded)
    shop: settings.timeZoneOffsets ? { ...settings, utcOffsetMinutes: offsetAt(zone, now) } : settings,
    realStatus: shopRealStatus(settings, orderType, abroad),
    isOpen: open,
    todayHours: formatTimeRanges(businessHoursOfDay(settings, now, orderType)),
    nextOpening: next === null ? null : formatTimeOfDay(shopClock(next, zone).minute),
    menuVersion: row.menuVersion,
    serverTime: now,
  };
}

/** The shops of the token's shop's chain (or the shop alone), for store/list (SHOP-1). */
export async function chainShops(ctx: ServerContext, shopId: number, lang: Lang): Promise<ShopSummary[]> {
  const current = await getShop(ctx, shopId);
  const rows =
    current.chainId === null
      ? [current]
      : await ctx.db.select().from(shops).where(eq(shops.chainId, current.chainId)).orderBy(asc(shops.sort), asc(shops.id));
  const now = ctx.clock.now();
  return rows.map((r) => {
    const s = shopSettingsFor(r.id === current.id ? current : withZoneOf(r, now), lang);
    return {
      id: r.id,
      name: s.name,
      address: s.address ?? '',
      phone: s.phone ?? '',
      image: s.image ?? '',
      industry: r.industry,
      gpsAddress: s.gpsAddress ?? null,
      businessHours: s.businessHours ?? formatTimeRanges(businessHoursOfDay(s, now)),
      shopStatus: r.shopStatus,
      isOpen: isWithinBusinessHours(s, now),
      current: r.id === shopId,
    };
  });
}

const PAY_ORDER: PayType[] = [PayType.weixin, PayType.alipay, PayType.vip, PayType.cash, PayType.stripe, PayType.allinpay];

/** A pay setting with its enabled pay types listed (store/paySetting, store/vipChargePaySetting). */
export function paySettingOf(p: StoredPaySetting | null, available: readonly string[]) {
  const stored: StoredPaySetting = p ?? { cash: true, vip: true, weixin: false, alipay: false, stripe: false, allinpay: false };
  // a pay type no provider of this server serves is not offered (e.g. the card page outside sandbox mode)
  const s = Object.fromEntries(PAY_ORDER.map((t) => [t, stored[t] && available.includes(t)])) as unknown as StoredPaySetting;
  return { ...s, payTypes: PAY_ORDER.filter((t) => s[t]) };
}
