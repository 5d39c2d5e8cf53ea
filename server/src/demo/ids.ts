/**
 * Stable ids of the demo data. Tests, the seed and the start-up banner refer to the demo through these
 * names only, so renumbering the data never breaks them.
 */

/** The chain that groups the restaurant and the overseas fast-food shop (C§3 isChainMiniProgram). */
export const CHAIN_ID = 1;

export const SHOP = {
  /** (a) restaurant: dine-in with scan-order tables, open-table timed service, takeaway tiers. */
  restaurant: 1001,
  /** (b) overseas-style fast food / retail: S$, GST 9 % TAX_OUT, 0.05 rounding, pickup pack fee. */
  retail: 1002,
  /** (c) beauty salon: appointments with service users and deposits. */
  beauty: 1003,
  /** (d) the restaurant's second branch (same chain and currency): multi-shop orders (ORDER-10). */
  branch: 1004,
  /** (f) Paris bakery-café: a shop whose zone changes its clocks (Europe/Paris, TIME-1). */
  paris: 1005,
  /** (e) generated 1,000-product menu for the menu benchmark. */
  large: 1099,
} as const;

export const AREA = { hall: 501, room: 502 } as const;

/** Table ids (C§3 Table.id); the names are the ones printed on the table QR codes (sName). */
export const TABLE = {
  A1: 5001,
  A2: 5002,
  A3: 5003,
  A4: 5004,
  A5: 5005,
  A6: 5006,
  A7: 5007,
  A8: 5008,
  R1: 5011,
  R2: 5012,
  R3: 5013,
  R4: 5014,
} as const;

/**
 * The demo tables' codes (TABLE-7, `tableCode` of their scan-order links), fixed so the demo's printed
 * links, tests and benchmarks know them — public like the demo's staff passwords. Any other table gets
 * a random code from the database; staff rotate a demo code in the console like any other
 * (docs/decisions.md "Table codes and sessions (TABLE-7)").
 */
export const TABLE_CODE: Record<keyof typeof TABLE, string> = {
  A1: 'b127850bdcc6ff1b793d06da66d437bd',
  A2: 'c4a27ce6705afb18d85d8fc6ef346d56',
  A3: '9b913adae80df1281fd64befa952fe5d',
  A4: 'c6b336e3ac281d22895a3556b4e476bd',
  A5: '172ff9801f57348dd70337627b272740',
  A6: '112d8119bd25da1e5e0fd8c3edefe643',
  A7: 'f15c122af04e1571ef5395f6f1d84118',
  A8: 'dca8321eca50d41fca916b2dca87a3c6',
  R1: '3dcbddf9f6b79a13901d0fa47f656b15',
  R2: '053d42cd0e6ab8cba83290a8f556bdd4',
  R3: 'c41b55d1e23a0378c15f3df33d1b87e3',
  R4: 'c62b486b422786387fb273569a5e41cc',
};

/** The demo code of a demo table by its id (tests: `codeOfTable(TABLE.A3)`). */
export const codeOfTable = (id: number): string => {
  const name = (Object.keys(TABLE) as Array<keyof typeof TABLE>).find((n) => TABLE[n] === id);
  if (!name) throw new Error(`no demo table ${id}`);
  return TABLE_CODE[name];
};

/** Category ids of the restaurant. */
export const RESTAURANT_CATEGORY = {
  breakfast: 1101,
  signature: 1102,
  stirFry: 1103,
  noodles: 1104,
  soup: 1105,
  setMeal: 1106,
  drinks: 1107,
  dessert: 1108,
} as const;

