import { asc, eq } from 'drizzle-orm';
import { businessHoursOfDay, formatTimeRanges, isWithinBusinessHours } from '../../../src/domain/hours';
import { distanceKm, parseGps } from '../../../src/domain/contact';
import type { PublicShop } from '../../../src/api/contract/store';
import type { ServerContext } from '../context';
import { shops } from '../db/schema';
import type { Lang } from '../i18n/messages';
import { toMapSystem, type CoordType } from './geo';
import { shopSettingsFor } from './shops';

/** What store/publicList asks for (C§2 entry without a shop). */
export interface PublicListQuery {
  /** The chain the link's `brand` names; undefined lists every shop of the server. */
  brand?: number;
  position?: { latitude: number; longitude: number; coordType: CoordType };
}

const collator = (lang: Lang) => new Intl.Collator(lang === 'zh' ? 'zh-CN' : 'en');

/**
 * The shops a customer without a shop link may choose from (SHOP-1): the brand's chain, or every
 * shop. Each with its hours and whether it is open at the server's clock; with a position, the
 * distance from it (converted into the shops' map system first) and nearest first — shops without a
 * GPS position last — otherwise by name in the request's language.
 */
export async function publicShops(ctx: ServerContext, query: PublicListQuery, lang: Lang, abroad: boolean): Promise<PublicShop[]> {
  const base = ctx.db.select().from(shops);
  const rows =
    query.brand === undefined
      ? await base.orderBy(asc(shops.sort), asc(shops.id))
      : await base.where(eq(shops.chainId, query.brand)).orderBy(asc(shops.sort), asc(shops.id));
  const now = ctx.clock.now();
  const from = query.position ? toMapSystem(query.position, query.position.coordType, abroad) : null;
  const list = rows.map((r): PublicShop => {
    const s = shopSettingsFor(r, lang);
    const gps = parseGps(s.gpsAddress);
    const distance = from && gps ? Math.round(distanceKm({ lat: from.latitude, lng: from.longitude }, gps) * 1000) / 1000 : null;
    return {
      id: r.id,
      name: s.name,
      address: s.address ?? '',
      image: s.image ?? '',
      industry: r.industry,
      businessHours: s.businessHours ?? formatTimeRanges(businessHoursOfDay(s, now)),
      shopStatus: r.shopStatus,
      isOpen: isWithinBusinessHours(s, now),
      distance,
      chainId: r.chainId,
    };
  });
  const names = collator(lang);
  if (!from) return list.sort((a, b) => names.compare(a.name, b.name) || a.id - b.id);
  return list.sort((a, b) => {
    if (a.distance === null || b.distance === null) return a.distance === b.distance ? names.compare(a.name, b.name) : a.distance === null ? 1 : -1;
    return a.distance - b.distance || a.id - b.id;
  });
}
