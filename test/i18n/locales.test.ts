import { en } from '../../locales/en';
import { es } from '../../locales/es';
import { fr } from '../../locales/fr';
import { COMPLETE_LANGUAGES, resources } from '../../locales';
import { zhTW } from '../../locales/zh-TW';
import { ErrorCode } from '../../src/domain/errors';
import { OrderStatus, OrderType, PayType } from '../../src/domain/enums';
import { SUPPORTED_LANGUAGES } from '../../src/domain/language';
import { leafKeys, parityProblems, placeholders, valueAt as valueAtKey } from './parity';

function valueAt(tree: object, path: string[]): unknown {
  return valueAtKey(tree, path.join('.'));
}

/** zh-CN's whole start-up tree (what its start-up code bundles and what its subpackage pages add). */
const zhCN = resources['zh-CN'].translation;

/** The start-up trees of the three languages translated from the source after en. */
const TRANSLATED = { 'zh-TW': zhTW, es, fr } as const;

// The 57 routes of C§2 and P§2.
const ROUTES = [
  'pages/index/index', 'pages/user/index-tab', 'pages/user/index-tab-1', 'pages/user/order/list',
  'pages/user/center', 'pages/index/error', 'pages/store/list', 'pages/store/index', 'pages/user/login',
  'pages/user/info', 'pages/user/coupon/list', 'pages/user/coupon/detail', 'pages/user/coupon/times-red-bag',
  'pages/user/address/list', 'pages/user/address/add', 'pages/user/address/update', 'pages/user/address/poi',
  'pages/user/order/detail', 'pages/user/order/weixin-order-list', 'pages/user/wechat-group',
  'pages/user/protocol', 'pages/user/contact-shop', 'pages/member/index', 'pages/member/edit',
  'pages/member/edit-paypassword', 'pages/member/forgot-paypassword', 'pages/member/doc',
  'pages/member/recharge', 'pages/member/store-list', 'pages/member/register', 'pages/member/limit-card',
  'pages/member/limit-card-history', 'pages/member/charge-success', 'pages/member/point-store/point-store',
  'pages/member/point-store/coupon-detail', 'pages/member/point-store/exchange-success',
  'pages/member/point-consume-list', 'pages/member/bind-qrcode', 'pages/order/confirm', 'pages/order/success',
  'pages/order/fail', 'pages/order/multi-confirm', 'pages/order/multi-success', 'pages/order/order',
  'pages/order/confirmed-order', 'pages/order/select-service-user', 'pages/order/stripe-pay',
  'pages/order/allin-pay', 'pages/order/allin-pay-callback', 'pages/order/search-activity-by-code',
  'pages/product/index', 'pages/product/detail', 'pages/product/search', 'pages/product/table',
  'pages/product/expand-red-bag', 'pages/index/web-view', 'pages/index/empty',
];

describe('locales', () => {
  it('zh-CN and en have exactly the same keys', () => {
    expect(leafKeys(en).sort()).toEqual(leafKeys(zhCN).sort());
  });

  it('every en message keeps the placeholders of its zh-CN source', () => {
    for (const key of leafKeys(zhCN)) {
      const path = key.split('.');
      expect({ key, 'placeholders(valueAt(en, path) as string)': placeholders(valueAt(en, path) as string) }).toEqual({ key, 'placeholders(valueAt(en, path) as string)': placeholders(valueAt(zhCN, path) as string) });
    }
  });

  it('every ErrorCode has an errors entry in zh-CN and en', () => {
    for (const code of Object.values(ErrorCode)) {
      expect({ code, 'typeof zhCN.errors[code]': typeof zhCN.errors[code] }).toEqual({ code, 'typeof zhCN.errors[code]': 'string' });
      expect({ code, 'typeof en.errors[code]': typeof en.errors[code] }).toEqual({ code, 'typeof en.errors[code]': 'string' });
    }
  });

  it('the locales carry no error message without a catalogue code', () => {
    const codes = new Set<string>(Object.values(ErrorCode));
    expect(Object.keys(zhCN.errors).filter((k) => !codes.has(k))).toEqual([]);
  });

  it('there are 57 routes and every one has a title in zh-CN and en', () => {
    expect(new Set(ROUTES).size).toBe(57);
    for (const route of ROUTES) {
      const key = route.replace(/^pages\//, '') as keyof typeof zhCN.routes;
      expect({ route, 'zhCN.routes[key]?.length > 0': zhCN.routes[key]?.length > 0, 'en.routes[key]?.length > 0': en.routes[key]?.length > 0 }).toEqual({ route, 'zhCN.routes[key]?.length > 0': true, 'en.routes[key]?.length > 0': true });
    }
  });

  it('all five languages are complete', () => {
    expect([...COMPLETE_LANGUAGES].sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  // C§1 as decided in docs/decisions.md, "Five complete languages": every locale carries every key of the source tree
  describe.each(Object.keys(TRANSLATED) as (keyof typeof TRANSLATED)[])('%s', (lang) => {
    it('has every key of zh-CN, non-empty, with the same placeholders, and no text left in English', () => {
      expect(parityProblems(lang, TRANSLATED[lang], zhCN, en)).toEqual([]);
    });

    it('gives the tab bar and a title for every route', () => {
      const tree = TRANSLATED[lang];
      expect(Object.keys(tree.tabBar ?? {}).sort()).toEqual(Object.keys(zhCN.tabBar).sort());
      expect(Object.keys(tree.routes ?? {}).sort()).toEqual(Object.keys(zhCN.routes).sort());
    });

    it('has a text for every error code', () => {
      for (const code of Object.values(ErrorCode)) {
        expect({ code, 'typeof (TRANSLATED[lang].errors as Record<string, unknown> | undefined)?.[code]': typeof (TRANSLATED[lang].errors as Record<string, unknown> | undefined)?.[code] }).toEqual({ code, 'typeof (TRANSLATED[lang].errors as Record<string, unknown> | undefined)?.[code]': 'string' });
      }
    });
  });

  it('en is complete by the same measure', () => {
    expect(parityProblems('en', en, zhCN, en)).toEqual([]);
  });

  it('every order status, order type and pay type has a display text', () => {
    for (const status of Object.values(OrderStatus)) expect(typeof en.orderStatus[status]).toBe('string');
    for (const type of Object.values(OrderType)) expect(typeof en.orderType[type]).toBe('string');
    for (const type of Object.values(PayType)) expect(typeof en.payType[type]).toBe('string');
  });

  it('the spec English wording is kept for the HTTP messages', () => {
    expect(en.errors.serverError).toBe('Server Error, retry please');
    expect(en.errors.networkError).toBe('Network Error');
    expect(en.errors.connectionTimedOut).toBe('The connection timed out, click the screen to try again.');
  });

  it('the ordering tab is labelled 点单 and Order', () => {
    expect(zhCN.tabBar.ordering).toBe('点单');
    expect(en.tabBar.ordering).toBe('Order');
  });

  it('the Chinese currency symbol is the yuan sign', () => {
    expect(zhCN.common.currencySymbol).toBe('¥');
  });

  it('the resources map offers every shipped language', () => {
    expect(Object.keys(resources).sort()).toEqual(['en', 'es', 'fr', 'zh-CN', 'zh-TW']);
  });
});
