/** P§7 promotion calls: activities, coupons, red bags, points mall, promotion codes. */
import type { activityCalls } from './contract/activity';
import { bindCall } from './request';
import type { RequestClient } from './request';

type Calls = typeof activityCalls;

/** The activity calls bound to a client. */
export function createActivityApi(client: RequestClient) {
  return {
    list: bindCall<Calls['list']>(client, 'activity/list'),
    // P§7: no error toast
    detail: bindCall<Calls['detail']>(client, 'activity/detail', { silent: true }),
    // P§7: no error toast
    receiveExpandCoupon: bindCall<Calls['receiveExpandCoupon']>(client, 'activity/receiveExpandCoupon', { silent: true }),
    couponList: bindCall<Calls['couponList']>(client, 'activity/couponList'),
    getCouponByLink: bindCall<Calls['getCouponByLink']>(client, 'activity/getCouponByLink'),
    getCouponByEntry: bindCall<Calls['getCouponByEntry']>(client, 'activity/getCouponByEntry'),
    getTimesRedBag: bindCall<Calls['getTimesRedBag']>(client, 'activity/getTimesRedBag'),
    checkTimesRedBag: bindCall<Calls['checkTimesRedBag']>(client, 'activity/checkTimesRedBag'),
    checkOverSendCoupon: bindCall<Calls['checkOverSendCoupon']>(client, 'activity/checkOverSendCoupon'),
    getPointExchangeStoreProducts: bindCall<Calls['getPointExchangeStoreProducts']>(client, 'activity/getPointExchangeStoreProducts'),
    pointStoreCouponDetail: bindCall<Calls['pointStoreCouponDetail']>(client, 'activity/pointStoreCouponDetail'),
    pointExchangeProduct: bindCall<Calls['pointExchangeProduct']>(client, 'activity/pointExchangeProduct'),
    getActivityByCode: bindCall<Calls['getActivityByCode']>(client, 'activity/getActivityByCode'),
  };
}

export type ActivityApi = ReturnType<typeof createActivityApi>;
