/**
 * Fast register (P§4): the platform's phone-authorisation code stands for the user's phone number.
 * With chat-app credentials the code is exchanged with the platform; without them (development and
 * the demo) the development provider accepts `dev-phone:<phone>`.
 */
import type { ServerConfig } from '../../config';
import { fail } from '../../http/errors';

export interface PhoneCodeProvider {
  readonly live: boolean;
  /** The phone number a phone-authorisation code stands for; a bad code → smsVerifyFailed. */
  phoneOf(code: string): Promise<string>;
}

/** Chat-app getuserphonenumber with an access token of the configured app. */
export class WeappPhoneCodeProvider implements PhoneCodeProvider {
  readonly live = true;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(
    private readonly appId: string,
    private readonly secret: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const url =
      'https://api.weixin.qq.com/cgi-bin/token?' +
      new URLSearchParams({ grant_type: 'client_credential', appid: this.appId, secret: this.secret });
    const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw fail('smsVerifyFailed');
    this.token = {
      value: body.access_token,
      expiresAt: Date.now() + ((body.expires_in ?? 7200) - 300) * 1000,
    };
    return body.access_token;
  }

  async phoneOf(code: string): Promise<string> {
    const token = await this.accessToken();
    const res = await this.fetchImpl(
      `https://api.weixin.qq.com/wxa/business/getuserphonenumber?access_token=${token}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
        signal: AbortSignal.timeout(10_000),
      },
    );
    const body = (await res.json()) as { phone_info?: { purePhoneNumber?: string } };
    const phone = body.phone_info?.purePhoneNumber;
    if (!phone) throw fail('smsVerifyFailed');
    return phone;
  }
}

const DEV_PREFIX = 'dev-phone:';

/** Development provider: `dev-phone:13800000000` stands for that phone. */
export class DevPhoneCodeProvider implements PhoneCodeProvider {
  readonly live = false;
  async phoneOf(code: string): Promise<string> {
    const phone = code.startsWith(DEV_PREFIX) ? code.slice(DEV_PREFIX.length) : '';
    if (!/^\+?[0-9]{5,20}$/.test(phone)) throw fail('smsVerifyFailed');
    return phone;
  }
}

export function createPhoneCodeProvider(config: ServerConfig): PhoneCodeProvider {
  return config.weappAppId && config.weappSecret
    ? new WeappPhoneCodeProvider(config.weappAppId, config.weappSecret)
    : new DevPhoneCodeProvider();
}
