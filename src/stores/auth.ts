/**
 * Logging in (USER-1, token part): the host login on mini programs, a device-id visitor entry in
 * browsers, phone + SMS code login in browsers; the token is kept 24 hours by the session.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../api';
import { isApiError } from '../api/request';
import type { LoginRes } from '../api/contract/user';
import { ErrorCode } from '../domain/errors';
import type { Platform, PlatformResult } from '../platform/types';
import { change } from './named-action';
import type { SessionStore } from './session';

export interface AuthDeps {
  api: Api;
  platform: Pick<Platform, 'login'>;
  session: SessionStore;
}

type LoginResult = PlatformResult<{ token: string }>;

/** A failed call as a platform-style answer (the request layer already showed its toast). */
function failed(e: unknown): LoginResult {
  if (isApiError(e)) return { ok: false, code: e.code, detail: e.info };
  throw e;
}

export class AuthStore {
  /** A login is running (buttons show a spinner; a second tap does nothing). */
  pending = false;
  private inFlight: Promise<LoginResult> | null = null;

  constructor(private readonly deps: AuthDeps) {
    makeObservable(this, { pending: observable, isLoggedIn: computed });
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
