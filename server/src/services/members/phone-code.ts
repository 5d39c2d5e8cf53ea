/**
 * Fast register (P§4): the platform's phone-authorisation code stands for the user's phone number.
 * With chat-app credentials the code is exchanged with the platform; without them (development and
 * the demo) the development provider accepts `dev-phone:<phone>`.
 */
import type { WechatApi } from '../../platform/wechat';
import { fail } from '../../http/errors';

export interface PhoneCodeProvider {
  readonly live: boolean;
  /** The phone number a phone-authorisation code stands for; a bad code → smsVerifyFailed. */
  phoneOf(code: string): Promise<string>;
}

/** Chat-app `getuserphonenumber` through the server's WeChat client (its shared access token). */
export class WeappPhoneCodeProvider implements PhoneCodeProvider {
  readonly live = true;

  constructor(private readonly wechat: WechatApi) {}

  async phoneOf(code: string): Promise<string> {
    let phone: string | null;
    try {
      phone = await this.wechat.phoneNumber(code);
    } catch {
      throw fail('smsVerifyFailed');
    }
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

/** The chat app's provider when the server has a WeChat client (WEAPP_APP_ID / WEAPP_SECRET), else the development one. */
export function createPhoneCodeProvider(wechat: WechatApi | null): PhoneCodeProvider {
  return wechat ? new WeappPhoneCodeProvider(wechat) : new DevPhoneCodeProvider();
}
