import { createApi } from '../../src/api';
import { RequestClient } from '../../src/api/request';
import { ErrorCode } from '../../src/domain/errors';
import type { LoginAdapter } from '../../src/platform/types';
import { RootStore } from '../../src/stores/root';
import { FakeTransport, MemoryStorage, fail, fakePlatform, ok } from '../support/fakes';

const TOKEN = 'a'.repeat(64);
const loginAnswer = (openid: string) =>
  ok({ token: TOKEN, expiresAt: 1_700_000_000_000 + 3_600_000, shopId: 12, user: { id: 1, openid } });

function build(login?: LoginAdapter) {
  const storage = new MemoryStorage();
  const transport = new FakeTransport();
  const platform = fakePlatform({ storage, ...(login ? { login } : {}) });
  const client = new RequestClient({
    transport,
    storage,
    toast: (m) => platform.ui.toast(m),
    reLaunch: (url) => platform.ui.reLaunch(url),
    message: (c) => c,
    context: () => ({ abroad: false, language: 'zh', userAgentType: null }),
    now: () => 1_700_000_000_000,
  });
  const root = new RootStore({ api: createApi(client), storage, platform, now: () => 1_700_000_000_000 });
  return { root, transport, platform };
}

const weappLogin: LoginAdapter = { supported: true, login: async () => ({ ok: true, value: { code: 'wx-code', via: 'login' } }) };

describe('login (USER-1)', () => {
  it('exchanges the host login code on a mini program and keeps the token', async () => {
    const { root, transport } = build(weappLogin);
    root.start({ id: '12' });
    transport.on('user/login', loginAnswer('wx-open'));
    await expect(root.auth.ensureLogin()).resolves.toEqual({ ok: true, value: { token: TOKEN } });
    expect(transport.last).toMatchObject({ url: '/new/consumer/user/login', data: { id: '12', code: 'wx-code' } });
    expect([root.session.token, root.session.openid]).toEqual([TOKEN, 'wx-open']);
  });

  it('uses aliLogin for a payment-app code', async () => {
    const { root, transport } = build({ supported: true, login: async () => ({ ok: true, value: { code: 'ali', via: 'aliLogin' } }) });
    root.start({ id: '12' });
    transport.on('user/aliLogin', loginAnswer('ali-open'));
    await root.auth.ensureLogin();
    expect(transport.last?.url).toBe('/new/consumer/user/aliLogin');
  });

  it('enters as a visitor with the device id in a browser', async () => {
    const { root, transport } = build();
    root.start({ id: '12' });
    transport.on('user/h5entry', loginAnswer('device-1'));
    await root.auth.ensureLogin();
    expect(transport.last).toMatchObject({ url: '/new/consumer/user/h5entry', data: { id: '12', openid: 'device-1' } });
  });

  it('keeps the server expiry when it is earlier than 24 hours', async () => {
    const { root, transport } = build();
    root.start({ id: '12' });
    transport.on('user/h5entry', loginAnswer('device-1'));
    await root.auth.ensureLogin();
    expect(root.storage.get('token')).toEqual({ value: TOKEN, expiresAt: 1_700_000_000_000 + 3_600_000 });
  });

  it('does not log in again while the token is valid', async () => {
    const { root, transport } = build();
    root.start({ id: '12' });
    transport.on('user/h5entry', loginAnswer('device-1'));
    await root.auth.ensureLogin();
    await root.auth.ensureLogin();
    expect(transport.requests).toHaveLength(1);
  });

  it('shares one login between concurrent callers', async () => {
    const { root, transport } = build();
    root.start({ id: '12' });
    transport.on('user/h5entry', loginAnswer('device-1'));
    await Promise.all([root.auth.ensureLogin(), root.auth.ensureLogin()]);
    expect(transport.requests).toHaveLength(1);
  });

  it('answers with the catalogue code when the host login fails', async () => {
    const { root } = build({ supported: true, login: async () => ({ ok: false, code: ErrorCode.networkError }) });
    root.start({ id: '12' });
    await expect(root.auth.ensureLogin()).resolves.toMatchObject({ ok: false, code: ErrorCode.networkError });
    expect(root.auth.pending).toBe(false);
  });

  it('cannot log in before the shop is known', async () => {
    const { root } = build();
    root.start({});
    await expect(root.auth.ensureLogin()).resolves.toMatchObject({ ok: false, code: ErrorCode.getShopDataFailed });
  });

  it('logs in by phone and SMS code in a browser', async () => {
    const { root, transport } = build();
    root.start({ id: '12' });
    transport.on('user/h5entry', loginAnswer('device-1'));
    transport.on('user/h5Login', loginAnswer('device-1'));
    await expect(root.auth.loginWithSms('13800000000', '123456')).resolves.toMatchObject({ ok: true });
    expect(transport.last).toMatchObject({ url: '/new/consumer/user/h5Login', data: { phone: '13800000000', code: '123456' } });
  });

  it('answers the SMS failure code and shows the server message', async () => {
    const { root, transport, platform } = build();
    root.start({ id: '12' });
    transport.on('user/h5entry', loginAnswer('device-1'));
    transport.on('user/h5Login', fail('Sms code verify failed', 'smsVerifyFailed'));
    await expect(root.auth.loginWithSms('13800000000', '000000')).resolves.toMatchObject({
      ok: false,
      code: ErrorCode.smsVerifyFailed,
    });
    expect(platform.ui.toasts).toEqual(['Sms code verify failed']);
  });
});
