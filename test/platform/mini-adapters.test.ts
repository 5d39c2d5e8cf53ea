import Taro from '@tarojs/taro';
import { ErrorCode } from '../../src/domain/errors';
import { taroTransport } from '../../src/platform/http';
import { taroLocation } from '../../src/platform/location-taro';
import { payment as alipayPayment } from '../../src/platform/payment.alipay';
import { payment as weappPayment } from '../../src/platform/payment.weapp';
import { phone as weappPhone } from '../../src/platform/phone.weapp';
import { storage } from '../../src/platform/storage';
import { subscribe as weappSubscribe } from '../../src/platform/subscribe.weapp';

jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: {
    requestPayment: jest.fn(),
    requestSubscribeMessage: jest.fn(),
    getLocation: jest.fn(),
    getStorageSync: jest.fn(),
    setStorageSync: jest.fn(),
    removeStorageSync: jest.fn(),
    request: jest.fn(),
  },
}));

const taro = Taro as unknown as Record<string, jest.Mock>;
const walletParams = { timeStamp: '1', nonceStr: 'n', package: 'prepay_id=1', signType: 'RSA', paySign: 's' };

function setAlipayResult(resultCode: string) {
  (globalThis as unknown as { my: unknown }).my = {
    tradePay: (o: { success: (r: { resultCode: string }) => void }) => o.success({ resultCode }),
  };
}

afterEach(() => {
  jest.resetAllMocks();
  delete (globalThis as unknown as { my?: unknown }).my;
});

describe('weapp wallet payment', () => {
  it('resolves ok when the wallet pays', async () => {
    taro.requestPayment.mockResolvedValue({ errMsg: 'requestPayment:ok' });
    await expect(weappPayment.requestPayment(walletParams)).resolves.toEqual({ ok: true, value: undefined });
  });

  it('answers payCancelled when the customer cancels', async () => {
    taro.requestPayment.mockRejectedValue({ errMsg: 'requestPayment:fail cancel' });
    await expect(weappPayment.requestPayment(walletParams)).resolves.toMatchObject({
      ok: false,
      code: ErrorCode.payCancelled,
      cancelled: true,
    });
  });

  it('refuses incomplete wallet parameters without calling the wallet', async () => {
    await expect(weappPayment.requestPayment({ tradeNO: 'x' })).resolves.toMatchObject({ ok: false, code: ErrorCode.paymentWrong });
    expect(taro.requestPayment).not.toHaveBeenCalled();
  });
});

describe('alipay wallet payment', () => {
  it('resolves ok on result code 9000', async () => {
    setAlipayResult('9000');
    await expect(alipayPayment.requestPayment({ tradeNO: 'T1' })).resolves.toEqual({ ok: true, value: undefined });
  });

  it('answers payCancelled on result code 6001', async () => {
    setAlipayResult('6001');
    await expect(alipayPayment.requestPayment({ tradeNO: 'T1' })).resolves.toMatchObject({ code: ErrorCode.payCancelled });
  });

  it('asks to check whether paid on result code 8000 (still processing)', async () => {
    setAlipayResult('8000');
    await expect(alipayPayment.requestPayment({ tradeNO: 'T1' })).resolves.toMatchObject({ code: ErrorCode.checkWhetherPaid });
  });
});

describe('weapp subscribe messages', () => {
  it('asks for the first 3 templates and reports the accepted ones', async () => {
    taro.requestSubscribeMessage.mockResolvedValue({ t1: 'accept', t2: 'reject', t3: 'accept' });
    await expect(weappSubscribe.requestSubscribe(['t1', 't2', 't3', 't4'])).resolves.toEqual({
      ok: true,
      value: { accepted: ['t1', 't3'] },
    });
    expect(taro.requestSubscribeMessage).toHaveBeenCalledWith({ tmplIds: ['t1', 't2', 't3'] });
  });
});

describe('weapp phone authorisation', () => {
  it('reads the code of the getPhoneNumber button event', async () => {
    await expect(weappPhone.fromButtonEvent({ code: 'c-1' })).resolves.toEqual({ ok: true, value: { code: 'c-1' } });
  });

  it('answers cancelled when the customer denies', async () => {
    await expect(weappPhone.fromButtonEvent({ errMsg: 'getPhoneNumber:fail user deny' })).resolves.toMatchObject({
      ok: false,
      cancelled: true,
    });
  });
});

describe('mini program location', () => {
  it('answers locationUnavailable when location is refused', async () => {
    taro.getLocation.mockRejectedValue({ errMsg: 'getLocation:fail auth deny' });
    await expect(taroLocation.getLocation()).resolves.toMatchObject({ ok: false, code: ErrorCode.locationUnavailable });
  });

  it('asks for gcj02 coordinates', async () => {
    taro.getLocation.mockResolvedValue({ latitude: 1, longitude: 2 });
    await expect(taroLocation.getLocation()).resolves.toEqual({
      ok: true,
      value: { latitude: 1, longitude: 2, coordType: 'gcj02' },
    });
    expect(taro.getLocation).toHaveBeenCalledWith({ type: 'gcj02' });
  });
});

describe('Taro storage', () => {
  it('reads the empty string of a missing key as undefined', () => {
    taro.getStorageSync.mockReturnValue('');
    expect(storage.get('nothing')).toBeUndefined();
  });
});

describe('Taro transport', () => {
  it('resolves with the status and body of an answer', async () => {
    taro.request.mockImplementation((o: { success: (r: unknown) => void }) => {
      o.success({ statusCode: 500, data: 'x' });
      return Promise.resolve();
    });
    await expect(
      taroTransport.send({ url: '/u', method: 'POST', headers: {}, data: {}, timeoutMs: 60000 }),
    ).resolves.toEqual({ statusCode: 500, data: 'x' });
  });

  it('rejects with the framework errno when no answer arrives', async () => {
    taro.request.mockImplementation((o: { fail: (e: unknown) => void }) => {
      o.fail({ errno: 5, errMsg: 'request:fail timeout' });
      return Promise.reject(new Error('fail'));
    });
    await expect(
      taroTransport.send({ url: '/u', method: 'POST', headers: {}, data: {}, timeoutMs: 60000 }),
    ).rejects.toEqual({ errno: 5, errMsg: 'request:fail timeout' });
  });
});
