/**
 * The payment app's mini program on Alipay's open platform, through Alipay's own SDK (`alipay-sdk`,
 * as the payment adapter server/src/payments/alipay.ts uses it): the login code exchange
 * (`alipay.system.oauth.token`) and the template messages of the customer notices
 * (`alipay.open.app.mini.templatemessage.send`, NOTICE-1). The app's keys are ALIPAY_APP_ID and
 * ALIPAY_PRIVATE_KEY; ALIPAY_PUBLIC_KEY, when set, checks the gateway's answers; ALIPAY_GATEWAY
 * points tests at a double.
 */
import { AlipaySdk } from 'alipay-sdk';

export interface AlipayAppConfig {
  appId: string;
  privateKey: string;
  alipayPublicKey: string | null;
  gateway: string;
}

/** An answer of the gateway (inner object of `<method>_response` or `error_response`). */
export interface AlipayAppAnswer {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  [k: string]: unknown;
}

/** A call that got no answer: `delivered` says whether Alipay may have received it. */
export class AlipayTransportError extends Error {
  constructor(
    message: string,
    readonly delivered: 'no' | 'maybe',
  ) {
    super(message);
    this.name = 'AlipayTransportError';
  }
}

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/** The error codes along an error's causes. */
function codesOf(err: unknown): string[] {
  const out: string[] = [];
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 5; i += 1) {
    if (typeof e.code === 'string') out.push(e.code);
    e = e.cause as typeof e;
  }
  return out;
}

const keyType = (pem: string): 'PKCS1' | 'PKCS8' => (pem.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8');

/** The template message of a notice: to the payment-app user, with the trade that allows it. */
export interface AlipayTemplateMessage {
  /** The customer's Alipay user id (2088…) or open id. */
  to: string;
  /** The trade number (or form id) that allows the message. */
  formId: string;
  userTemplateId: string;
  page: string;
  data: Record<string, { value: string }>;
}

export class AlipayAppApi {
  private readonly sdk: AlipaySdk;

  constructor(
    readonly cfg: AlipayAppConfig,
    opts: { timeoutMs?: number } = {},
  ) {
    this.sdk = new AlipaySdk({
      appId: cfg.appId,
      privateKey: cfg.privateKey,
      keyType: keyType(cfg.privateKey),
      ...(cfg.alipayPublicKey ? { alipayPublicKey: cfg.alipayPublicKey } : {}),
      gateway: cfg.gateway,
      timeout: opts.timeoutMs ?? 10_000,
      camelcase: false,
      signType: 'RSA2',
    });
  }

  private async exec(method: string, params: Record<string, unknown>): Promise<AlipayAppAnswer> {
    try {
      return (await this.sdk.exec(method, params, { validateSign: this.cfg.alipayPublicKey !== null })) as AlipayAppAnswer;
    } catch (err) {
      const codes = codesOf(err);
      const message = String((err as Error).message ?? err);
      // an HTTP error status is the gateway's "not done"; a connection never made sent nothing
      const delivered = codes.some((c) => NOT_SENT.has(c)) || /HTTP 请求错误|status: 5\d\d/.test(message) ? 'no' : 'maybe';
      throw new AlipayTransportError(`Alipay gateway: ${message}`.slice(0, 300), delivered);
    }
  }

  /** `alipay.system.oauth.token`: the user of a login code (open id, else user id), or the error answer. */
  async oauthToken(code: string): Promise<{ openid: string } | AlipayAppAnswer> {
    const a = await this.exec('alipay.system.oauth.token', { grant_type: 'authorization_code', code });
    const id = typeof a.open_id === 'string' && a.open_id ? a.open_id : typeof a.user_id === 'string' && a.user_id ? a.user_id : null;
    return id ? { openid: id } : a;
  }

  /** `alipay.open.app.mini.templatemessage.send`: Alipay's answer (code 10000 = sent). */
  sendTemplateMessage(m: AlipayTemplateMessage): Promise<AlipayAppAnswer> {
    const to = /^2088\d{12}$/.test(m.to) ? { to_user_id: m.to } : { to_open_id: m.to };
    return this.exec('alipay.open.app.mini.templatemessage.send', {
      bizContent: {
        ...to,
        form_id: m.formId,
        user_template_id: m.userTemplateId,
        page: m.page,
        data: JSON.stringify(m.data),
      },
    });
  }
}
