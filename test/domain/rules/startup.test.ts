import { OrderType } from '@/domain/enums';
import { isKioskClient, parseStartupParams, SESSION_FLAGS_CLEARED_AT_LAUNCH } from '@/domain/startup';

const env = { userAgent: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0', deviceId: 'device-abc' };

describe('start-up parameters', () => {
  it('reads the shop id, brand and pay parameters of an ordinary launch', () => {
    const state = parseStartupParams({ id: '12', brand: 'b1', payOpenid: 'po', payCallback: '/pages/order/success' }, env);
    expect(state).toMatchObject({ shopId: '12', brand: 'b1', payOpenid: 'po', payCallback: '/pages/order/success' });
  });

  it('reads the direct product entry of a link: the product to open and the one to add (C§2)', () => {
    expect(parseStartupParams({ id: '12', shareProductId: '900951', autoAddProductId: '7' }, env)).toMatchObject({ shareProductId: '900951', autoAddProductId: '7' });
    expect(parseStartupParams({ id: '12' }, env)).toMatchObject({ shareProductId: null, autoAddProductId: null });
  });

  it('leaves the order type open on an ordinary launch', () => {
    expect(parseStartupParams({ id: '12' }, env).orderType).toBeNull();
  });

  it('turns source_type 6 into an open-table launch with the shop from shop_id and the table from table_no', () => {
    const state = parseStartupParams({ source_type: '6', shop_id: '88', table_no: 'A12', id: '12' }, env);
    expect(state).toMatchObject({ sourceType: 6, isScanOrder: true, orderType: OrderType.openTable, shopId: '88', newTableNo: 'A12' });
  });

  it('keeps another source type an ordinary launch', () => {
    const state = parseStartupParams({ source_type: '2', shop_id: '88', id: '12' }, env);
    expect(state).toMatchObject({ sourceType: 2, isScanOrder: false, orderType: null, shopId: '12', newTableNo: null });
  });

  it('makes isDine a dine-in launch with the table of the table parameter', () => {
    const state = parseStartupParams({ id: '12', isDine: '1', table: '5' }, env);
    expect(state).toMatchObject({ isDine: true, orderType: OrderType.dine, tableNo: '5' });
  });

  it('reads isAutoNumber as a flag', () => {
    expect(parseStartupParams({ isAutoNumber: 'true' }, env).isAutoNumber).toBe(true);
    expect(parseStartupParams({ isAutoNumber: '0' }, env).isAutoNumber).toBe(false);
  });

  it('uses the launch open id when there is one', () => {
    expect(parseStartupParams({ openid: 'o-1' }, env)).toMatchObject({ openid: 'o-1', openidFromDevice: false });
  });

  it('falls back to the device id when the launch carries no open id', () => {
    expect(parseStartupParams({ openid: '' }, env)).toMatchObject({ openid: 'device-abc', openidFromDevice: true });
  });

  it('treats the literal text undefined as a missing value', () => {
    expect(parseStartupParams({ id: 'undefined' }, env).shopId).toBeNull();
  });

  it('detects a kiosk from the browser parameter', () => {
    expect(parseStartupParams({ browser: 'ShopKiosk/2.1' }, env).isKioskClient).toBe(true);
  });

  it('detects a kiosk from the user-agent string', () => {
    expect(parseStartupParams({}, { ...env, userAgent: 'Mozilla/5.0 KIOSK-Terminal' }).isKioskClient).toBe(true);
  });

  it('does not take an ordinary phone for a kiosk', () => {
    expect(parseStartupParams({ browser: 'safari' }, env).isKioskClient).toBe(false);
    expect(isKioskClient(null, undefined, 'Chrome')).toBe(false);
  });

  it('clears the limit, takeaway search, first-charge and first-register flags at launch', () => {
    expect([...SESSION_FLAGS_CLEARED_AT_LAUNCH]).toEqual(['limitShowed', 'takeawaySearchValue', 'firstChargeShowed', 'firstRegisterShowed']);
  });
});

describe('the table code (TABLE-7)', () => {
  const env = { userAgent: 'test', deviceId: 'device-1' };
  test('is read as given from `tableCode`; missing, it is null (the server refuses the table then)', () => {
    expect(parseStartupParams({ source_type: '6', shop_id: '1001', table_no: 'A1', tableCode: ' Abc 1 ' }, env).tableCode).toBe(' Abc 1 ');
    expect(parseStartupParams({ source_type: '6', shop_id: '1001', table_no: 'A1' }, env).tableCode).toBeNull();
    expect(parseStartupParams({ tableCode: 'undefined' }, env).tableCode).toBeNull();
  });
});
