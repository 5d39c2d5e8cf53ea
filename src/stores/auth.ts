/**
 * Logging in (USER-1, token part): the host login on mini programs, a device-id visitor entry in
 * browsers, phone + SMS code login in browsers (sending the code, its resend countdown); the token is
 * kept 24 hours by the session.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../api';
import { isApiError } from '../api/request';
import type { LoginRes } from '../api/contract/user';
import { ErrorCode, ruleError } from '../domain/errors';
import type { RuleError } from '../domain/errors';
import { checkPhone } from '../domain/contact';
import type { Platform, PlatformResult } from '../platform/types';
import { change } from './named-action';
import type { SessionStore } from './session';

export interface AuthDeps {
  api: Api;
  platform: Pick<Platform, 'login'>;
  session: SessionStore;
  /** The clock of the resend countdown; Date.now unless given. */
  now?: () => number;
}

/**
 * Seconds before another code may be sent to the same phone: the server accepts one code per phone
 * per minute (a second one is tooManyRequests), so the button waits as long.
 */
export const SMS_RESEND_SECONDS = 60;

/**
 * How sending an SMS code ended. `shown` tells whether the request layer already toasted the reason
 * (the server's answer); a local check (the phone) is for the page to show.
 */
export type SmsSendResult =
  | { ok: true; expiresIn: number; testCode?: string }
  | { ok: false; error: RuleError; shown: boolean };

type LoginResult = PlatformResult<{ token: string }>;

/** A failed call as a platform-style answer (the request layer already showed its toast). */
function failed(e: unknown): LoginResult {
  if (isApiError(e)) return { ok: false, code: e.code, detail: e.info };
  throw e;
}

export class AuthStore {
  /** A login is running (buttons show a spinner; a second tap does nothing). */
  pending = false;
  /** An SMS code is being sent. */
  smsSending = false;
  /** When the next code may be sent (epoch ms); null when it may be sent now. */
  smsResendAt: number | null = null;
  /** The countdown clock; `tick()` moves it. */
  now: number;
  private inFlight: Promise<LoginResult> | null = null;
  private readonly clock: () => number;

  constructor(private readonly deps: AuthDeps) {
    this.clock = deps.now ?? Date.now;
    this.now = this.clock();
    makeObservable(this, {
      pending: observable,
      smsSending: observable,
      smsResendAt: observable,
      now: observable,
      isLoggedIn: computed,
      smsWaitSeconds: computed,
    });
  }

  /** Seconds left before "send code" works again (0 = now); the button shows "resend in N s". */
  get smsWaitSeconds(): number {
    if (this.smsResendAt === null) return 0;
    return Math.max(0, Math.ceil((this.smsResendAt - this.now) / 1000));
  }

  /** Moves the countdown clock (the login page ticks it each second while it runs). */
  tick(now: number = this.clock()): void {
    change('auth/tick', () => {
      this.now = now;
    });
  }

  /**
   * user/sendSmsCode for the browser login (USER-1): checks the phone, needs the visitor token first
   * (the code is charged to the shop's SMS quota, P§5), then starts the resend countdown. Refused
   * while a send runs or the countdown runs. The server's refusals come back as errors already shown
   * by the request layer: noSmsLeft (the shop's quota is used up) and tooManyRequests (one code per
   * phone per minute — the countdown starts then too, so the button does not invite another refusal).
   */
  async sendSmsCode(phone: string, opts: { test?: boolean } = {}): Promise<SmsSendResult> {
    const entered = phone.trim();
    const phoneError = checkPhone(entered, this.deps.session.phoneRegion);
    if (phoneError) return { ok: false, error: phoneError, shown: false };
    if (this.smsSending || this.smsWaitSeconds > 0) {
      return { ok: false, error: ruleError(ErrorCode.tooManyRequests), shown: false };
    }
    change('auth/smsSending', () => {
      this.smsSending = true;
    });
    try {
      const entry = await this.ensureLogin();
      // without a shop there was no call, so nothing was shown yet
      if (!entry.ok) return { ok: false, error: ruleError(entry.code), shown: this.deps.session.id !== null };
      const req: { phone: string; test?: boolean } = { phone: entered };
      if (opts.test) req.test = true;
      const res = await this.deps.api.user.sendSmsCode(req);
      this.startResendCountdown();
      return res.testCode ? { ok: true, expiresIn: res.expiresIn, testCode: res.testCode } : { ok: true, expiresIn: res.expiresIn };
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.code === ErrorCode.tooManyRequests) this.startResendCountdown();
      return { ok: false, error: ruleError(e.code), shown: true };
    } finally {
      change('auth/smsSent', () => {
        this.smsSending = false;
      });
    }
  }

  get isLoggedIn(): boolean {
    return this.deps.session.isLoggedIn;
  }

  /**
   * A valid token for the current shop: the stored one while its 24 hours last, else a new login —
   * the host login code on mini programs, the visitor entry with the open id (device id fallback)
   * in browsers. Concurrent callers share one login.
   */
  ensureLogin(): Promise<LoginResult> {
    const token = this.deps.session.refreshToken();
    if (token) return Promise.resolve({ ok: true, value: { token } });
    if (!this.inFlight) {
      this.inFlight = this.track(this.login()).finally(() => {
        this.inFlight = null;
      });
    }
    return this.inFlight;
  }

  /** Browser login by phone and SMS code (user/h5Login); needs the visitor token first. */
  async loginWithSms(phone: string, code: string): Promise<LoginResult> {
    const entry = await this.ensureLogin();
    if (!entry.ok) return entry;
    return this.track(
      this.deps.api.user.h5Login({ phone, code }).then(
        (res) => this.accept(res),
        (e: unknown) => failed(e),
      ),
    );
  }

  /** Forgets the identity on this device (same effect as a 401, without leaving the page). */
  logout(): void {
    this.deps.session.clearIdentity();
  }

  private startResendCountdown(): void {
    const now = this.clock();
    change('auth/smsCountdown', () => {
      this.now = now;
      this.smsResendAt = now + SMS_RESEND_SECONDS * 1000;
    });
  }

  private async login(): Promise<LoginResult> {
    const { api, platform, session } = this.deps;
    const shopId = session.id;
    if (!shopId) return { ok: false, code: ErrorCode.getShopDataFailed, detail: 'no shop id to log in to' };
    try {
      if (platform.login.supported) {
        const host = await platform.login.login();
        if (!host.ok) return host;
        const call = host.value.via === 'aliLogin' ? api.user.aliLogin : api.user.login;
        return this.accept(await call({ id: shopId, code: host.value.code }));
      }
      return this.accept(await api.user.h5entry({ id: shopId, openid: session.openid }));
    } catch (e) {
      return failed(e);
    }
  }

  private accept(res: LoginRes): LoginResult {
    this.deps.session.setLogin(res.token, res.user.openid, res.expiresAt);
    return { ok: true, value: { token: res.token } };
  }

  private async track(run: Promise<LoginResult>): Promise<LoginResult> {
    change('auth/loginStarted', () => {
      this.pending = true;
    });
    try {
      return await run;
    } finally {
      change('auth/loginEnded', () => {
        this.pending = false;
      });
    }
  }
}
