/** P§7 member calls: card, registration and binding, pay password, history, recharge. */
import type { vipCalls } from './contract/vip';
import { bindCall } from './request';
import type { RequestClient } from './request';

type Calls = typeof vipCalls;

/** The vip calls bound to a client. */
export function createVipApi(client: RequestClient) {
  return {
    genVipToken: bindCall<Calls['genVipToken']>(client, 'vip/genVipToken'),
    registerCoupons: bindCall<Calls['registerCoupons']>(client, 'vip/registerCoupons'),
    getInfo: bindCall<Calls['getInfo']>(client, 'vip/getInfo'),
    register: bindCall<Calls['register']>(client, 'vip/register'),
    // P§8: the caller shows the -1 "register in store" dialog or the plain toast itself
    bind: bindCall<Calls['bind']>(client, 'vip/bind', { silent: true }),
    getRegisterCoupons: bindCall<Calls['getRegisterCoupons']>(client, 'vip/getRegisterCoupons'),
    update: bindCall<Calls['update']>(client, 'vip/update'),
    doc: bindCall<Calls['doc']>(client, 'vip/doc'),
    payRules: bindCall<Calls['payRules']>(client, 'vip/payRules'),
    checkCode: bindCall<Calls['checkCode']>(client, 'vip/checkCode'),
    getVipShopList: bindCall<Calls['getVipShopList']>(client, 'vip/getVipShopList'),
    pointDoc: bindCall<Calls['pointDoc']>(client, 'vip/pointDoc'),
    giftAmountRules: bindCall<Calls['giftAmountRules']>(client, 'vip/giftAmountRules'),
    updatePayPassword: bindCall<Calls['updatePayPassword']>(client, 'vip/updatePayPassword'),
    getMemberNotifyInfo: bindCall<Calls['getMemberNotifyInfo']>(client, 'vip/getMemberNotifyInfo'),
    bindOfficialAccount: bindCall<Calls['bindOfficialAccount']>(client, 'vip/bindOfficialAccount'),
    activities: bindCall<Calls['activities']>(client, 'vip/activities'),
    recharge: bindCall<Calls['recharge']>(client, 'vip/recharge'),
    rechargeQuery: bindCall<Calls['rechargeQuery']>(client, 'vip/rechargeQuery'),
  };
}

export type VipApi = ReturnType<typeof createVipApi>;
