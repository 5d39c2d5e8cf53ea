import { createHash } from 'node:crypto';
import type { ServerConfig } from '../config';
import { fail } from '../http/errors';
import { AlipayAppApi } from './alipay-app';
import { memoryTokenStore, WechatApi } from './wechat';

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

/** Chat-app login: `jscode2session` through the server's WeChat client (platform/wechat.ts). */
export class WeappLoginProvider implements LoginProvider {
  readonly platform = 'weapp' as const;
  readonly live = true;
  constructor(private readonly wechat: WechatApi) {}

  async exchange(code: string): Promise<PlatformIdentity> {
    let answer: Awaited<ReturnType<WechatApi['codeToSession']>>;
    try {
      answer = await this.wechat.codeToSession(code);
    } catch {
      throw fail('loginExpired');
    }
    if (typeof answer.openid !== 'string' || !answer.openid) throw fail('loginExpired');
    return { openid: answer.openid, ...(typeof answer.unionid === 'string' ? { unionid: answer.unionid } : {}) };
  }
}

/** Payment-app login: `alipay.system.oauth.token` through `alipay-sdk` (platform/alipay-app.ts). */
export class AlipayLoginProvider implements LoginProvider {
  readonly platform = 'alipay' as const;
  readonly live = true;
  constructor(private readonly api: AlipayAppApi) {}

  async exchange(code: string): Promise<PlatformIdentity> {
    let answer: Awaited<ReturnType<AlipayAppApi['oauthToken']>>;
    try {
      answer = await this.api.oauthToken(code);
    } catch {
      throw fail('loginExpired');
    }
    if (typeof answer.openid !== 'string' || !answer.openid) throw fail('loginExpired');
    return { openid: answer.openid };
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

/**
 * Real providers when the app's keys are configured, development providers otherwise. The server
 * passes its own platform clients (one per server, context.ts); without them clients are made here.
 */
export function createLoginProviders(
  config: ServerConfig,
  apis: { wechat?: WechatApi | null; alipayApp?: AlipayAppApi | null } = {},
): LoginProviders {
  const wechat =
    apis.wechat ??
    (config.weappAppId && config.weappSecret
      ? new WechatApi({ appId: config.weappAppId, secret: config.weappSecret, baseUrl: config.wechatApiBaseUrl, tokens: memoryTokenStore(), now: Date.now })
      : null);
  const alipayApp =
    apis.alipayApp ??
    (config.alipayAppId && config.alipayPrivateKey
      ? new AlipayAppApi({ appId: config.alipayAppId, privateKey: config.alipayPrivateKey, alipayPublicKey: config.alipayPublicKey, gateway: config.alipayGateway })
      : null);
  return {
    weapp: wechat ? new WeappLoginProvider(wechat) : new DevLoginProvider('weapp'),
    alipay: alipayApp ? new AlipayLoginProvider(alipayApp) : new DevLoginProvider('alipay'),
  };
}
