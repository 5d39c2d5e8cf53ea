/**
 * The owner's pages: board settings (auto-accept, answer-within minutes, auto-refuse), the shop's staff
 * accounts, and the password change every staff member may make for themselves.
 */
import { action, makeObservable, observable, runInAction } from 'mobx';
import type { ConsoleSettings, ShopClockSettings, StaffAccount, StaffRole } from '../../../src/api/contract/console';
import type { TableSessionSettings } from '../../../src/api/contract/console-floor';
import { ConsoleApiError, type ConsoleApi } from '../api';

const asError = (err: unknown): ConsoleApiError => (err instanceof ConsoleApiError ? err : new ConsoleApiError('serverError', String(err), 0));

/** The answer-time field as typed: empty is off, else a whole number of minutes 1…240; undefined when invalid. */
export function parseMinutes(text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d+$/.test(t)) return undefined;
  const n = Number(t);
  return n >= 1 && n <= 240 ? n : undefined;
}

/**
 * A form of shop settings the server keeps: read once per page, saved whole; `saved` says the last
 * save went through, `error` why the last call did not.
 */
abstract class SavedSettings<T> {
  value: T | null = null;
  loading = false;
  saving = false;
  saved = false;
  error: ConsoleApiError | null = null;

  constructor(protected readonly api: ConsoleApi) {
    makeObservable(this, { value: observable.ref, loading: observable, saving: observable, saved: observable, error: observable.ref, clear: action });
  }

  protected abstract read(shopId: number): Promise<T>;
  protected abstract write(shopId: number, value: T): Promise<T>;

  async load(shopId: number): Promise<void> {
    runInAction(() => {
      this.loading = true;
      this.saved = false;
      this.error = null;
    });
    try {
      const value = await this.read(shopId);
      runInAction(() => (this.value = value));
    } catch (err) {
      runInAction(() => (this.error = asError(err)));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /** Saves `value`; the server's answer, or null when refused (see `error`). */
  async save(shopId: number, value: T): Promise<T | null> {
    runInAction(() => {
      this.saving = true;
      this.saved = false;
      this.error = null;
    });
    try {
      const saved = await this.write(shopId, value);
      runInAction(() => {
        this.value = saved;
        this.saved = true;
      });
      return saved;
    } catch (err) {
      runInAction(() => (this.error = asError(err)));
      return null;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  clear(): void {
    this.value = null;
    this.saved = false;
    this.error = null;
  }
}

/** The board's settings: auto-accept, answer-within minutes, auto-refuse. */
export class SettingsStore extends SavedSettings<ConsoleSettings> {
  get settings(): ConsoleSettings | null {
    return this.value;
  }
  protected read(shopId: number): Promise<ConsoleSettings> {
    return this.api.call('settings', { shopId });
  }
  protected write(shopId: number, settings: ConsoleSettings): Promise<ConsoleSettings> {
    return this.api.call('saveSettings', { shopId, settings });
  }
}

/**
 * How the shop runs its table sessions (TABLE-7; docs/console.md "Tables"): who opens a free table
 * (the first diner's scan, or staff) and whether a session's first round waits for staff approval.
 */
export class TableRulesStore extends SavedSettings<TableSessionSettings> {
  get rules(): TableSessionSettings | null {
    return this.value;
  }
  protected read(shopId: number): Promise<TableSessionSettings> {
    return this.api.call('tableSessionSettings', { shopId });
  }
  protected write(shopId: number, rules: TableSessionSettings): Promise<TableSessionSettings> {
    return this.api.call('tableSessionSettingsSave', { shopId, ...rules });
  }
}

/** The shop's time zone (TIME-1); saved as a zone name, answered with the offset it gives now. */
export class ShopClockStore extends SavedSettings<ShopClockSettings> {
  get clock(): ShopClockSettings | null {
    return this.value;
  }
  protected read(shopId: number): Promise<ShopClockSettings> {
    return this.api.call('shopClock', { shopId });
  }
  protected write(shopId: number, clock: ShopClockSettings): Promise<ShopClockSettings> {
    return this.api.call('saveShopClock', { shopId, timeZone: clock.timeZone ?? '' });
  }
}

export class StaffStore {
  accounts: StaffAccount[] = [];
  loading = false;
  adding = false;
  error: ConsoleApiError | null = null;
  /** The generated password of the account just added: shown once, gone when the page is left. */
  created: { username: string; password: string } | null = null;

  constructor(private readonly api: ConsoleApi) {
    makeObservable(this, {
      accounts: observable.ref,
      loading: observable,
      adding: observable,
      error: observable.ref,
      created: observable.ref,
      clear: action,
      forgetPassword: action,
    });
  }

  async load(shopId: number): Promise<void> {
    runInAction(() => {
      this.loading = true;
      this.error = null;
    });
    try {
      const list = await this.api.call('staffList', { shopId });
      runInAction(() => (this.accounts = list));
    } catch (err) {
      runInAction(() => (this.error = asError(err)));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  async add(shopId: number, username: string, role: StaffRole): Promise<boolean> {
    runInAction(() => {
      this.adding = true;
      this.error = null;
      this.created = null;
    });
    try {
      const res = await this.api.call('staffAdd', { shopId, username, role });
      runInAction(() => {
        this.accounts = [...this.accounts.filter((a) => a.id !== res.account.id), res.account];
        this.created = { username: res.account.username, password: res.password };
      });
      return true;
    } catch (err) {
      runInAction(() => (this.error = asError(err)));
      return false;
    } finally {
      runInAction(() => (this.adding = false));
    }
  }

  async remove(shopId: number, id: number): Promise<boolean> {
    runInAction(() => (this.error = null));
    try {
      await this.api.call('staffRemove', { shopId, id });
      runInAction(() => (this.accounts = this.accounts.filter((a) => a.id !== id)));
      return true;
    } catch (err) {
      runInAction(() => (this.error = asError(err)));
      return false;
    }
  }

  forgetPassword(): void {
    this.created = null;
  }

  clear(): void {
    this.accounts = [];
    this.created = null;
    this.error = null;
  }
}

export class PasswordStore {
  saving = false;
  saved = false;
  error: ConsoleApiError | null = null;

  constructor(private readonly api: ConsoleApi) {
    makeObservable(this, { saving: observable, saved: observable, error: observable.ref, clear: action });
  }

  async change(current: string, next: string): Promise<boolean> {
    runInAction(() => {
      this.saving = true;
      this.saved = false;
      this.error = null;
    });
    try {
      await this.api.call('password', { current, next });
      runInAction(() => (this.saved = true));
      return true;
    } catch (err) {
      runInAction(() => (this.error = asError(err)));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  clear(): void {
    this.saved = false;
    this.error = null;
  }
}