/** Restaurant products that tests single out. */
export const RESTAURANT_PRODUCT = {
  /** Category with a sale time (weekdays 06:00–10:00): outside it the product is OUT_SALE_TIME. */
  soyMilk: 10101,
  youtiao: 10102,
  /** Member price ¥35; the product coupon's product. */
  kungPaoChicken: 10201,
  /** Specs 小/中/大 with their own prices. */
  boiledFish: 10202,
  /** Required spice level + optional toppings with prices and quantities. */
  mapoTofu: 10203,
  /** Stock 5. */
  peking: 10204,
  /** Status SALE_OUT. */
  lobster: 10205,
  /** Status OFFLINE. */
  abalone: 10206,
  /** Member price. */
  braisedPork: 10301,
  /** Only for member levels gold and diamond. */
  wagyu: 10207,
  /** Minimum purchase quantity 2. */
  dumplings: 10403,
  /** Second basket half price (secondDiscount). */
  xiaolongbao: 10404,
  /** Plain rice: a meal-set side. */
  rice: 10406,
  /** Own sale time 21:00–02:00 every day: outside it the product is OUT_SALE_TIME. */
  nightSkewers: 10307,
  /** Purchase limit 2 per order. */
  crayfish: 10304,
  /** Meal set: main + side + drink. */
  comboSet: 10601,
  /** Second meal set (two mains + soup). */
  familySet: 10602,
  /** TAX_IN product. */
  beer: 10703,
  /** FIXED_TAX_OUT product. */
  imported: 10706,
  /** FIXED_TAX_IN product. */
  cake: 10803,
  /** TAX_OUT product (13 % VAT added); products without a tax row carry no tax. */
  wine: 10705,
  /** Stock 5 too (second stock-limited example). */
  mangoPudding: 10802,
  /** Gift of the over-send-product activity. */
  lemonTea: 10701,
  /** Markup-redemption item (¥1 from ¥60). */
  cola: 10702,
} as const;

export const RETAIL_CATEGORY = { burgers: 2101, sides: 2102, drinks: 2103, grocery: 2104 } as const;

export const RETAIL_PRODUCT = {
  chickenBurger: 20101,
  /** Specs single / double patty. */
  beefBurger: 20102,
  /** Meal set: burger + side + drink. */
  burgerMeal: 20103,
  /** Specs S / M / L. */
  fries: 20201,
  nuggets: 20202,
  icedLatte: 20301,
  /** S$1.15 + 9 % GST = S$1.2535: the total rounds to S$1.25 (isRounding05). */
  mineralWater: 20302,
  tehTarik: 20303,
  /** Stock 5. */
  kayaToast: 20401,
  instantNoodles: 20402,
  potatoChips: 20403,
  chocolate: 20404,
} as const;

export const BEAUTY_CATEGORY = { facial: 3101, hair: 3102, nails: 3103 } as const;

/** Beauty services; each has a duration in minutes (serviceTime). */
export const BEAUTY_PRODUCT = {
  hydraFacial: 30101,
  deepCleansing: 30102,
  /** Specs by stylist grade. */
  haircut: 30201,
  colouring: 30202,
  manicure: 30301,
  handCare: 30302,
} as const;

export const BEAUTY_TAG = { senior: 401, stylist: 402, nailArtist: 403 } as const;

export const BEAUTY_USER = { lin: 4001, chen: 4002, wang: 4003, zhao: 4004 } as const;

/** Activity ids: the restaurant has one of every kind of P§3; the other shops a few more. */
export const ACTIVITY = {
  memberPrice: 7001,
  fullReduction: 7002,
  allDiscount: 7004,
  productSpecPrice: 7005,
  discountCoupon: 7006,
  someTypeFullReduction: 7007,
  expandCoupon: 7008,
  overSendProduct: 7009,
  overSendCoupon: 7010,
  secondDiscount: 7011,
  buyNGetN: 7012,
  timesRedBag: 7013,
  couponSend: 7014,
  markupRedemption: 7015,
  firstMemberPayGift: 7016,
  productCoupon: 7017,
  pointRedeem: 7018,
  productDiscountWithCode: 7019,
  memberChargePresentCoupon: 7020,
  /** Cyclic full reduction: every S$20 saves S$2. */
  retailFullReductionCyclic: 7101,
  retailSecondDiscount: 7102,
  retailBuyNGetN: 7103,
  retailPromotionCode: 7104,
  retailCouponSend: 7105,
  retailMemberPrice: 7106,
  beautyAllDiscount: 7201,
  beautyFirstMemberPayGift: 7202,
} as const;

