/**
 * A server-side fixture of the points-mall suites: two pointRedeem coupon items loaded into the demo
 * restaurant through the merchant API (shop/load upserts by id), so the demo itself stays as it is.
 * The demo member already holds 2000 points (server/src/demo/members.ts), enough for the first item
 * and short of the second.
 */
import { ActivityType, OrderTypeLimit, UserLimit, ValidType } from '../../src/domain/enums';
import { COUPON_TEMPLATE, SHOP } from '../../server/src/demo/ids';

export const MERCHANT_KEY = 'mall-fixture-key';

/** 300 points for the ¥10-off-from-¥50 coupon (template 8001). */
export const MALL_COUPON = { id: 7301, points: 300, name: '300积分兑满50减10元券', couponName: '满50减10元券' } as const;
/** 5000 points for the 88 %-off coupon: more than the demo member holds. */
export const MALL_DEAR = { id: 7302, points: 5000, name: '5000积分兑88折券' } as const;

const window = { startDate: '2025-01-01 00:00:00', endDate: '2030-12-31 23:59:59' };
const food = OrderTypeLimit.takeaway | OrderTypeLimit.pick | OrderTypeLimit.dine;

const item = (id: number, points: number, name: string, nameEn: string, coupon: { id: number; name: string; reductionAmount: number; minAmount: number }) => ({
  id,
  type: ActivityType.pointRedeem,
  status: 1,
  data: {
    id,
    type: ActivityType.pointRedeem,
    name,
    nameEn,
    description: '兑换后放入我的优惠券，外卖、自取、堂食通用',
    descriptionEn: 'Goes to My coupons; takeaway, pickup and dine-in',
    status: 1,
    validType: ValidType.fixed,
    ...window,
    userType: UserLimit.member,
    orderType: food,
    points,
    coupons: [{ ...coupon, quantity: 1 }],
  },
});

/** The shop/load body of the fixture. */
export const mallFixture = {
  shopId: SHOP.restaurant,
  activities: [
    item(MALL_COUPON.id, MALL_COUPON.points, MALL_COUPON.name, '¥10 off ¥50 for 300 points', {
      id: COUPON_TEMPLATE.amount,
      name: MALL_COUPON.couponName,
      reductionAmount: 10,
      minAmount: 50,
    }),
    item(MALL_DEAR.id, MALL_DEAR.points, MALL_DEAR.name, '12% off for 5000 points', {
      id: COUPON_TEMPLATE.discount,
      name: '88折券',
      reductionAmount: 0,
      minAmount: 30,
    }),
  ],
};

/** Loads the fixture into a running server (started with MERCHANT_KEY). */
export async function loadMallFixture(base: string): Promise<void> {
  const res = await fetch(`${base}/merchant/shop/load`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-merchant-key': MERCHANT_KEY, connection: 'close' },
    body: JSON.stringify(mallFixture),
  });
  const body = (await res.json()) as { result: boolean; info: unknown };
  if (!body.result) throw new Error(`shop/load refused the mall fixture: ${JSON.stringify(body.info)}`);
}
