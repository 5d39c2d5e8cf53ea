/**
 * The signed-in staff member (StaffMe) and the sign-in form's outcome. The session itself is an
 * httpOnly cookie: the page knows only whether `me` answers.
 */
import { action, makeObservable, observable, runInAction } from 'mobx';
import type { StaffMe } from '../../../src/api/contract/console';
import { ConsoleApiError, lockedMinutes, type ConsoleApi } from '../api';

export type SignInError = { kind: 'wrong' } | { kind: 'locked'; minutes: number | null } | { kind: 'other'; error: ConsoleApiError };

export class SessionStore {
  me: StaffMe | null = null;
  /** The first `me` is under way (the page does not know yet whether a session exists). */
  checking = true;
  signingIn = false;
  error: SignInError | null = null;
  /** The session ended by itself (401): the sign-in page says so. */
  expired = false;

  constructor(private readonly api: ConsoleApi) {
    makeObservable(this, {
      me: observable.ref,
      checking: observable,
      signingIn: observable,
      error: observable.ref,
      expired: observable,
      clear: action,
      markExpired: action,
    });
  }

  get isOwner(): boolean {
    return this.me?.role === 'owner';
  }

  /** Asks whether a session exists (page load). */
  async restore(): Promise<StaffMe | null> {
    try {
      const { me } = await this.api.call('session', {});
      runInAction(() => (this.me = me));
      return me;
    } catch {
      return null;
    } finally {
      runInAction(() => (this.checking = false));
    }
  }

  async signIn(username: string, password: string): Promise<StaffMe | null> {
    runInAction(() => {
      this.signingIn = true;
      this.error = null;
    });
    try {
      const me = await this.api.call('signIn', { username, password });
      runInAction(() => {
        this.me = me;
        this.expired = false;
      });
      return me;
    } catch (err) {
      const e = err instanceof ConsoleApiError ? err : new ConsoleApiError('serverError', String(err), 0);
      runInAction(() => {
        if (e.code === 'staffLocked') this.error = { kind: 'locked', minutes: lockedMinutes(e) };
        else if (e.code === 'staffSignInFailed' || e.code === 'loginExpired') this.error = { kind: 'wrong' };
        else this.error = { kind: 'other', error: e };
      });
      return null;
    } finally {
      runInAction(() => (this.signingIn = false));
    }
  }

  async signOut(): Promise<void> {
    try {
      await this.api.call('signOut', {});
    } catch {
      // the cookie is gone or the server is away: the page forgets the session either way
    }
    this.clear();
  }

  clear(): void {
    this.me = null;
    this.error = null;
    this.checking = false;
  }

  markExpired(): void {
    this.clear();
    this.expired = true;
  }
}
