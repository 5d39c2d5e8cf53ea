import { ErrorCode } from '../../src/domain/errors';
import type { LoginAdapter } from '../../src/platform/types';
import { AuthStore, SMS_RESEND_SECONDS } from '../../src/stores/auth';
import { fail, ok } from '../support/fakes';
import { fakeRoot, userProfile } from '../support/store-factories';

const TOKEN = 'a'.repeat(64);
const loginAnswer = (openid: string) =>
  ok({ token: TOKEN, expiresAt: 1_700_000_000_000 + 3_600_000, shopId: 12, user: userProfile({ id: 1, openid }) });

const build = (login?: LoginAdapter) => fakeRoot({ login, now: () => 1_700_000_000_000 });

const weappLogin: LoginAdapter = { supported: true, login: async () => ({ ok: true, value: { code: 'wx-code', via: 'login' } }) };

describe('login (USER-1)', () => {
  it('exchanges the host login code on a mini program and keeps the token', async () => {
    const { root, transport } = build(weappLogin);
    root.start({ id: '12' });
    transport.on('user/login', loginAnswer('wx-open'));
    await expect(root.auth.ensureLogin()).resolves.toEqual({ ok: true, value: { token: TOKEN } });
    expect(transport.last).toMatchObject({ url: '/new/consumer/user/login', data: { id: '12', code: 'wx-code' } });
    expect(root.session.token).toEqual(TOKEN);
    expect(root.session.openid).toEqual('wx-open');
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

describe('sending the SMS code of the browser login (USER-1)', () => {
  const START = 1_700_000_000_000;

  /** The auth store on the root's api and session, with a clock the test moves. */
  function buildSms() {
    const built = build();
    let now = START;
    const auth = new AuthStore({ api: built.root.api, platform: built.platform, session: built.root.session, now: () => now });
    built.root.start({ id: '12' });
    built.transport.on('user/h5entry', loginAnswer('device-1'));
    return { ...built, auth, setNow: (t: number) => (now = t) };
  }

  it('enters as a visitor first, then sends the code to the trimmed phone', async () => {
    const { auth, transport } = buildSms();
    transport.on('user/sendSmsCode', ok({ sent: true, expiresIn: 300 }));
    await expect(auth.sendSmsCode(' 13800000000 ')).resolves.toEqual({ ok: true, expiresIn: 300 });
    expect(transport.requests.map((r) => [r.url, r.data])).toEqual([
      ['/new/consumer/user/h5entry', { id: '12', openid: 'device-1' }],
      ['/new/consumer/user/sendSmsCode', { phone: '13800000000' }],
    ]);
  });

  it('starts a 60-second resend countdown once the code is sent', async () => {
    const { auth, transport } = buildSms();
    transport.on('user/sendSmsCode', ok({ sent: true, expiresIn: 300 }));
    await auth.sendSmsCode('13800000000');
    expect(auth.smsWaitSeconds).toBe(SMS_RESEND_SECONDS);
  });

  it('counts the resend wait down with the clock and reaches zero after a minute', async () => {
    const { auth, transport } = buildSms();
    transport.on('user/sendSmsCode', ok({ sent: true, expiresIn: 300 }));
    await auth.sendSmsCode('13800000000');
    auth.tick(START + 59_500);
    const late = auth.smsWaitSeconds;
    auth.tick(START + 60_000);
    // 60 s − 59.5 s = 0.5 s, shown rounded up as 1
    expect(late).toEqual(1);
    expect(auth.smsWaitSeconds).toEqual(0);
  });

  it('sends nothing a second time while the countdown runs', async () => {
    const { auth, transport } = buildSms();
    transport.on('user/sendSmsCode', ok({ sent: true, expiresIn: 300 }));
    await auth.sendSmsCode('13800000000');
    const again = await auth.sendSmsCode('13800000000');
    expect(again.ok).toEqual(false);
    expect(transport.requests.filter((r) => r.url.endsWith('/user/sendSmsCode')).length).toEqual(1);
  });

  it('refuses a wrong phone without asking the server, for the page to show', async () => {
    const { auth, transport } = buildSms();
    await expect(auth.sendSmsCode('12')).resolves.toEqual({ ok: false, error: { code: ErrorCode.inputCorrectPhone }, shown: false });
    expect(transport.requests).toHaveLength(0);
  });

  it('answers the used-up quota of the shop as already shown, with no countdown', async () => {
    const { auth, transport, platform } = buildSms();
    transport.on('user/sendSmsCode', fail('门店短信余量不足', 'noSmsLeft'));
    await expect(auth.sendSmsCode('13800000000')).resolves.toEqual({ ok: false, error: { code: ErrorCode.noSmsLeft }, shown: true });
    expect(platform.ui.toasts).toEqual(['门店短信余量不足']);
    expect(auth.smsWaitSeconds).toEqual(0);
  });

  it('starts the countdown when the server says codes are asked too often', async () => {
    const { auth, transport } = buildSms();
    transport.on('user/sendSmsCode', fail('操作过于频繁，请稍后再试', 'tooManyRequests'));
    const res = await auth.sendSmsCode('13800000000');
    expect(res.ok).toEqual(false);
    expect(auth.smsWaitSeconds).toEqual(SMS_RESEND_SECONDS);
  });

  it('shows the sending state only while the code is on its way', async () => {
    const { auth, transport } = buildSms();
    transport.on('user/sendSmsCode', ok({ sent: true, expiresIn: 300 }));
    const sending = auth.sendSmsCode('13800000000');
    const during = auth.smsSending;
    await sending;
    expect(during).toEqual(true);
    expect(auth.smsSending).toEqual(false);
  });
});
