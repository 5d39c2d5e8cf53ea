/**
 * Login providers (USER-1) and the phone-number code (P§4) on the server's platform clients: the
 * chat app's `jscode2session` and `getuserphonenumber` through the one WeChat client (one base URL,
 * one access token, platform/wechat.ts) against the loopback double of WeChat's server API, and the
 * payment app's `alipay.system.oauth.token` through `alipay-sdk` against the gateway double.
 */
import { generateKeyPairSync } from 'node:crypto';
import { testConfig } from '../../server/src/config';
import { AppError } from '../../server/src/http/errors';
import { AlipayAppApi } from '../../server/src/platform/alipay-app';
import { AlipayLoginProvider, createLoginProviders, DevLoginProvider, WeappLoginProvider } from '../../server/src/platform/login';
import { memoryTokenStore, WechatApi } from '../../server/src/platform/wechat';
import { createPhoneCodeProvider, WeappPhoneCodeProvider } from '../../server/src/services/members/phone-code';
import { startAlipayDouble, type AlipayDouble } from '../support/doubles/alipay-double';
import { startWechatApiDouble, type WechatApiDouble } from '../support/doubles/wechat-api-double';

const APP_ID = 'wx00login00000001';
const SECRET = 'login-app-secret';
const ALI_APP = '2021000000000042';
const aliKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

let wx: WechatApiDouble;
let ali: AlipayDouble;
beforeAll(async () => {
  wx = await startWechatApiDouble({ appId: APP_ID, secret: SECRET });
  ali = await startAlipayDouble({ appId: ALI_APP, appPublicKey: aliKeys.publicKey, sellerId: '2088000000000042', now: Date.now });
});
afterAll(async () => {
  await wx.close();
  await ali.close();
});

const wechat = (secret = SECRET) => new WechatApi({ appId: APP_ID, secret, baseUrl: wx.baseUrl, tokens: memoryTokenStore(), now: Date.now });
const alipayApp = () =>
  new AlipayAppApi({ appId: ALI_APP, privateKey: aliKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), alipayPublicKey: ali.alipayPublicKey, gateway: ali.gateway });

describe('login providers (USER-1)', () => {
  test('without credentials the development providers are used', () => {
    const p = createLoginProviders(testConfig());
    expect(p.weapp.live).toBe(false);
    expect(p.alipay.live).toBe(false);
  });

  test('with an app id and secret the chat-app provider calls the platform through the WeChat client', () => {
    const p = createLoginProviders(testConfig({ weappAppId: APP_ID, weappSecret: SECRET, wechatApiBaseUrl: wx.baseUrl }));
    expect(p.weapp).toBeInstanceOf(WeappLoginProvider);
  });

  test('the development provider gives the same open id for the same code', async () => {
    const dev = new DevLoginProvider('weapp');
    expect(await dev.exchange('abc')).toEqual(await dev.exchange('abc'));
    expect((await dev.exchange('abc')).openid).not.toBe((await dev.exchange('abd')).openid);
  });

  test('a demo open id used as the code signs in as that demo user', async () => {
    expect(await new DevLoginProvider('alipay').exchange('demo-openid-zhangsan')).toEqual({ openid: 'demo-openid-zhangsan' });
  });

  test('the chat-app provider exchanges the code with jscode2session at the configured base URL', async () => {
    const id = await new WeappLoginProvider(wechat()).exchange('code-9');
    expect(id).toEqual({ openid: wx.openidOf('code-9') });
  });

  test('a platform error from jscode2session (a bad or used code, a wrong secret) fails the login', async () => {
    await expect(new WeappLoginProvider(wechat()).exchange('bad-code')).rejects.toBeInstanceOf(AppError);
    await new WeappLoginProvider(wechat()).exchange('code-once');
    await expect(new WeappLoginProvider(wechat()).exchange('code-once')).rejects.toBeInstanceOf(AppError);
    await expect(new WeappLoginProvider(wechat('wrong')).exchange('code-10')).rejects.toBeInstanceOf(AppError);
  });

  test('the payment-app provider calls alipay.system.oauth.token through alipay-sdk, signed with RSA2', async () => {
    const id = await new AlipayLoginProvider(alipayApp()).exchange('auth-1');
    expect(id).toEqual({ openid: ali.userIdOf('auth-1') });
    const call = ali.requests.find((r) => r.method === 'alipay.system.oauth.token');
    expect(call).toMatchObject({ authorized: true, params: { app_id: ALI_APP, grant_type: 'authorization_code', code: 'auth-1', sign_type: 'RSA2' } });
    await expect(new AlipayLoginProvider(alipayApp()).exchange('bad-auth')).rejects.toBeInstanceOf(AppError);
  });
});

describe('the phone-number code (P§4)', () => {
  test('without the chat app’s credentials the development provider is used', () => {
    expect(createPhoneCodeProvider(null).live).toBe(false);
  });

  test('getuserphonenumber through the shared client: one access token for login, phone numbers and notices', async () => {
    const client = wechat();
    const fetchedBefore = wx.tokenFetches.length;
    const provider = new WeappPhoneCodeProvider(client);
    expect(await provider.phoneOf(wx.phoneCode('13812345678'))).toBe('13812345678');
    expect(await provider.phoneOf(wx.phoneCode('13900000000'))).toBe('13900000000');
    expect(wx.tokenFetches.length - fetchedBefore).toBe(1);
    // a code used or unknown is refused
    await expect(provider.phoneOf('pc_unknown')).rejects.toBeInstanceOf(AppError);
  });

  test('an expired token is fetched again once and the call made again', async () => {
    const client = wechat();
    const provider = new WeappPhoneCodeProvider(client);
    await provider.phoneOf(wx.phoneCode('13800000001'));
    const fetchedBefore = wx.tokenFetches.length;
    wx.expireToken();
    expect(await provider.phoneOf(wx.phoneCode('13800000002'))).toBe('13800000002');
    expect(wx.tokenFetches.length - fetchedBefore).toBe(1);
  });
});

describe('the access token store (NOTICE-1: one refresh for all nodes)', () => {
  test('a refresh is not claimed once another node has saved a good token since this one read the store', async () => {
    const store = memoryTokenStore();
    const now = 1_000_000;
    expect(await store.read('wechat')).toBeNull();
    // node A claims, fetches and saves a token good for two hours while node B is between read and claim
    expect(await store.claim('wechat', now, now + 15_000)).toBe(true);
    await store.save('wechat', 'token-a', now + 7_200_000, now);
    expect(await store.claim('wechat', now + 10, now + 15_010)).toBe(false);
    // five minutes before it runs out (the refresh margin) a refresh may be claimed again
    expect(await store.claim('wechat', now + 7_200_000 - 300_000, now + 7_200_000)).toBe(true);
  });
});
