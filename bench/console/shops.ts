/**
 * The console bench's shops: N copies of the demo's around-the-clock fast-food shop (retail, 1002:
 * open 00:00–23:59, cash at the counter), each with its own ids, its plain products only and no
 * activities, coupons, tables or member levels, so every bench order is the same cheap order.
 *
 * They are loaded with the demo seed itself (`seedDemo` with no demo data and these shops as extra
 * shops), which also writes the demo's console logins for every shop it loads:
 * `staff-<shopId>` / `demo-staff-<shopId>` and `owner-<shopId>` / `demo-owner-<shopId>`
 * (server/src/demo/staff.ts). A shop row must exist before `shop/load` can fill it
 * (services/orders/shop-config.ts), so the seed is the way to add whole shops.
 */
import { openDatabase } from '../../server/src/db/client';
import { seedDemo } from '../../server/src/db/seed';
import {
  chainMemberSetting,
  overseasChargePaySetting,
  overseasPaySetting,
} from '../../server/src/demo/members';
import { retailProducts, retailSettings } from '../../server/src/demo/retail';
import { demoStaffLogins } from '../../server/src/demo/staff';
import type { DemoData, DemoShop } from '../../server/src/demo/types';

/** Shop ids of the bench: 20001 … (the demo's are 1001…1099). */
export const BENCH_SHOP_BASE = 20_000;
const CATEGORY_BASE = 200_000;
const PRODUCT_BASE = 2_000_000;

export const benchShopId = (i: number): number => BENCH_SHOP_BASE + i + 1;

/** The demo retail products a bench shop sells: those without specs, tastes or meal-set choices. */
const PLAIN = retailProducts.filter(
  (p) =>
    !p.specs?.length &&
    !p.tastes?.length &&
    !p.mealset?.length &&
    (p.status ?? 0) === 0 &&
    p.stock === undefined,
);

/** The product id of the k-th plain product of bench shop i. */
export const benchProductId = (i: number, k: number): number => PRODUCT_BASE + i * 100 + k;

/** Bench shop i as demo data. */
export function benchShop(i: number): DemoShop {
  const id = benchShopId(i);
  const categoryId = CATEGORY_BASE + i;
  const { chainId: _chain, ...settings } = retailSettings;
  return {
    shop: {
      ...settings,
      id,
      name: `控制台压测店 ${i + 1}`,
      nameEn: `Console Bench Shop ${i + 1}`,
      isChainMiniProgram: false,
      hasPromotionWithCode: false,
    },
    categories: [{ id: categoryId, name: '小食', nameEn: 'Snacks', sort: 1 }],
    products: PLAIN.map((p, k) => ({ ...p, id: benchProductId(i, k), typeid: categoryId })),
    activities: [],
    couponTemplates: [],
    memberSetting: chainMemberSetting,
    memberLevels: [],
    payRules: [],
    giftRules: [],
    paySetting: overseasPaySetting,
    vipChargePaySetting: overseasChargePaySetting,
    smsQuota: 0,
    unpaidMinutes: 10,
  };
}

export interface BenchShopLogin {
  shopId: number;
  username: string;
  password: string;
  /** A plain product of the shop (the bench order's one line). */
  productId: number;
}

/**
 * Loads `count` bench shops and their demo console logins into the (migrated, demo-seeded) database
 * at `url`; answers each shop's staff login.
 */
export async function loadBenchShops(url: string, count: number): Promise<BenchShopLogin[]> {
  if (PLAIN.length === 0) throw new Error('the demo retail shop has no plain product to copy');
  const shops = Array.from({ length: count }, (_, i) => benchShop(i));
  const database = await openDatabase(url);
  try {
    const none: DemoData = { chains: [], shops: [], members: [], memberCoupons: [], users: [] };
    await seedDemo(database.db, none, shops);
  } finally {
    await database.close();
  }
  const staff = demoStaffLogins(shops.map((s) => s.shop.id)).filter((l) => l.role === 'staff');
  return staff.map((l, i) => ({
    shopId: l.shopId,
    username: l.username,
    password: l.password,
    productId: benchProductId(i, 0),
  }));
}
