/**
 * The member account screens (MEMBER-1, 2, 3, 8): the card of the member center (the root's
 * MemberStore holds it; this store refreshes it), the info edit, the pay password (set, change, forget
 * with an SMS code), registering or binding a card (P§4 fast register with the platform's phone code,
 * the browser's phone + SMS code), and the official-account / notice prompts (P§7
 * vip/getMemberNotifyInfo, vip/bindOfficialAccount). Rules are the domain's; this store only runs
 * them, calls the server and says how each step ended.
 */
import type { ShopSettings } from '../../domain/types';
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../../api';
import { isApiError, settle, type ApiError } from '../../api/request';
import type { MemberNotifyInfo } from '../../api/contract/vip';
import { ErrorCode, ruleError, type RuleError } from '../../domain/errors';
import { checkPhone } from '../../domain/contact';
import { checkSmsCode, validateNewPayPassword } from '../../domain/validation';
import {
  enterPayPassword,
  payPasswordModeOf,
  restartAfterWrongOriginal,
  startPayPasswordEntry,
  type PayPasswordEntry,
  type PayPasswordMode,
} from '../../domain/members/pay-password';
import { birthdayPickerRange, validateMemberInfo, type DateRange } from '../../domain/members/member-info';
import { registersInPlace } from '../../domain/members/registration';
import type { Platform } from '../../platform/types';
import type { AuthStore } from '../auth';
import type { MemberStore } from '../member';
import { change } from '../named-action';
import type { RootStore } from '../root';
import type { SessionStore } from '../session';

export interface MemberAccountDeps {
  api: Pick<Api, 'vip' | 'user'>;
  member: MemberStore;
  auth: Pick<AuthStore, 'ensureLogin' | 'sendSmsCode' | 'loginWithSms'>;
  session: Pick<SessionStore, 'officialAccountOpenid' | 'phoneRegion'>;
  platform: Pick<Platform, 'phone'>;
  now: () => number;
  /** The shop being ordered from (isAllowFastRegister). */
  shop?: { readonly shop: Pick<ShopSettings, 'isAllowFastRegister'> | null };
}

/**
 * How a step ended. `shown`: the request layer already toasted the server's reason; otherwise the page
 * shows `error` (a local rule, or a silent call's refusal whose server text is `info`).
 */
export type StepResult = { ok: true } | { ok: false; error: RuleError; shown: boolean; info?: string; cancelled?: boolean };

/** How registering or binding ended (P§4, P§8). */
export type JoinResult =
  | { ok: true; kind: 'register' | 'bind'; identityChanged: boolean }
  /** P§8: code -1 — the card must be made in the store (dialog titled tips, one 'got it' button). */
  | { ok: false; needRegisterInStore: true }
  | { ok: false; needRegisterInStore?: false; error: RuleError; shown: boolean; info?: string; cancelled?: boolean };

/** How one keypad entry of the pay password ended. */
export type PayPasswordStepResult =
  | { state: 'next' }
  | { state: 'saved' }
  | { state: 'refused'; error: RuleError; shown: boolean };

/** The member center's card: loading, shown, or the load failed (P§4: dialog, confirm exits). */
export type CardState = 'loading' | 'ready' | 'failed';

const refusal = (e: ApiError, shown: boolean): { ok: false; error: RuleError; shown: boolean; info?: string } =>
  shown ? { ok: false, error: ruleError(e.code), shown } : { ok: false, error: ruleError(e.code), shown, info: e.info };

