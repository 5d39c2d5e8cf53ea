/** C§7 store: shops, menu, stock, member card settings and the user profile. */
import type { storeCalls } from './contract/store';
import { bindCall } from './request';
import type { RequestClient } from './request';

type Calls = typeof storeCalls;

/** The store calls bound to a client. */
export function createStoreApi(client: RequestClient) {
  return {
    list: bindCall<Calls['list']>(client, 'store/list'),
    publicList: bindCall<Calls['publicList']>(client, 'store/publicList'),
    detail: bindCall<Calls['detail']>(client, 'store/detail'),
    paySetting: bindCall<Calls['paySetting']>(client, 'store/paySetting'),
    vipChargePaySetting: bindCall<Calls['vipChargePaySetting']>(client, 'store/vipChargePaySetting'),
    levels: bindCall<Calls['levels']>(client, 'store/levels'),
    memberSetting: bindCall<Calls['memberSetting']>(client, 'store/memberSetting'),
    vipInfo: bindCall<Calls['vipInfo']>(client, 'store/vipInfo'),
    products: bindCall<Calls['products']>(client, 'store/products'),
    productTypes: bindCall<Calls['productTypes']>(client, 'store/productTypes'),
    publicProductTypes: bindCall<Calls['publicProductTypes']>(client, 'store/publicProductTypes'),
    productsChunk: bindCall<Calls['productsChunk']>(client, 'store/productsChunk'),
    productDetail: bindCall<Calls['productDetail']>(client, 'store/productDetail'),
    comboCheck: bindCall<Calls['comboCheck']>(client, 'store/comboCheck'),
    productTastes: bindCall<Calls['productTastes']>(client, 'store/productTastes'),
    productTaxes: bindCall<Calls['productTaxes']>(client, 'store/productTaxes'),
    checkStock: bindCall<Calls['checkStock']>(client, 'store/checkStock'),
    stockQuery: bindCall<Calls['stockQuery']>(client, 'store/stockQuery'),
    productSearch: bindCall<Calls['productSearch']>(client, 'store/productSearch'),
    specProductList: bindCall<Calls['specProductList']>(client, 'store/specProductList'),
    couponProducts: bindCall<Calls['couponProducts']>(client, 'store/couponProducts'),
    limitCardList: bindCall<Calls['limitCardList']>(client, 'store/limitCardList'),
    limitCardUseList: bindCall<Calls['limitCardUseList']>(client, 'store/limitCardUseList'),
    userInfo: bindCall<Calls['userInfo']>(client, 'store/userInfo'),
    setUserInfo: bindCall<Calls['setUserInfo']>(client, 'store/setUserInfo'),
  };
}

export type StoreApi = ReturnType<typeof createStoreApi>;
