import { ErrorCode } from '../../src/domain/errors';
import { fail, ok } from '../support/fakes';
import { buildStores, memberInfo, product, readyToOrder } from '../support/store-factories';

const noodles = product({ id: 1, name: 'Beef noodles', price: 20, memberPrice: 17 });

const vipInfo = (setting: Record<string, unknown>, info = memberInfo()) =>
  ok({ version: 3, unchanged: false, vipInfo: info, memberSetting: setting, levels: [{ id: 1, level: 1, name: 'Silver' }] });

describe('CheckoutStore with members and promotions', () => {
  it('prices member prices for a member when the shop gives the discount through them', async () => {
    const f = buildStores();
    f.session.setOrderType('dine');
    await readyToOrder(f, [noodles]);
    f.transport.on('store/vipInfo', vipInfo({ discountMode: 1 }));
    await f.member.load();
    f.cart.add(1, { quantity: 2 });
    // 2 × member price 17 = 34 instead of 2 × 20 = 40
    expect(f.checkout.breakdown?.amountToPay).toBe(34);
  });

  it('prices the member discount percent', async () => {
    const f = buildStores();
    f.session.setOrderType('dine');
    await readyToOrder(f, [noodles]);
    f.transport.on('store/vipInfo', vipInfo({}, memberInfo({ discount: 90 })));
    await f.member.load();
    f.cart.add(1, { quantity: 2 });
    // 40 × 90 % = 36
    expect(f.checkout.breakdown?.amountToPay).toBe(36);
  });

  it('keeps the member setting when store/vipInfo answers unchanged', async () => {
    const f = buildStores();
    f.transport.on('store/vipInfo', vipInfo({ discountMode: 1 }), ok({ version: 3, unchanged: true, vipInfo: memberInfo({ points: 9 }) }));
    await f.member.load();
    await f.member.load();
    const lastVipInfo = f.transport.requests.filter((r) => r.url.endsWith('/store/vipInfo')).pop();
    expect(lastVipInfo?.data).toEqual({ version: 3 });
    expect(f.member.memberSetting).toEqual({ discountMode: 1 });
    expect(f.member.vipInfo?.points).toEqual(9);
  });

  it('applies the activity of an entered promotion code and sends the code', async () => {
    const f = buildStores();
    f.session.setOrderType('dine');
    await readyToOrder(f, [noodles]);
    const activity = { id: 90, name: 'code deal', type: 19, status: 1, validType: 1, code: 'HELLO', productList: [{ id: 1, discountPrice: 15 }] };
    f.transport.on('activity/getActivityByCode', ok({ activity }));
    expect(await f.promotion.applyPromotionCode(' HELLO ')).toBeNull();
    f.cart.add(1);
    f.checkout.setOrderInfo({ table: 'A1', people: 1 });
    // special price 15 instead of 20
    expect(f.checkout.breakdown?.amountToPay).toEqual(15);
    expect(f.orderConfirm.submission?.promotionCode).toEqual('HELLO');
  });

  it('says the coupon activity does not exist for an unknown code', async () => {
    const f = buildStores();
    f.transport.on('activity/getActivityByCode', ok({ activity: null }));
    expect(await f.promotion.applyPromotionCode('NOPE')).toEqual({ code: ErrorCode.couponActivityNotExist });
  });

  it('keeps the activities when a visitor has no coupons to list', async () => {
    const f = buildStores();
    f.transport.on('activity/list', ok({ list: [{ id: 1, name: 'a', type: 1, gears: [{ full: 10, less: 1 }] }] }));
    f.transport.on('activity/couponList', fail('Please register first', ErrorCode.pleaseRegisterFirst));
    await f.promotion.load();
    expect(f.promotion.activities.length).toEqual(1);
    expect(f.promotion.coupons).toEqual([]);
  });

  it('does not tell a visitor opening the shop to register', async () => {
    const f = buildStores();
    f.transport.on('activity/list', ok({ list: [] }));
    f.transport.on('activity/couponList', fail('Please register first', ErrorCode.pleaseRegisterFirst));
    await f.promotion.load();
    expect(f.platform.ui.toasts).toEqual([]);
  });

  it('forgets the activities, coupons and entered code on reset', async () => {
    const f = buildStores();
    f.transport.on('activity/list', ok({ list: [{ id: 1, name: 'a', type: 1, gears: [{ full: 10, less: 1 }] }] }));
    f.transport.on('activity/couponList', ok({ list: [{ id: 71, activityID: 9, name: '3 off', type: 4, status: 1, reductionAmount: 3 }] }));
    f.transport.on('activity/getActivityByCode', ok({ activity: { id: 5, name: 'code', type: 1, gears: [{ full: 10, less: 1 }] } }));
    await f.promotion.load();
    await f.promotion.applyPromotionCode('HELLO');
    f.promotion.reset();
    expect(f.promotion.activities).toEqual([]);
    expect(f.promotion.coupons).toEqual([]);
    expect(f.promotion.promotionCode).toEqual(null);
    expect(f.promotion.loaded).toEqual(false);
  });

  it('sends the coupon the breakdown applied, not a figure', async () => {
    const f = buildStores();
    f.session.setOrderType('dine');
    await readyToOrder(f, [noodles]);
    f.transport.on('activity/list', ok({ list: [] }));
    f.transport.on('activity/couponList', ok({ list: [{ id: 71, activityID: 9, name: '3 off', type: 4, status: 1, reductionAmount: 3 }] }));
    await f.promotion.load();
    f.cart.add(1);
    f.checkout.setOrderInfo({ table: 'A1', people: 1 });
    // 20 − 3 = 17
    expect(f.orderConfirm.submission?.couponId).toEqual(71);
    expect(f.orderConfirm.submission?.expectedTotal).toEqual(17);
  });
});