export class MemberAccountStore {
  cardState: CardState = 'loading';
  /** The catalogue code of a failed card load. */
  cardError: ErrorCode | null = null;
  /** The shop's notice settings for the member (vip/getMemberNotifyInfo); null until loaded. */
  notifyInfo: MemberNotifyInfo | null = null;
  /** The pay-password form's entry (null when the form is closed). */
  payPassword: PayPasswordEntry | null = null;
  /** The SMS code checked for a forgotten pay password (vip/checkCode); the reset sends it again. */
  resetCode: string | null = null;
  /** A call of this store is running (buttons show a spinner; a second tap does nothing). */
  busy = false;
  /**
   * Whether the card has a pay password (vip/getInfo says so; store/vipInfo does not): null until
   * known. The pay-password page sets one when not, changes it with the original when so.
   */
  payPasswordSet: boolean | null = null;
  /** The member's signed binding token (vip/genVipToken, 24 h) the bind QR code carries. */
  bindToken: { token: string; expiresAt: number } | null = null;

  constructor(private readonly deps: MemberAccountDeps) {
    makeObservable(this, {
      cardState: observable,
      cardError: observable,
      notifyInfo: observable.ref,
      payPassword: observable.ref,
      resetCode: observable,
      busy: observable,
      bindToken: observable.ref,
      payPasswordSet: observable,
      allowRegisterInWeb: computed,
      offerOfficialAccount: computed,
      birthdayRange: computed,
    });
  }

  private get member(): MemberStore {
    return this.deps.member;
  }

  /** P§5: registering in place only when the shop allows it (default yes); otherwise an existing card is bound. */
  /**
   * P§4 fast register: the host's phone authorisation (one button) where the platform has it and the
   * shop allows it (isAllowFastRegister); otherwise phone and SMS code, as in a browser.
   */
  get fastRegister(): boolean {
    const phone = this.deps.platform.phone;
    return phone.supported && !!phone.buttonOpenType && this.deps.shop?.shop?.isAllowFastRegister !== false;
  }

  get allowRegisterInWeb(): boolean {
    return registersInPlace(this.member.memberSetting);
  }

  /**
   * MEMBER-8: the official-account prompt shows for a member whose notices are not bound yet while the
   * session carries the official account's open id (the link from the account's menu brought it).
   */
  get offerOfficialAccount(): boolean {
    const info = this.notifyInfo;
    return this.member.isMember && info !== null && !info.isBindOfficialAccount && Boolean(this.deps.session.officialAccountOpenid);
  }

  /** C§5: the birthday picker runs 150 years either side of this year. */
  get birthdayRange(): DateRange {
    return birthdayPickerRange(this.deps.now());
  }

