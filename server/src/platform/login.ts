import { createHash, createSign } from 'node:crypto';
import type { ServerConfig } from '../config';
import { fail } from '../http/errors';

/** The identity a platform login code stands for. */
export interface PlatformIdentity {
  openid: string;
  unionid?: string;
}

/** Exchanges a platform login code (wx.login / my.getAuthCode) for the user's open id. */
export interface LoginProvider {
  readonly platform: 'weapp' | 'alipay';
  readonly live: boolean;
  exchange(code: string): Promise<PlatformIdentity>;
}

export interface LoginProviders {
  weapp: LoginProvider;
  alipay: LoginProvider;
}

type Fetch = typeof fetch;

/** Chat-app login: code2session with the configured app id and secret. */
export class WeappLoginProvider implements LoginProvider {
  readonly platform = 'weapp' as const;
  readonly live = true;
  constructor(
    private readonly appId: string,
    private readonly secret: string,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  async exchange(code: string): Promise<PlatformIdentity> {
    const url =
      'https://api.weixin.qq.com/sns/jscode2session?' +
      new URLSearchParams({ appid: this.appId, secret: this.secret, js_code: code, grant_type: 'authorization_code' });
    const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as { openid?: string; unionid?: string; errcode?: number };
    if (!body.openid) throw fail('loginExpired');
    return { openid: body.openid, unionid: body.unionid };
  }
}

/** Payment-app login: alipay.system.oauth.token signed with RSA2. */
export class AlipayLoginProvider implements LoginProvider {
  readonly platform = 'alipay' as const;
  readonly live = true;
  constructor(
    private readonly appId: string,
    private readonly privateKey: string,
    private readonly fetchImpl: Fetch = fetch,
  ) {}

  async exchange(code: string): Promise<PlatformIdentity> {
    const ts = new Date().toISOString().replace('T', ' ').slice(0, 19);
    const params: Record<string, string> = {
      app_id: this.appId,
      method: 'alipay.system.oauth.token',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: ts,
      version: '1.0',
      grant_type: 'authorization_code',
      code,
    };
    const content = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    params.sign = createSign('RSA-SHA256').update(content, 'utf8').sign(this.privateKey, 'base64');
    const res = await this.fetchImpl('https://openapi.alipay.com/gateway.do', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json()) as {
      alipay_system_oauth_token_response?: { user_id?: string; open_id?: string };
    };
    const r = body.alipay_system_oauth_token_response;
    const openid = r?.open_id ?? r?.user_id;
    if (!openid) throw fail('loginExpired');
    return { openid };
  }
}

/** Codes that name a demo user's open id directly (development provider only). */
export const DEMO_OPENID_PREFIX = 'demo-openid-';

/**
 * Development provider for the demo: the same code always gives the same open id, so a browser
 * or simulator without platform credentials can sign in; a code that is a demo open id signs in
 * as that demo user.
 */
export class DevLoginProvider implements LoginProvider {
  readonly live = false;
  constructor(readonly platform: 'weapp' | 'alipay') {}

  async exchange(code: string): Promise<PlatformIdentity> {
    if (code.startsWith(DEMO_OPENID_PREFIX) && code.length <= 64) return { openid: code };
    const h = createHash('sha256').update(`${this.platform}:${code}`).digest('hex').slice(0, 24);
    return { openid: `dev_${this.platform}_${h}` };
  }
}

/** Real providers when app id and secret are configured, development providers otherwise. */
export function createLoginProviders(config: ServerConfig): LoginProviders {
  return {
    weapp:
      config.weappAppId && config.weappSecret
        ? new WeappLoginProvider(config.weappAppId, config.weappSecret)
        : new DevLoginProvider('weapp'),
    alipay:
      config.alipayAppId && config.alipayPrivateKey
        ? new AlipayLoginProvider(config.alipayAppId, config.alipayPrivateKey)
        : new DevLoginProvider('alipay'),
  };
}
