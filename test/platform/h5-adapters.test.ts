import { ErrorCode } from '../../src/domain/errors';
import { location } from '../../src/platform/location.h5';
import { login } from '../../src/platform/login.h5';
import { payment } from '../../src/platform/payment.h5';
import { phone } from '../../src/platform/phone.h5';
import { scan } from '../../src/platform/scan.h5';
import { subscribe } from '../../src/platform/subscribe.h5';
import { firstTemplates } from '../../src/platform/subscribe-templates';
import { upload } from '../../src/platform/upload.h5';
import { uploadFile } from '../../src/platform/upload-browser';

const originalNavigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
const originalFetch = globalThis.fetch;

function setNavigator(value: unknown) {
  Object.defineProperty(globalThis, 'navigator', { value, configurable: true, writable: true });
}

afterEach(() => {
  if (originalNavigator) Object.defineProperty(globalThis, 'navigator', originalNavigator);
  globalThis.fetch = originalFetch;
});

describe('h5 adapters answer clearly where a browser has no such feature', () => {
  it('login says the browser has no host login', async () => {
    expect(login.supported).toBe(false);
    await expect(login.login()).resolves.toMatchObject({ ok: false, code: ErrorCode.platformUnsupported });
  });

  it('wallet payment is unsupported in a browser', async () => {
    expect(payment.supported).toBe(false);
    await expect(payment.requestPayment({ tradeNO: 'T1' })).resolves.toMatchObject({
      ok: false,
      code: ErrorCode.platformUnsupported,
    });
  });

  it('subscribe messages are unsupported in a browser', async () => {
    expect(subscribe.supported).toBe(false);
    await expect(subscribe.requestSubscribe(['a'])).resolves.toMatchObject({ ok: false, code: ErrorCode.platformUnsupported });
  });

  it('phone authorisation is unsupported and offers no button', async () => {
    expect(phone.supported).toEqual(false);
    expect(phone.buttonOpenType).toEqual(null);
    await expect(phone.fromButtonEvent({})).resolves.toMatchObject({ ok: false, code: ErrorCode.platformUnsupported });
  });

  it('scanning without camera access is unsupported', async () => {
    await expect(scan.scanCode()).resolves.toMatchObject({ ok: false, code: ErrorCode.platformUnsupported });
  });

  it('image upload without a document is unsupported', async () => {
    await expect(upload.chooseAndUpload({ url: '/upload', name: 'file' })).resolves.toMatchObject({
      ok: false,
      code: ErrorCode.platformUnsupported,
    });
  });
});

describe('subscribe templates', () => {
  it('asks for the first 3 templates only (C§9)', () => {
    expect(firstTemplates(['t1', 't2', 't3', 't4'])).toEqual(['t1', 't2', 't3']);
  });

  it('drops blank template ids before counting', () => {
    expect(firstTemplates(['', 't1', ' ', 't2'])).toEqual(['t1', 't2']);
  });
});

describe('h5 geolocation', () => {
  it('is unsupported when the browser has no geolocation', async () => {
    setNavigator({});
    await expect(location.getLocation()).resolves.toMatchObject({ ok: false, code: ErrorCode.platformUnsupported });
  });

  it('gives the browser position in wgs84', async () => {
    setNavigator({
      geolocation: {
        getCurrentPosition: (ok: (p: { coords: { latitude: number; longitude: number } }) => void) =>
          ok({ coords: { latitude: 31.23, longitude: 121.47 } }),
      },
    });
    await expect(location.getLocation()).resolves.toEqual({
      ok: true,
      value: { latitude: 31.23, longitude: 121.47, coordType: 'wgs84' },
    });
  });

  it('answers locationUnavailable when the user refuses', async () => {
    setNavigator({
      geolocation: {
        getCurrentPosition: (_ok: unknown, err: (e: { message: string }) => void) => err({ message: 'User denied Geolocation' }),
      },
    });
    await expect(location.getLocation()).resolves.toMatchObject({ ok: false, code: ErrorCode.locationUnavailable });
  });
});

describe('h5 file upload', () => {
  it('posts the file as multipart form data with the headers and fields', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ result: true, info: { url: '/img/a.png' } }), { status: 200 });
    }) as typeof fetch;
    const answer = await uploadFile(new Blob(['png'], { type: 'image/png' }), {
      url: '/upload',
      name: 'file',
      headers: { token: 't' },
      formData: { kind: 'avatar' },
    });
    expect(answer).toEqual({ ok: true, value: { response: { result: true, info: { url: '/img/a.png' } } } });
    const form = calls[0].init.body as FormData;
    expect(calls[0].init.method).toEqual('POST');
    expect(form.get('kind')).toEqual('avatar');
    expect(form.get('file') instanceof Blob).toEqual(true);
    expect(calls[0].init.headers).toEqual({ token: 't' });
  });

  it('answers avatarUploadFailed on an HTTP error', async () => {
    globalThis.fetch = (async () => new Response('no', { status: 500 })) as unknown as typeof fetch;
    await expect(uploadFile(new Blob(['x']), { url: '/upload', name: 'file' })).resolves.toMatchObject({
      ok: false,
      code: ErrorCode.avatarUploadFailed,
    });
  });

  it('answers avatarUploadFailed when the network fails', async () => {
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(uploadFile(new Blob(['x']), { url: '/upload', name: 'file' })).resolves.toMatchObject({
      ok: false,
      code: ErrorCode.avatarUploadFailed,
    });
  });
});
