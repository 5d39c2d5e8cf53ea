import { Industry, OrderType } from '@/domain/enums';
import { EntryState, PAGE_NOT_FOUND_ROUTE, routeEntry } from '@/domain/entry-routing';

/** A state that matches every rule, so each test can switch off the ones above the rule it checks. */
const everything: EntryState = {
  expandActivityId: 5,
  expandCouponId: 9,
  expandViewed: false,
  isToVipCenter: true,
  hideVipBackButton: false,
  autoAddProductId: 77,
  shareProductId: 78,
  isDine: true,
  orderType: OrderType.openTable,
  industry: Industry.beauty,
  useAlternateHome: true,
};

describe('entry routing order', () => {
  it('1. opens a pending shared-coupon activity first', () => {
    expect(routeEntry(everything)).toEqual({ url: '/pages/product/expand-red-bag?id=5&from=9', method: 'redirect' });
  });

  it('1. skips a shared-coupon activity already viewed', () => {
    expect(routeEntry({ ...everything, expandViewed: true }).url).toBe('/pages/member/index');
  });

  it('2. opens the member center by navigation when its back button shows', () => {
    expect(routeEntry({ ...everything, expandActivityId: null })).toEqual({ url: '/pages/member/index', method: 'navigate' });
  });

  it('2. opens the member center by redirect when its back button is hidden', () => {
    expect(routeEntry({ ...everything, expandActivityId: null, hideVipBackButton: true })).toEqual({
      url: '/pages/member/index',
      method: 'redirect',
    });
  });

  const afterVip: EntryState = { ...everything, expandActivityId: null, isToVipCenter: false };

  it('3. opens the product page for an auto-add product', () => {
    expect(routeEntry({ ...afterVip, shareProductId: null, isDine: false })).toEqual({
      url: '/pages/product/index?autoAddProductId=77',
      method: 'redirect',
    });
  });

  it('3. opens the product page for a shared product', () => {
    expect(routeEntry({ ...afterVip, autoAddProductId: null, isDine: false }).url).toBe('/pages/product/index?productId=78');
  });

  it('3. opens the product page for a dine-in launch', () => {
    expect(routeEntry({ ...afterVip, autoAddProductId: null, shareProductId: null, isDine: true })).toEqual({
      url: '/pages/product/index',
      method: 'redirect',
    });
  });

  const afterProduct: EntryState = { ...afterVip, autoAddProductId: null, shareProductId: null, isDine: false };

  it('4. switches a beauty shop to the appointment tab', () => {
    expect(routeEntry(afterProduct)).toEqual({ url: '/pages/user/index-tab-1', method: 'switchTab' });
  });

  it('5. opens the table page for open table', () => {
    expect(routeEntry({ ...afterProduct, industry: Industry.fastfood })).toEqual({ url: '/pages/product/table', method: 'redirect' });
  });

  it('6. goes home by default', () => {
    expect(routeEntry({})).toEqual({ url: '/pages/user/index-tab', method: 'switchTab' });
  });

  it('6. goes to the alternate home when the shop sets it', () => {
    expect(routeEntry({ ...afterProduct, industry: Industry.retail, orderType: OrderType.takeaway })).toEqual({
      url: '/pages/user/index-tab-1',
      method: 'switchTab',
    });
  });
});

describe('page not found', () => {
  it('relaunches the entry page', () => {
    expect(PAGE_NOT_FOUND_ROUTE).toEqual({ url: '/pages/index/index', method: 'reLaunch' });
  });
});