/** The Paris shop's categories, products and lunch deal (server/src/demo/paris.ts). */
export const PARIS_CATEGORY = { pastries: 5101, sandwiches: 5102, drinks: 5103, desserts: 5104 } as const;
export const PARIS_PRODUCT = {
  /** €1.40, no option, no sale time: the first plain product. */
  croissant: 51001,
  painAuChocolat: 51002,
  jambonBeurre: 51003,
  croqueMonsieur: 51004,
  cafe: 51005,
  /** Specs small / large. */
  cafeCreme: 51006,
  tarteCitron: 51007,
} as const;
export const PARIS_ACTIVITY = { lunchDeal: 7501 } as const;

/** Promotion code of the productDiscountWithCode activity (P§7 activity/getActivityByCode). */
export const PROMOTION_CODE = 'SAVE10';
/** Promotion code of the overseas shop. */
export const RETAIL_PROMOTION_CODE = 'LUNCH5';

/** Coupon templates (P§3 Coupon). */
export const COUPON_TEMPLATE = {
  /** Amount coupon: ¥10 off from ¥50. */
  amount: 8001,
  /** Discount coupon: 88 % off from ¥30. */
  discount: 8002,
  /** Product coupon: one Kung Pao Chicken. */
  product: 8003,
  /** Type-8 coupon: ¥20 off from ¥100 with a qualifying product. */
  minAmount: 8004,
  /** Gift of the over-send-coupon / expand / couponSend activities. */
  expand: 8005,
  /** Member-charge present coupon. */
  chargePresent: 8006,
  /** Overseas shop: S$3 off from S$20. */
  retailAmount: 8101,
  /** Beauty: ¥50 off a service from ¥300. */
  beautyAmount: 8201,
} as const;

/** Coupons held by the demo member (copies of templates with an owner). */
export const MEMBER_COUPON = {
  amount: 8501,
  discount: 8502,
  product: 8503,
  minAmount: 8504,
  expired: 8505,
  retailAmount: 8506,
} as const;

/**
 * Member level codes (P§3 level). Level matching uses the last three digits (P§5), so the chain's
 * gold card 1002 matches an activity limited to level 2 too.
 */
export const MEMBER_LEVEL = { silver: 1001, gold: 1002, diamond: 1003 } as const;
export const BEAUTY_MEMBER_LEVEL = { regular: 3001, vip: 3002 } as const;

/** The demo member (P§3 Member info). The pay password is plain here; the seed hashes it. */
export const DEMO_MEMBER = {
  id: 60001,
  phone: '13800000000',
  name: '张三',
  payPassword: '135790',
  cardNo: '8800600010001',
  /** The same person's card at the beauty salon. */
  beautyId: 60003,
} as const;

/** A second member with no balance, for the "balance must suffice" path. */
export const DEMO_MEMBER_EMPTY = { id: 60002, phone: '13900000000', name: '李四', payPassword: '246810' } as const;

/** Demo login users: the development login provider maps these open ids to the users. */
export const DEMO_USER = {
  member: { id: 70001, openid: 'demo-openid-zhangsan' },
  memberEmpty: { id: 70002, openid: 'demo-openid-lisi' },
  visitor: { id: 70003, openid: 'demo-openid-visitor' },
} as const;

/** Offset of the large shop's product ids: product i (0-based) has id LARGE_PRODUCT_BASE + i + 1. */
export const LARGE_PRODUCT_BASE = 900000;
export const LARGE_CATEGORY_BASE = 9100;

/** The restaurant products by the feature they show (MENU-2…4), for tests that need "a sold-out product". */
export const DEMO_PRODUCT_ROLE = {
  soldOut: RESTAURANT_PRODUCT.lobster,
  offline: RESTAURANT_PRODUCT.abalone,
  stock5: RESTAURANT_PRODUCT.peking,
  spec: RESTAURANT_PRODUCT.boiledFish,
  taste: RESTAURANT_PRODUCT.mapoTofu,
  mealSet: RESTAURANT_PRODUCT.comboSet,
  outOfSaleTime: RESTAURANT_PRODUCT.nightSkewers,
  minQuantity: RESTAURANT_PRODUCT.dumplings,
  purchaseLimit: RESTAURANT_PRODUCT.crayfish,
  memberPrice: RESTAURANT_PRODUCT.braisedPork,
  memberLevelOnly: RESTAURANT_PRODUCT.wagyu,
  plain: RESTAURANT_PRODUCT.kungPaoChicken,
} as const;
