/**
 * Shapes stored in jsonb columns: the domain's source types (src/domain/types.ts) with the English
 * names the back office adds beside the Chinese ones (defined once, with the demo data's types).
 */
import type { Activity, Coupon, MemberSetting } from '../../../../src/domain/types';
import type {
  DemoActivity,
  DemoArea,
  DemoBeauty,
  DemoCategory,
  DemoCoupon,
  DemoMemberLevel,
  DemoPaySetting,
  DemoProduct,
  DemoShopSettings,
  DemoTable,
  PayRule,
} from '../../demo/types';
import type { GiftAmountRule } from '../../../../src/domain/types';

export type StoredShopSettings = DemoShopSettings;
export type StoredCategory = DemoCategory;
export type StoredProduct = DemoProduct;
export type StoredActivity = DemoActivity | Activity;
export type StoredCoupon = DemoCoupon | Coupon;
export type StoredMemberLevel = DemoMemberLevel;
export type StoredTable = DemoTable;
export type StoredArea = DemoArea;
export type StoredBeauty = DemoBeauty;
export type StoredPaySetting = DemoPaySetting;
export type StoredMemberSetting = MemberSetting;
export type StoredPayRule = PayRule;
export type StoredGiftRule = GiftAmountRule;

/** Free-form JSON kept beside a row. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
