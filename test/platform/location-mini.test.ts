/**
 * USER-3 on the mini programs: the hosts' own place choosers and the map centre, through the
 * location adapters (gcj02 positions; backing out is `cancelled`, not an error to show).
 */
import Taro from '@tarojs/taro';
import { ErrorCode } from '../../src/domain/errors';
import { location as alipayLocation } from '../../src/platform/location.alipay';
import { location as h5Location } from '../../src/platform/location.h5';
import { location as weappLocation } from '../../src/platform/location.weapp';

jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: { getLocation: jest.fn(), chooseLocation: jest.fn(), createMapContext: jest.fn() },
}));

const taro = Taro as unknown as Record<string, jest.Mock>;
const near = { latitude: 31.2336, longitude: 121.4741, coordType: 'gcj02' as const };

afterEach(() => {
  jest.resetAllMocks();
  delete (globalThis as unknown as { my?: unknown }).my;
});

describe('weapp place chooser', () => {
  test('opens at the pin and answers the place with its name, address and position', async () => {
    taro.chooseLocation.mockResolvedValue({ name: '恒基名人购物中心', address: '南京东路 300 号', latitude: 31.2365, longitude: 121.4802, errMsg: 'chooseLocation:ok' });
    await expect(weappLocation.choosePlace!(near)).resolves.toEqual({
      ok: true,
      value: { name: '恒基名人购物中心', address: '南京东路 300 号', latitude: 31.2365, longitude: 121.4802, coordType: 'gcj02' },
    });
    expect(taro.chooseLocation).toHaveBeenCalledWith({ latitude: 31.2336, longitude: 121.4741 });
  });

  test('backing out is a cancel', async () => {
    taro.chooseLocation.mockRejectedValue({ errMsg: 'chooseLocation:fail cancel' });
    await expect(weappLocation.choosePlace!(null)).resolves.toMatchObject({ ok: false, cancelled: true });
  });

  test('reads the map centre from the map context', async () => {
    taro.createMapContext.mockReturnValue({
      getCenterLocation: (o: { success: (r: { latitude: number; longitude: number }) => void }) => o.success({ latitude: 31.24, longitude: 121.49 }),
    });
    await expect(weappLocation.mapCentre!('poi-map')).resolves.toEqual({ ok: true, value: { latitude: 31.24, longitude: 121.49, coordType: 'gcj02' } });
    expect(taro.createMapContext).toHaveBeenCalledWith('poi-map');
  });

  test('moves the map through its context', async () => {
    const moveToLocation = jest.fn((o: { success: () => void }) => o.success());
    taro.createMapContext.mockReturnValue({ moveToLocation });
    await expect(weappLocation.moveMap!('poi-map', { latitude: 31.24, longitude: 121.49 })).resolves.toEqual({ ok: true, value: undefined });
    expect(moveToLocation).toHaveBeenCalledWith(expect.objectContaining({ latitude: 31.24, longitude: 121.49 }));
  });

  test('draws map tiles', () => {
    expect(weappLocation.mapTiles).toBe(true);
  });
});

describe('alipay place chooser', () => {
  test('answers the place of my.chooseLocation, positions given as strings made numbers', async () => {
    (globalThis as unknown as { my: unknown }).my = {
      chooseLocation: (o: { success: (r: Record<string, unknown>) => void }) =>
        o.success({ name: '人民广场', address: '人民大道 120 号', latitude: '31.2304', longitude: '121.4737' }),
    };
    await expect(alipayLocation.choosePlace!(near)).resolves.toEqual({
      ok: true,
      value: { name: '人民广场', address: '人民大道 120 号', latitude: 31.2304, longitude: 121.4737, coordType: 'gcj02' },
    });
  });

  test('error 11 (closed by the customer) is a cancel', async () => {
    (globalThis as unknown as { my: unknown }).my = {
      chooseLocation: (o: { fail: (e: { error: number; errorMessage: string }) => void }) => o.fail({ error: 11, errorMessage: '用户取消操作' }),
    };
    await expect(alipayLocation.choosePlace!(null)).resolves.toMatchObject({ ok: false, code: ErrorCode.locationUnavailable, cancelled: true });
  });

  test('an old client without the chooser answers platformUnsupported', async () => {
    (globalThis as unknown as { my: unknown }).my = {};
    await expect(alipayLocation.choosePlace!(null)).resolves.toMatchObject({ ok: false, code: ErrorCode.platformUnsupported });
  });
});

describe('browser location', () => {
  test('has no map tiles and no host chooser', () => {
    expect(h5Location.mapTiles).toBeFalsy();
    expect(h5Location.choosePlace).toBeUndefined();
  });
});