  private async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    change(`member-account/${name}`, () => {
      this.busy = true;
    });
    try {
      return await fn();
    } finally {
      change(`member-account/${name}Done`, () => {
        this.busy = false;
      });
    }
  }

  // ------------------------------------------------------------------ the member center

  /**
   * The card for the member center (store/vipInfo through the MemberStore), then, for a member, the
   * notice settings. A failed card load leaves `cardState` 'failed' with its code (the page shows the
   * "open vip center failed" dialog, P§4).
   */
  async loadCard(): Promise<void> {
    change('member-account/cardLoading', () => {
      this.cardState = this.member.loaded ? 'ready' : 'loading';
      this.cardError = null;
    });
    try {
      await this.member.load();
    } catch (e) {
      if (!isApiError(e)) throw e;
      change('member-account/cardFailed', () => {
        this.cardState = 'failed';
        this.cardError = e.code;
      });
      return;
    }
    // P§8 "Function Closed": the shop has switched the member function off — nothing to open
    const closed = this.member.memberSetting.isFunctionOpen === false;
    change('member-account/cardReady', () => {
      this.cardState = closed ? 'failed' : 'ready';
      this.cardError = closed ? ErrorCode.functionClosed : null;
    });
    if (!closed && this.member.isMember) await Promise.all([this.loadNotifyInfo(), this.loadPayPasswordState()]);
  }

  /** vip/getInfo (P§7): the card as the member center reads it, with whether a pay password is set. */
  private async loadPayPasswordState(): Promise<void> {
    const res = await settle(this.deps.api.vip.getInfo({}, { silent: true }));
    if (!res.ok) return;
    change('member-account/payPasswordSet', () => {
      this.payPasswordSet = res.data.vipInfo?.hasPayPassword ?? false;
    });
  }

  /** vip/getMemberNotifyInfo (MEMBER-8), members only; a refusal leaves the prompt hidden. */
  async loadNotifyInfo(): Promise<void> {
    const res = await settle(this.deps.api.vip.getMemberNotifyInfo(undefined, { silent: true }));
    change('member-account/notifyInfo', () => {
      this.notifyInfo = res.ok ? res.data : null;
    });
  }

  /** vip/bindOfficialAccount with the session's official-account open id (MEMBER-8). */
  async bindOfficialAccount(): Promise<StepResult> {
    const openid = this.deps.session.officialAccountOpenid;
    if (!openid) return { ok: false, error: ruleError(ErrorCode.functionClosed), shown: false };
    return this.run('bindOfficialAccount', async () => {
      try {
        await this.deps.api.vip.bindOfficialAccount({ officialAccountOpenid: openid });
      } catch (e) {
        if (!isApiError(e)) throw e;
        return refusal(e, true);
      }
      change('member-account/officialAccountBound', () => {
        if (this.notifyInfo) this.notifyInfo = { ...this.notifyInfo, isBindOfficialAccount: true };
      });
      const card = this.member.vipInfo;
      if (card) this.member.setVipInfo({ ...card, isBindOfficialAccount: true });
      return { ok: true };
    });
  }

  /**
   * The token of the member's binding QR code (vip/genVipToken: the card, signed, for 24 hours; kept
   * while it has more than a minute left). A shop assistant scans it to find or bind the card.
   */
  async loadBindToken(force = false): Promise<StepResult> {
    const kept = this.bindToken;
    if (!force && kept && kept.expiresAt - this.deps.now() > 60_000) return { ok: true };
    try {
      const token = await this.deps.api.vip.genVipToken(undefined, { silent: true });
      change('member-account/bindToken', () => {
        this.bindToken = token;
      });
      return { ok: true };
    } catch (e) {
      if (!isApiError(e)) throw e;
      return refusal(e, false);
    }
  }

  // ------------------------------------------------------------------ info edit (MEMBER-1)

  /** vip/update with the name and birthday; the card shows the server's answer. */
  async updateInfo(name: string, birthday: string | null): Promise<StepResult> {
    const errors = validateMemberInfo({ name, birthday }, this.birthdayRange);
    if (errors.length > 0) return { ok: false, error: errors[0], shown: false };
    return this.run('update', async () => {
      try {
        const res = await this.deps.api.vip.update({ name: name.trim(), ...(birthday ? { birthday } : {}) });
        this.member.setVipInfo(res.vipInfo);
        return { ok: true };
      } catch (e) {
        if (!isApiError(e)) throw e;
        return refusal(e, true);
      }
    });
  }

  // ------------------------------------------------------------------ pay password (MEMBER-2)

  /** The mode the pay-password page opens in for this card. */
  get payPasswordMode(): PayPasswordMode {
    return payPasswordModeOf(this.payPasswordSet ?? this.member.vipInfo?.hasPayPassword);
  }

  /** Opens the keypad entry: set or change for the card, reset after a checked SMS code. */
  startPayPassword(mode: PayPasswordMode = this.payPasswordMode): void {
    change('member-account/payPasswordStart', () => {
      this.payPassword = startPayPasswordEntry(mode);
    });
  }

  /**
   * One finished keypad entry (6 digits). The last one sends vip/updatePayPassword; the server's
   * "origin password incorrect" starts the entry again at the original.
   */
  async enterPayPassword(digits: string): Promise<PayPasswordStepResult> {
    const entry = this.payPassword;
    const card = this.member.vipInfo;
    if (!entry || !card) return { state: 'refused', error: ruleError(ErrorCode.pleaseRegisterFirst), shown: false };
    if (this.busy) return { state: 'refused', error: ruleError(ErrorCode.requestInProgress), shown: false };
    const answer = enterPayPassword(entry, digits);
    change('member-account/payPasswordEntry', () => {
      this.payPassword = answer.entry;
    });
    if (answer.error) return { state: 'refused', error: answer.error, shown: false };
    const done = answer.done;
    if (!done) return { state: 'next' };
    // the same rules the server applies, checked once more on what is sent (P§5)
    const broken = validateNewPayPassword({ password: done.payPassword, repeat: done.repeatPayPassword });
    if (broken.length > 0) return { state: 'refused', error: broken[0], shown: false };
    const reset = entry.mode === 'reset' ? { phone: card.phone ?? '', smsCode: this.resetCode ?? '' } : {};
    return this.run('updatePayPassword', async () => {
      try {
        await this.deps.api.vip.updatePayPassword({ id: card.id, ...done, ...reset });
      } catch (e) {
        if (!isApiError(e)) throw e;
        change('member-account/payPasswordRefused', () => {
          // a wrong original: everything is typed again; other refusals keep the step the server judged
          this.payPassword = e.code === ErrorCode.originPasswordIncorrect ? restartAfterWrongOriginal(entry) : startPayPasswordEntry(entry.mode);
        });
        return { state: 'refused', error: ruleError(e.code), shown: true };
      }
      change('member-account/payPasswordSaved', () => {
        this.payPassword = null;
        this.resetCode = null;
        this.payPasswordSet = true;
      });
      this.member.setVipInfo({ ...card, hasPayPassword: true });
      return { state: 'saved' };
    });
  }

  // ------------------------------------------------------------------ SMS codes

  /**
   * Sends an SMS code (register in a browser, forgotten pay password): the shop's quota first
   * (user/getSmsQuantity — none left is "no SMS left", P§5), then user/sendSmsCode through the auth
   * store, which runs the resend countdown.
   */
  async sendSmsCode(phone: string): Promise<StepResult> {
    const phoneError = checkPhone(phone, this.deps.session.phoneRegion);
    if (phoneError) return { ok: false, error: phoneError, shown: false };
    const login = await this.deps.auth.ensureLogin();
    if (!login.ok) return { ok: false, error: ruleError(login.code), shown: true };
    const quota = await settle(this.deps.api.user.getSmsQuantity(undefined, { silent: true }));
    if (quota.ok && quota.data.quantity <= 0) return { ok: false, error: ruleError(ErrorCode.noSmsLeft), shown: false };
    const sent = await this.deps.auth.sendSmsCode(phone);
    return sent.ok ? { ok: true } : { ok: false, error: sent.error, shown: sent.shown };
  }

  /**
   * Forgotten pay password, first step: the code sent to the card's phone is checked (vip/checkCode);
   * the reset then sends it with the new password. The card's own phone only: the server refuses others.
   */
  async checkResetCode(code: string): Promise<StepResult> {
    const card = this.member.vipInfo;
    if (!card?.phone) return { ok: false, error: ruleError(ErrorCode.pleaseRegisterFirst), shown: false };
    const codeError = checkSmsCode(code);
    if (codeError) return { ok: false, error: codeError, shown: false };
    const phone = card.phone;
    return this.run('checkCode', async () => {
      try {
        await this.deps.api.vip.checkCode({ phone, code: code.trim() });
      } catch (e) {
        if (!isApiError(e)) throw e;
        return refusal(e, true);
      }
      change('member-account/resetCode', () => {
        this.resetCode = code.trim();
        this.payPassword = startPayPasswordEntry('reset');
      });
      return { ok: true };
    });
  }

  // ------------------------------------------------------------------ register and bind (MEMBER-3)

  /**
   * P§4 fast register: the phone-authorisation event of the platform's button gives a code; without
   * one only a failure is logged. allowRegisterInWeb → vip/register, otherwise vip/bind.
   */
  async joinWithPhoneAuth(buttonDetail: unknown): Promise<JoinResult> {
    if (this.busy) return { ok: false, error: ruleError(ErrorCode.requestInProgress), shown: false, cancelled: true };
    const auth = await this.deps.platform.phone.fromButtonEvent(buttonDetail);
    if (!auth.ok) {
      void settle(this.deps.api.user.putLogs({ log: `fast register without a phone code: ${auth.detail ?? auth.code}` }, { silent: true }));
      return { ok: false, error: ruleError(auth.code), shown: false, cancelled: true };
    }
    return this.run('join', () => this.join({ code: auth.value.code }, false));
  }

  /**
   * A browser's phone + SMS code. A device visitor is told to log in by SMS first
   * (smsLoginRequired): the same code then logs in (user/h5Login), and the card is made or bound with
   * the phone that login proved — one code in all.
   */
  async joinWithSms(phone: string, code: string): Promise<JoinResult> {
    const phoneError = checkPhone(phone, this.deps.session.phoneRegion);
    if (phoneError) return { ok: false, error: phoneError, shown: false };
    const codeError = checkSmsCode(code);
    if (codeError) return { ok: false, error: codeError, shown: false };
    if (this.busy) return { ok: false, error: ruleError(ErrorCode.requestInProgress), shown: false, cancelled: true };
    const p = phone.trim();
    const c = code.trim();
    return this.run('join', async () => {
      const first = await this.join({ phone: p, smsCode: c }, false);
      if (first.ok || first.needRegisterInStore || first.error.code !== ErrorCode.smsLoginRequired) return first;
      const login = await this.deps.auth.loginWithSms(p, c);
      if (!login.ok) return { ok: false, error: ruleError(login.code), shown: true };
      // the phone's user may already hold a card of the shop
      const loaded = await settle(this.member.load());
      if (loaded.ok && this.member.isMember) return { ok: true, kind: 'bind', identityChanged: true };
      const second = await this.join({ phone: p }, true);
      return second.ok ? { ...second, identityChanged: true } : second;
    });
  }

  private async join(proof: { code?: string; phone?: string; smsCode?: string }, identityChanged: boolean): Promise<JoinResult> {
    // register or bind is the shop's setting: read it before choosing, when the card page has not yet
    if (!this.member.loaded) await settle(this.member.load());
    const register = this.allowRegisterInWeb;
    const call = register ? this.deps.api.vip.register : this.deps.api.vip.bind;
    try {
      // silent: P§8 decides how a refusal shows (the -1 dialog or the plain toast of the server's text)
      const res = await call(proof, { silent: true });
      this.member.setVipInfo(res.vipInfo);
      change('member-account/joinedCard', () => {
        this.payPasswordSet = res.vipInfo.hasPayPassword ?? false;
      });
    } catch (e) {
      if (!isApiError(e)) throw e;
      if (e.code === ErrorCode.needRegisterInStore) return { ok: false, needRegisterInStore: true };
      return refusal(e, false);
    }
    // the setting, levels and pricing facts follow the new card
    await settle(this.member.load());
    change('member-account/joined', () => {
      this.notifyInfo = null;
      this.bindToken = null;
      this.cardState = 'ready';
    });
    return { ok: true, kind: register ? 'register' : 'bind', identityChanged };
  }
}

export const MEMBER_ACCOUNT_AREA = 'member-account';

/** The member pages' account store of `root`, built from its API and session-level stores (first use only). */
export function memberAccountArea(root: RootStore): MemberAccountStore {
  return root.area(
    MEMBER_ACCOUNT_AREA,
    (r) =>
      new MemberAccountStore({
        api: r.api,
        member: r.member,
        auth: r.auth,
        session: r.session,
        platform: r.platform,
        now: r.now,
        shop: r.shop,
      }),
  );
}
