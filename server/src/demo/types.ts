/**
 * Shape of the demo data. It wraps the domain source types (src/domain/types.ts) and adds what the
 * domain does not model: English names, areas, beauty staff, recharge rules, SMS quota, demo users and
 * members with plain pay passwords (the seed hashes them).
 */
import type {
  Activity,
  Category,
  Coupon,
  GiftAmountRule,
  MemberInfo,
  MemberLevel,
  MealSetGroup,
  MealSetItem,
  MemberSetting,
  Product,
  ProductSpec,
  ShopNotification,
  ShopSettings,
  TableInfo,
  TasteGroup,
  TasteOption,
} from '../../../src/domain/types';
import type { NoticeSettings } from '../services/notices/content';

/** English text beside the zh-CN text of a name (C§1: zh-CN default, en overseas). */
export interface English {
  nameEn: string;
  descriptionEn?: string;
}

export type DemoShopSettings = ShopSettings &
  English &
  NoticeSettings & {
    addressEn?: string;
    /** Open-table timed service on: tables charge fEachFee by time (C§9 timed table fee). */
    isOpenTiming?: boolean;
    notificationEn?: ShopNotification;
  };

export type DemoCategory = Category & English;

export type DemoSpec = ProductSpec & { nameEn: string };
export type DemoTasteOption = TasteOption & { nameEn: string };
export type DemoTasteGroup = Omit<TasteGroup, 'options'> & { nameEn: string; options: DemoTasteOption[] };
export type DemoMealSetItem = MealSetItem & { nameEn: string };
export type DemoMealSetGroup = Omit<MealSetGroup, 'items'> & { nameEn: string; items: DemoMealSetItem[] };

/** A menu product; its specs, tastes and meal-set choices carry English names too. */
export type DemoProduct = Omit<Product, 'specs' | 'tastes' | 'mealset'> &
  English & { specs?: DemoSpec[]; tastes?: DemoTasteGroup[]; mealset?: DemoMealSetGroup[] };
export type DemoActivity = Activity & English;
export type DemoCoupon = Coupon & English;
export type DemoMemberLevel = MemberLevel & { nameEn: string };

/** A dining area (C§3 Table nAreaID / areaName). */
export interface DemoArea {
  id: number;
  name: string;
  nameEn: string;
}

/** A table with the names it is shown under (C§3 Table). */
export type DemoTable = TableInfo & { nAreaID: number; areaNameEn: string };

/** A beauty service tag (C§3 Beauty tags). */
export interface ServiceTag {
  id: number;
  name: string;
  nameEn: string;
}

/** A beauty service user (C§3 serviceUser: id, jobNo, desc, tagId, canReverse, userPhone, userName, headImage, tagName). */
export interface ServiceUser {
  id: number;
  jobNo: string;
  desc: string;
  descEn: string;
  tagId: number;
  tagName: string;
  /** The user takes appointments. */
  canReverse: boolean;
  userPhone: string;
  userName: string;
  userNameEn: string;
  headImage: string;
}

/** Deposit asked when booking (C§3 depositSet): payMode 1 = percent (`rate`) of the price, 2 = fixed `amount`. */
export interface DepositSet {
  allowDeposit: boolean;
  payMode: 1 | 2;
  rate?: number;
  amount?: number;
}

/** Beauty settings (C§3 Beauty set). */
export interface BeautySet {
  serviceUserRequired: boolean;
  CashPay: boolean;
  WeiXinPay: boolean;
  AliPay: boolean;
  VipPay: boolean;
  depositSet: DepositSet;
  /** Length of one bookable slot, minutes. */
  slotMinutes: number;
}

export interface DemoBeauty {
  set: BeautySet;
  users: ServiceUser[];
  tags: ServiceTag[];
}

/** A recharge rule (P§7 vip/payRules): charge `chargeAmount`, get `presentAmount` gift amount. */
export interface PayRule {
  id: number;
  chargeAmount: number;
  presentAmount: number;
  /** Only for a member's first charge (`is_first`). */
  isFirst: boolean;
}

/** Pay types the shop offers for orders (store/paySetting) and recharge (store/vipChargePaySetting). */
export interface DemoPaySetting {
  cash: boolean;
  vip: boolean;
  weixin: boolean;
  alipay: boolean;
  stripe: boolean;
  allinpay: boolean;
}

export interface DemoShop {
  shop: DemoShopSettings;
  categories: DemoCategory[];
  products: DemoProduct[];
  activities: DemoActivity[];
  couponTemplates: DemoCoupon[];
  tables?: DemoTable[];
  /** TABLE-7: fixed codes of the demo tables by table id (server/src/demo/ids.ts TABLE_CODE). */
  tableCodes?: Record<number, string>;
  areas?: DemoArea[];
  beauty?: DemoBeauty;
  memberSetting: MemberSetting;
  memberLevels: DemoMemberLevel[];
  /** Recharge rules (vip/payRules). */
  payRules: PayRule[];
  /** Gift-amount use rules (vip/giftAmountRules, P§9). */
  giftRules: GiftAmountRule[];
  paySetting: DemoPaySetting;
  vipChargePaySetting: DemoPaySetting;
  /** SMS codes the shop may still send (P§5 no SMS left at 0). */
  smsQuota: number;
  /** Minutes before an unpaid order is cancelled. */
  unpaidMinutes: number;
  chainId?: number;
}

/** A member card of one shop or of a chain (P§3 Member info). `payPassword` is plain; the seed hashes it. */
export type DemoMember = MemberInfo & {
  phone: string;
  name: string;
  level: number;
  levelName: string;
  cardNo: string;
  payPassword: string;
  /** Home shop of the card. */
  shopId: number;
  /** Set for a chain card, usable in every shop of the chain (C§6 chain member). */
  chainId?: number;
  /** The login user the card belongs to. */
  userId: number;
};

/** A coupon in a member's hands (P§3 Coupon with its owner). */
export type DemoMemberCoupon = DemoCoupon & { memberId: number; shopId: number };

/** A demo login user (C§3 User): the development login provider maps `openid` to it. */
export interface DemoUser {
  id: number;
  openid: string;
  nickName: string;
  avatarUrl: string;
  phone?: string;
}

export interface DemoChain {
  id: number;
  name: string;
  nameEn: string;
}

export interface DemoData {
  chains: DemoChain[];
  shops: DemoShop[];
  members: DemoMember[];
  memberCoupons: DemoMemberCoupon[];
  users: DemoUser[];
}
