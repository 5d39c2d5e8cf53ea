import { browserLaunchQuery, miniProgramLaunchQuery, parseQueryString } from '../../src/platform/launch-query';

describe('launch query', () => {
  it('reads the parameters of a hash route', () => {
    expect(browserLaunchQuery('https://shop.example/#/pages/index/index?id=12&table=A3')).toEqual({ id: '12', table: 'A3' });
  });

  it('lets the hash route query win over the page search', () => {
    expect(browserLaunchQuery('https://shop.example/?id=1&brand=b#/pages/index/index?id=2')).toEqual({ id: '2', brand: 'b' });
  });

  it('does not read a page’s own record id as the shop (a reload keeps the shop)', () => {
    // the red bag's id and the order's id are not shop ids; the rest still counts
    expect(browserLaunchQuery('https://shop.example/#/pages/product/expand-red-bag?id=7008&from=3')).toEqual({ from: '3' });
    expect(browserLaunchQuery('https://shop.example/?id=1#/pages/user/order/detail?id=9')).toEqual({ id: '1' });
    // a coupon link names the shop with id and the coupon's activity apart
    expect(browserLaunchQuery('https://shop.example/#/pages/user/coupon/list?id=12&activityId=7')).toEqual({ id: '12', activityId: '7' });
  });

  it('decodes encoded values', () => {
    expect(parseQueryString('?payCallback=%2Fpages%2Forder%2Fsuccess&name=a+b')).toEqual({
      payCallback: '/pages/order/success',
      name: 'a b',
    });
  });

  it('merges the parameters of a scanned mini program QR URL (q)', () => {
    const q = encodeURIComponent('https://shop.example/scan?shop_id=9&table_no=T5&source_type=6');
    expect(miniProgramLaunchQuery({ q, brand: 'x' })).toEqual({ shop_id: '9', table_no: 'T5', source_type: '6', q, brand: 'x' });
  });
});

describe('the table code of a scan-order launch (TABLE-7)', () => {
  const code = 'b127850bdcc6ff1b793d06da66d437bd';
  test('arrives in the launch query itself, in the QR link of `q`, or in a mini program code’s `scene`', () => {
    expect(miniProgramLaunchQuery({ source_type: '6', shop_id: '1001', table_no: 'A1', tableCode: code }).tableCode).toBe(code);
    const q = encodeURIComponent(`https://shop.example.com/#/pages/index/index?source_type=6&shop_id=1001&table_no=A1&tableCode=${code}`);
    expect(miniProgramLaunchQuery({ q })).toMatchObject({ source_type: '6', shop_id: '1001', table_no: 'A1', tableCode: code });
    const scene = encodeURIComponent(`source_type=6&shop_id=1001&table_no=A1&tableCode=${code}`);
    expect(miniProgramLaunchQuery({ scene })).toMatchObject({ source_type: '6', shop_id: '1001', table_no: 'A1', tableCode: code });
    // a scene that is no query string is left alone
    expect(miniProgramLaunchQuery({ scene: 'plain' })).toEqual({ scene: 'plain' });
  });

  test('the H5 link carries it after the hash like the other start-up parameters', () => {
    expect(browserLaunchQuery(`https://shop.example.com/#/pages/index/index?source_type=6&shop_id=1001&table_no=A1&tableCode=${code}`)).toMatchObject({ tableCode: code });
  });
});
