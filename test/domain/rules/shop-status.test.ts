import { Industry, OrderType } from '@/domain/enums';
import { ErrorCode } from '@/domain/errors';
import { checkCanOrder, checkShopClosed, isShopClosed, shopRealStatus, shopStatusDialog } from '@/domain/shop-status';

const at = (local: string): number => Date.parse(`${local}+08:00`);

describe('shop real status', () => {
  it('equals shopStatus for takeaway outside the overseas environment', () => {
    expect(shopRealStatus({ shopStatus: 0 }, OrderType.takeaway, false)).toBe(0);
  });

  it('equals shopStatus for self pickup outside the overseas environment', () => {
    expect(shopRealStatus({ shopStatus: -1 }, OrderType.selfPickup, false)).toBe(-1);
  });

  it('equals shopStatus when the order type is not known yet', () => {
    expect(shopRealStatus({ shopStatus: 0 }, null, false)).toBe(0);
    expect(shopRealStatus({ shopStatus: 0 }, undefined, false)).toBe(0);
  });

  it('is normal for dine, open table and appointment whatever shopStatus says', () => {
    expect(shopRealStatus({ shopStatus: 0 }, OrderType.dine, false)).toBe(1);
    expect(shopRealStatus({ shopStatus: -1 }, OrderType.openTable, false)).toBe(1);
    expect(shopRealStatus({ shopStatus: 0 }, OrderType.appointment, false)).toBe(1);
  });

  it('is normal in the overseas environment', () => {
    expect(shopRealStatus({ shopStatus: 0 }, OrderType.takeaway, true)).toBe(1);
  });

  it('is normal when the shop sends no status', () => {
    expect(shopRealStatus({}, OrderType.takeaway, false)).toBe(1);
  });
});

describe('shop status dialog', () => {
  it('shows nothing for a normal shop', () => {
    expect(shopStatusDialog(1, Industry.retail)).toBeNull();
  });

  it('shows the expired notice with one button for status 0', () => {
    expect(shopStatusDialog(0, Industry.retail)).toEqual({ status: 0, code: ErrorCode.storeExpiredNotice, confirm: 'dismiss', cancel: null });
  });

  it('shows the stopped notice for status -1', () => {
    expect(shopStatusDialog(-1, Industry.retail)?.code).toBe(ErrorCode.storeStoppedNotice);
  });

  it('lets a fast-food customer switch to dine-in on confirm and call the shop on cancel', () => {
    expect(shopStatusDialog(0, Industry.fastfood)).toEqual({
      status: 0,
      code: ErrorCode.storeExpiredNotice,
      confirm: 'switchToDine',
      cancel: 'callShop',
    });
  });
});

describe('shop closed rules', () => {
  it('closes dine-in when the scan switch is off', () => {
    expect(checkShopClosed({ openScanSwitch: false }, OrderType.dine)).toEqual({ code: ErrorCode.scanOrderClosed });
  });

  it('closes open table when the scan switch is off', () => {
    expect(isShopClosed({ openScanSwitch: false }, OrderType.openTable)).toBe(true);
  });

  it('keeps dine-in open when the scan switch is on', () => {
    expect(checkShopClosed({ openScanSwitch: true, openShop: false }, OrderType.dine)).toBeNull();
  });

  it('closes takeaway when the shop is not open and has no self collection', () => {
    expect(checkShopClosed({ openShop: false, selfCollection: false }, OrderType.takeaway)).toEqual({ code: ErrorCode.storeClosed });
  });

  it('keeps takeaway open when the shop is not open but offers self collection', () => {
    expect(checkShopClosed({ openShop: false, selfCollection: true }, OrderType.takeaway)).toBeNull();
  });

  it('keeps takeaway open when the shop is open', () => {
    expect(checkShopClosed({ openShop: true, selfCollection: false }, OrderType.takeaway)).toBeNull();
  });

  it('leaves appointments to the hours alone', () => {
    expect(checkShopClosed({ openShop: false, openScanSwitch: false }, OrderType.appointment)).toBeNull();
  });
});

describe('can order', () => {
  const shop = { shopStatus: 1, openShop: true, openScanSwitch: true, businessTimeRange: [{ start: '09:00', end: '21:00' }] };

  it('passes an open shop inside its hours', () => {
    expect(checkCanOrder(shop, OrderType.takeaway, at('2026-11-23T12:00:00'), false)).toBeNull();
  });

  it('reports an expired shop before anything else', () => {
    expect(checkCanOrder({ ...shop, shopStatus: 0, openShop: false }, OrderType.takeaway, at('2026-11-23T23:00:00'), false)).toEqual({
      code: ErrorCode.storeExpiredOrStopped,
      params: { status: 0 },
    });
  });

  it('reports a switched-off shop before its hours', () => {
    expect(checkCanOrder({ ...shop, openShop: false }, OrderType.takeaway, at('2026-11-23T23:00:00'), false)).toEqual({
      code: ErrorCode.storeClosed,
    });
  });

  it('blocks ordering outside the hours with the hours message', () => {
    expect(checkCanOrder(shop, OrderType.takeaway, at('2026-11-23T23:00:00'), false)).toEqual({
      code: ErrorCode.storeClosed,
      params: { hours: '09:00-21:00', nextOpening: '09:00' },
    });
  });
});
