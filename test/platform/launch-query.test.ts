import { browserLaunchQuery, miniProgramLaunchQuery, parseQueryString } from '../../src/platform/launch-query';

describe('launch query', () => {
  it('reads the parameters of a hash route', () => {
    expect(browserLaunchQuery('https://shop.example/#/pages/index/index?id=12&table=A3')).toEqual({ id: '12', table: 'A3' });
  });

  it('lets the hash route query win over the page search', () => {
    expect(browserLaunchQuery('https://shop.example/?id=1&brand=b#/pages/index/index?id=2')).toEqual({ id: '2', brand: 'b' });
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
