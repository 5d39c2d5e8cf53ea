/**
 * Payment configuration (ORDER-7): which providers run (PAYMENTS) and each provider's keys. Keys and
 * merchant ids come from the environment or from files it names, never from the repository.
 */
import { readFileSync } from 'node:fs';
import type { ProviderName } from './types';

/** WeChat Pay API v3 (chat-app wallet, JSAPI / mini-program payment). */
export interface WechatPayConfig {
  /** Merchant id (mchid). */
  mchid: string;
  /** The app id the payments are made in (the mini program's app id). */
  appid: string;
  /** Serial number of the merchant API certificate (signs our requests). */
  merchantSerial: string;
  /** The merchant API private key, PEM. */
  merchantPrivateKey: string;
  /** The APIv3 key (32 characters): decrypts notification resources. */
  apiV3Key: string;
  /** WeChat Pay's keys that sign answers and notifications: platform certificates or the public key. */
  platformKeys: { serial: string; publicKey: string }[];
  /** https://api.mch.weixin.qq.com unless set (tests point it at a local double). */
  baseUrl: string;
}

/** Alipay open platform (payment-app wallet, alipay.trade.create + my.tradePay). */
export interface AlipayConfig {
  appId: string;
  /** Our application private key, PEM (RSA2). */
  privateKey: string;
  /** Alipay's public key, PEM: checks answers and notifications. */
  alipayPublicKey: string;
  /** The seller (merchant) id notifications must name; null = not checked. */
  sellerId: string | null;
  /** The gateway: https://openapi.alipay.com/gateway.do unless set. */
  gateway: string;
}

export interface PaymentsConfig {
  providers: ProviderName[];
  /** Base of the notification URLs (`<notifyBaseUrl>/pay/notify/<provider>`); PAY_NOTIFY_BASE_URL or PUBLIC_URL. */
  notifyBaseUrl: string;
  wechatpay: WechatPayConfig | null;
  alipay: AlipayConfig | null;
}

/** Environment entries (process.env, or a plain record in tests). */
export type Env = Record<string, string | undefined>;

const PROVIDERS: readonly ProviderName[] = ['sandbox', 'wechatpay', 'alipay'];

/** A configuration error: the server does not start, and says what to set. */
export class PaymentsConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentsConfigError';
  }
}

/** The value of `NAME`, or the content of the file `NAME_FILE` names (trimmed); null when neither is set. */
export function secretEntry(env: Env, name: string): string | null {
  const direct = env[name];
  if (direct) return direct;
  const file = env[`${name}_FILE`];
  if (!file) return null;
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (e) {
    throw new PaymentsConfigError(`${name}_FILE names ${file}, which cannot be read: ${(e as Error).message}`);
  }
}

/** PAYMENTS as a list; unknown names are refused. Default: none. */
export function parseProviders(value: string | undefined): ProviderName[] {
  if (!value || !value.trim()) return [];
  const names = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  for (const n of names) {
    if (!(PROVIDERS as readonly string[]).includes(n))
      throw new PaymentsConfigError(`PAYMENTS names "${n}"; the providers are ${PROVIDERS.join(', ')}.`);
  }
  return [...new Set(names)] as ProviderName[];
}

function required(env: Env, provider: string, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const missing: string[] = [];
  for (const n of names) {
    const v = secretEntry(env, n);
    if (v) out[n] = v;
    else missing.push(`${n} (or ${n}_FILE)`);
  }
  if (missing.length)
    throw new PaymentsConfigError(`PAYMENTS includes ${provider}, but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} not set.`);
  return out;
}

function readWechatPay(env: Env): WechatPayConfig {
  const v = required(env, 'wechatpay', [
    'WECHATPAY_MCHID',
    'WECHATPAY_SERIAL_NO',
    'WECHATPAY_PRIVATE_KEY',
    'WECHATPAY_APIV3_KEY',
    'WECHATPAY_PLATFORM_KEY',
    'WECHATPAY_PLATFORM_SERIAL',
  ]);
  const appid = env.WECHATPAY_APPID || env.WEAPP_APP_ID;
  if (!appid) throw new PaymentsConfigError('PAYMENTS includes wechatpay, but WECHATPAY_APPID (or WEAPP_APP_ID) is not set.');
  if (Buffer.byteLength(v.WECHATPAY_APIV3_KEY, 'utf8') !== 32)
    throw new PaymentsConfigError('WECHATPAY_APIV3_KEY must be the 32-character APIv3 key.');
  return {
    mchid: v.WECHATPAY_MCHID,
    appid,
    merchantSerial: v.WECHATPAY_SERIAL_NO,
    merchantPrivateKey: v.WECHATPAY_PRIVATE_KEY,
    apiV3Key: v.WECHATPAY_APIV3_KEY,
    platformKeys: [{ serial: v.WECHATPAY_PLATFORM_SERIAL, publicKey: v.WECHATPAY_PLATFORM_KEY }],
    baseUrl: (env.WECHATPAY_BASE_URL || 'https://api.mch.weixin.qq.com').replace(/\/$/, ''),
  };
}

function readAlipay(env: Env): AlipayConfig {
  const v = required(env, 'alipay', ['ALIPAY_PAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY']);
  const appId = env.ALIPAY_PAY_APP_ID || env.ALIPAY_APP_ID;
  if (!appId) throw new PaymentsConfigError('PAYMENTS includes alipay, but ALIPAY_PAY_APP_ID (or ALIPAY_APP_ID) is not set.');
  return {
    appId,
    privateKey: v.ALIPAY_PAY_PRIVATE_KEY,
    alipayPublicKey: v.ALIPAY_PUBLIC_KEY,
    sellerId: env.ALIPAY_SELLER_ID || null,
    gateway: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
  };
}

/**
 * Reads the payment configuration. In production (NODE_ENV=production) the sandbox is refused unless
 * ALLOW_SANDBOX_IN_PRODUCTION=1, and a start without a real provider stops with a clear message.
 */
export function loadPaymentsConfig(env: Env, publicUrl: string): PaymentsConfig {
  const providers = parseProviders(env.PAYMENTS);
  const production = env.NODE_ENV === 'production';
  if (production) {
    if (providers.includes('sandbox') && env.ALLOW_SANDBOX_IN_PRODUCTION !== '1')
      throw new PaymentsConfigError(
        'PAYMENTS includes sandbox, which lets anyone mark payments as paid; it is refused with NODE_ENV=production unless ALLOW_SANDBOX_IN_PRODUCTION=1.',
      );
    if (!providers.some((p) => p !== 'sandbox'))
      throw new PaymentsConfigError(
        'NODE_ENV=production needs a real payment provider: set PAYMENTS=wechatpay and/or alipay with their keys (see README "Payments").',
      );
  }
  return {
    providers,
    notifyBaseUrl: (env.PAY_NOTIFY_BASE_URL || publicUrl).replace(/\/$/, ''),
    wechatpay: providers.includes('wechatpay') ? readWechatPay(env) : null,
    alipay: providers.includes('alipay') ? readAlipay(env) : null,
  };
}
