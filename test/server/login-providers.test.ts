import { generateKeyPairSync, createVerify } from 'node:crypto';
import { testConfig } from '../../server/src/config';
import {
  AlipayLoginProvider,
  DevLoginProvider,
  WeappLoginProvider,
  createLoginProviders,
} from '../../server/src/platform/login';
import { AppError } from '../../server/src/http/errors';

/** A fetch stand-in that records the request and answers `body`. */
const fakeFetch = (body: unknown) => {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const fn = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fn, calls };
};

describe('login providers (USER-1)', () => {
  test('without credentials the development providers are used', () => {
    const p = createLoginProviders(testConfig());
    expect(p.weapp.live).toBe(false);
    expect(p.alipay.live).toBe(false);
  });

  test('with an app id and secret the chat-app provider calls the platform', () => {
    const p = createLoginProviders(testConfig({ weappAppId: 'wx1', weappSecret: 's' }));
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

  test('the chat-app provider exchanges the code with code2session', async () => {
    const f = fakeFetch({ openid: 'o-123', session_key: 'k' });
    const id = await new WeappLoginProvider('wx1', 'secret', f.fn).exchange('code-9');
    expect(id.openid).toBe('o-123');
    const url = new URL(f.calls[0].url);
    expect(url.pathname).toBe('/sns/jscode2session');
    expect(Object.fromEntries(url.searchParams)).toEqual({ appid: 'wx1', secret: 'secret', js_code: 'code-9', grant_type: 'authorization_code' });
  });

  test('a platform error from code2session fails the login', async () => {
    const f = fakeFetch({ errcode: 40029, errmsg: 'invalid code' });
    await expect(new WeappLoginProvider('wx1', 's', f.fn).exchange('bad')).rejects.toBeInstanceOf(AppError);
  });

  test('the payment-app provider signs alipay.system.oauth.token with RSA2', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const f = fakeFetch({ alipay_system_oauth_token_response: { open_id: 'ali-open-1', user_id: '2088' } });
    const id = await new AlipayLoginProvider('2021', privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), f.fn).exchange('auth-1');
    expect(id.openid).toBe('ali-open-1');
    const params = Object.fromEntries(new URLSearchParams(String(f.calls[0].init?.body)));
    expect(params).toMatchObject({ method: 'alipay.system.oauth.token', grant_type: 'authorization_code', code: 'auth-1', sign_type: 'RSA2' });
    const { sign, ...rest } = params;
    const content = Object.keys(rest)
      .sort()
      .map((k) => `${k}=${rest[k]}`)
      .join('&');
    expect(createVerify('RSA-SHA256').update(content).verify(publicKey, sign, 'base64')).toBe(true);
  });
});
