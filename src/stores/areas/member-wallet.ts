/**
 * The member's wallet screens (MEMBER-4…6): top-up with the shop's pay rules (first-charge and regular
 * rules, the gift each amount brings, a typed amount when allowed) paid through the platform's
 * payment like an order's — the host wallet (weapp `requestPayment`, alipay `my.tradePay`) or the
 * provider's page (H5 cashier) — then vip/rechargeQuery until the provider's settlement shows, and
 * the card in `member` refreshed (balance, gift amount, points); balance and point history (vip/doc,
 * vip/pointDoc, paged), limit cards and their uses, the chain's shops.
 *
 * Built by the member pages through `memberWalletArea(root)`, so this module travels in the
 * member subpackage, not in the start-up code.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../../api';
import { ruleOf, settle } from '../../api/request';
import type { ReqOf, ResOf } from '../../api/contract/common';
import type { storeCalls } from '../../api/contract/store';
import type { PayStart } from '../../api/contract/shared-shapes';
import type { PayRule, VipShop, VipTransaction, vipCalls } from '../../api/contract/vip';
import { PayStatus, PayType } from '../../domain/enums';
import type { PayType as PayTypeValue } from '../../domain/enums';
import { ErrorCode, ruleError, type RuleError } from '../../domain/errors';
import * as moneyFns from '../../domain/money';
import {
  RECHARGE_MIN_AMOUNT,
  parseRechargeAmount,
  presentForAmount,
  rechargePayTypes,
  sortRechargeRules,
} from '../../domain/members/recharge';
import { pageOrigin } from '../../platform/page-origin';
import type { Platform } from '../../platform/types';
import type { MemberStore } from '../member';
import type { ShopScoped, ShopStore, ShopSwitchResult } from '../shop';
import { change } from '../named-action';
import type { RootStore } from '../root';
import { PagedList, type ListPage } from './paged-list';

const money = { ...moneyFns };

export type RechargeQuery = ResOf<(typeof vipCalls)['rechargeQuery']>;
export type LimitCard = ResOf<(typeof storeCalls)['limitCardList']>['list'][number];
export type LimitCardUse = ResOf<(typeof storeCalls)['limitCardUseList']>['list'][number];
export type { PayRule, VipShop, VipTransaction };

/** The route charge success lives at; a provider page returns there with `rechargeId`. */
export const CHARGE_SUCCESS_PATH = '/pages/member/charge-success';

/** Pay types paid on a provider's page that comes back to the app (H5 cashier, mini web-view). */
const PROVIDER_PAY_TYPES: readonly PayTypeValue[] = [PayType.stripe, PayType.allinpay];

/** How often and how long charge success asks whether the provider's settlement has arrived. */
export const RECHARGE_POLL = { attempts: 8, delayMs: 1500 } as const;

/** How a top-up ended (or where it goes next). */
export type RechargeOutcome =
  | { status: 'busy' }
  | { status: 'invalid'; error: RuleError }
  | { status: 'failed'; error: RuleError; rechargeId?: number }
  /** The provider settled it: the card is credited. */
  | { status: 'paid'; rechargeId: number }
  /** The provider's page must be opened with this url; it returns to charge success. */
  | { status: 'redirect'; rechargeId: number; url: string }
  | { status: 'cancelled'; rechargeId: number; error: RuleError }
  /** Paid in the wallet but the settlement has not shown yet (C§8 "check whether paid"). */
  | { status: 'processing'; rechargeId: number; error: RuleError };

/** What charge success shows while and after it asks. */
export type ChargeResultStatus = 'idle' | 'checking' | 'paid' | 'processing' | 'failed' | 'cancelled' | 'error';

/** The choice on the recharge screen: one of the rules, or an amount the member types. */
export type RechargeChoice = { kind: 'rule'; ruleId: number } | { kind: 'custom' };

/** What the pay button would pay: an amount, the gift it brings and the rule it names (if any). */
export type RechargeSelection =
  | { ok: true; amount: number; gift: number; ruleId?: number; isFirst: boolean }
  | { ok: false; error: RuleError };

/** An amount split into its sign and size, for "+100.00" / "-35.00" rows. */
export interface SignedAmount {
  sign: '+' | '-' | '';
  value: number;
}

/** The sign and size of a signed movement (money, never float arithmetic). */
export function signedAmount(n: number): SignedAmount {
  if (money.isZero(n)) return { sign: '', value: 0 };
  return money.isNegative(n) ? { sign: '-', value: money.toNumber(money.neg(n)) } : { sign: '+', value: n };
}

export interface MemberWalletDeps {
  api: Pick<Api, 'vip' | 'store'>;
  platform: Pick<Platform, 'name' | 'payment'>;
  /** The card of the ordering flow: read for the member id, refreshed after a top-up. */
  member: Pick<MemberStore, 'vipInfo' | 'loaded' | 'load' | 'setVipInfo' | 'reset'>;
  /** The shop: its decimals and member setting, and the switch to another shop of the chain. */
  shop: Pick<ShopStore, 'numberDecimals' | 'memberSetting' | 'switchShop' | 'shopId'>;
  /** What else belongs to the shop left behind on a switch (coupons, promotions). */
  scoped?: readonly ShopScoped[];
  now: () => number;
  /**
   * The app's own address of a route, for a provider page to come back to (H5); null where the
   * provider page opens inside the app (mini-program web-view).
   */
  appUrl?: (path: string) => string | null;
  /** Waits between two settlement queries (tests pass an immediate one). */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class MemberWalletStore {
  // --- recharge ---------------------------------------------------------------------------
  rules: PayRule[] = [];
  allowCustomAmount = false;
  minAmount: number = RECHARGE_MIN_AMOUNT;
  /** The shop's pay types for top-ups (store/vipChargePaySetting), before the platform filter. */
  enabledPayTypes: PayTypeValue[] = [];
  rechargeLoaded = false;
  rechargeLoading = false;
  rechargeError: RuleError | null = null;
  choice: RechargeChoice = { kind: 'custom' };
  customText = '';
  chosenPayType: PayTypeValue | null = null;
  paying = false;

  // --- charge success ---------------------------------------------------------------------
  result: RechargeQuery | null = null;
  resultStatus: ChargeResultStatus = 'idle';
  resultError: RuleError | null = null;
  private resultGeneration = 0;

  // --- history ----------------------------------------------------------------------------
  readonly balanceDoc: PagedList<VipTransaction>;
  readonly pointDoc: PagedList<VipTransaction>;
  readonly cardUses: PagedList<LimitCardUse>;
  /** The card whose uses `cardUses` lists. */
  historyCardId: number | null = null;

  limitCards: LimitCard[] = [];
  limitCardsLoaded = false;
  limitCardsError: RuleError | null = null;

  shops: VipShop[] = [];
  shopsLoaded = false;
  shopsError: RuleError | null = null;
  /** The shop being switched to (store-list). */
  switchingTo: number | null = null;

  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: MemberWalletDeps) {
    this.sleep = deps.sleep ?? wait;
    this.balanceDoc = new PagedList('wallet/doc', (page, pageLimit) => this.docPage('doc', page, pageLimit));
    this.pointDoc = new PagedList('wallet/pointDoc', (page, pageLimit) => this.docPage('pointDoc', page, pageLimit));
    this.cardUses = new PagedList<LimitCardUse>('wallet/cardUses', (page, pageLimit) => Promise.resolve(emptyPage(page, pageLimit)));
    makeObservable<MemberWalletStore, 'deps'>(this, {
      deps: false,
      rules: observable.ref,
      allowCustomAmount: observable,
      minAmount: observable,
      enabledPayTypes: observable.ref,
      rechargeLoaded: observable,
      rechargeLoading: observable,
      rechargeError: observable.ref,
      choice: observable.ref,
      customText: observable,
      chosenPayType: observable,
      paying: observable,
      result: observable.ref,
      resultStatus: observable,
      resultError: observable.ref,
      historyCardId: observable,
      limitCards: observable.ref,
      limitCardsLoaded: observable,
      limitCardsError: observable.ref,
      shops: observable.ref,
      shopsLoaded: observable,
      shopsError: observable.ref,
      switchingTo: observable,
      isMember: computed,
      memberKnown: computed,
      firstCharge: computed,
      payTypes: computed,
      payType: computed,
      selection: computed,
      customGift: computed,
      chargeSlogan: computed,
      historyCard: computed,
    });
  }

  // --- the card ---------------------------------------------------------------------------

  /** The card has been asked for (a visitor's answer is "no card"). */
  get memberKnown(): boolean {
    return this.deps.member.loaded;
  }

  get isMember(): boolean {
    return this.deps.member.vipInfo !== null;
  }

  /** P§2: the card was never charged, so first-charge rules and gifts apply. */
  get firstCharge(): boolean {
    return this.deps.member.vipInfo?.isCharged !== true;
  }

  /** The card, asked for once when the boot has not brought it yet. */
  private async memberId(): Promise<number | null> {
    if (!this.deps.member.loaded) await this.deps.member.load().catch(() => undefined);
    return this.deps.member.vipInfo?.id ?? null;
  }

  // --- recharge ---------------------------------------------------------------------------

  /** P§3 chargeSlogan of the member setting (shown above the amounts). */
  get chargeSlogan(): string {
    return this.deps.shop.memberSetting?.chargeSlogan ?? '';
  }

  /** The top-up pay types usable here (never cash or the card; each wallet in its own host). */
  get payTypes(): PayTypeValue[] {
    return rechargePayTypes(this.enabledPayTypes, this.deps.platform.name);
  }

  /** The chosen pay type while usable, else the first one. */
  get payType(): PayTypeValue | null {
    if (this.chosenPayType && this.payTypes.includes(this.chosenPayType)) return this.chosenPayType;
    return this.payTypes[0] ?? null;
  }

  /** The gift the typed amount would bring (0 until it is a valid amount). */
  get customGift(): number {
    const parsed = parseRechargeAmount(this.customText, this.deps.shop.numberDecimals, this.minAmount);
    return parsed.ok ? presentForAmount(this.rules, this.firstCharge, parsed.amount).present : 0;
  }

  /** What the pay button pays now, or why it cannot. */
  get selection(): RechargeSelection {
    const choice = this.choice;
    if (choice.kind === 'rule') {
      const rule = this.rules.find((r) => r.id === choice.ruleId);
      if (!rule) return { ok: false, error: ruleError(ErrorCode.amountError) };
      return { ok: true, amount: rule.chargeAmount, gift: rule.presentAmount, ruleId: rule.id, isFirst: rule.isFirst };
    }
    if (!this.allowCustomAmount) return { ok: false, error: ruleError(ErrorCode.amountError) };
    const parsed = parseRechargeAmount(this.customText, this.deps.shop.numberDecimals, this.minAmount);
    if (!parsed.ok) return parsed;
    // the server fixes the gift of a typed amount with the same rule (src/domain/members/recharge.ts)
    const best = presentForAmount(this.rules, this.firstCharge, parsed.amount);
    return { ok: true, amount: parsed.amount, gift: best.present, isFirst: best.rule?.isFirst ?? false };
  }

  /**
   * Loads what the recharge screen offers: the pay rules of this card (vip/payRules — first-charge
   * rules while it was never charged) and the top-up pay types (store/vipChargePaySetting). A visitor
   * is told to register first; a shop without top-ups answers functionClosed.
   */
  async loadRecharge(): Promise<void> {
    change('wallet/rechargeLoading', () => {
      this.rechargeLoading = true;
      this.rechargeError = null;
    });
    try {
      if ((await this.memberId()) === null) {
        change('wallet/rechargeVisitor', () => {
          this.rechargeError = ruleError(ErrorCode.pleaseRegisterFirst);
        });
        return;
      }
      if (this.deps.shop.memberSetting?.isAllowRecharge === false) {
        change('wallet/rechargeClosed', () => {
          this.rechargeError = ruleError(ErrorCode.functionClosed);
        });
        return;
      }
      const [rules, setting] = await Promise.all([
        settle(this.deps.api.vip.payRules({}, { silent: true })),
        settle(this.deps.api.store.vipChargePaySetting(undefined, { silent: true })),
      ]);
      change('wallet/recharge', () => {
        if (!rules.ok) {
          this.rechargeError = ruleError(rules.error.code);
          return;
        }
        this.rules = sortRechargeRules(rules.data.list);
        this.allowCustomAmount = rules.data.allowCustomAmount;
        this.minAmount = rules.data.minAmount;
        this.enabledPayTypes = setting.ok ? setting.data.payTypes : [];
        const kept = this.choice.kind === 'rule' && this.rules.some((r) => this.choice.kind === 'rule' && r.id === this.choice.ruleId);
        if (!kept) this.choice = this.rules[0] ? { kind: 'rule', ruleId: this.rules[0].id } : { kind: 'custom' };
        this.rechargeLoaded = true;
      });
    } finally {
      change('wallet/rechargeLoaded', () => {
        this.rechargeLoading = false;
      });
    }
  }

  selectRule(ruleId: number): void {
    change('wallet/selectRule', () => {
      this.choice = { kind: 'rule', ruleId };
    });
  }

  /** The member types an amount of their own (P§7 allowCustomAmount). */
  chooseCustom(): void {
    if (!this.allowCustomAmount) return;
    change('wallet/chooseCustom', () => {
      this.choice = { kind: 'custom' };
    });
  }

  setCustomText(text: string): void {
    change('wallet/customText', () => {
      this.customText = text;
      if (this.allowCustomAmount) this.choice = { kind: 'custom' };
    });
  }

  setPayType(payType: PayTypeValue): void {
    change('wallet/payType', () => {
      this.chosenPayType = payType;
    });
  }

  /**
   * Starts the top-up (vip/recharge) and pays it: a host wallet pays in place and the settlement is
   * then awaited; a provider page is returned for the page to open. A repeated tap while one runs
   * does nothing (`busy`).
   */
  async recharge(): Promise<RechargeOutcome> {
    if (this.paying) return { status: 'busy' };
    const selection = this.selection;
    if (!selection.ok) return { status: 'invalid', error: selection.error };
    const payType = this.payType;
    if (!payType) return { status: 'invalid', error: ruleError(ErrorCode.noValidPayType) };
    change('wallet/paying', () => {
      this.paying = true;
    });
    try {
      const req: ReqOf<(typeof vipCalls)['recharge']> =
        selection.ruleId !== undefined
          ? { ruleId: selection.ruleId, payType: payType as ReqOf<(typeof vipCalls)['recharge']>['payType'] }
          : { amount: selection.amount, payType: payType as ReqOf<(typeof vipCalls)['recharge']>['payType'] };
      // only provider pages come back through it; the host wallets pay in place
      const back = PROVIDER_PAY_TYPES.includes(payType) ? (this.deps.appUrl?.(CHARGE_SUCCESS_PATH) ?? null) : null;
      if (back) req.returnUrl = back;
      const res = await settle(this.deps.api.vip.recharge(req, { silent: true }));
      if (!res.ok) return { status: 'failed', error: ruleOf(res.error) };
      change('wallet/started', () => {
        this.result = null;
        this.resultStatus = 'idle';
      });
      return await this.followPayStart(res.data.rechargeId, res.data.pay);
    } finally {
      change('wallet/paid', () => {
        this.paying = false;
      });
    }
  }

  private async followPayStart(rechargeId: number, start: PayStart): Promise<RechargeOutcome> {
    if (start.kind === 'redirect') return { status: 'redirect', rechargeId, url: start.url };
    if (start.kind === 'wallet') {
      // the host wallet with the server's signed parameters; only the provider's notification credits
      const paid = await this.deps.platform.payment.requestPayment(start.params);
      if (!paid.ok) {
        const cancelled = paid.cancelled === true || paid.code === ErrorCode.payCancelled;
        if (cancelled) return { status: 'cancelled', rechargeId, error: ruleError(ErrorCode.payCancelled) };
        if (paid.code !== ErrorCode.checkWhetherPaid) {
          const code = paid.code === ErrorCode.platformUnsupported ? ErrorCode.paymentInitializing : (paid.code as ErrorCode);
          return { status: 'failed', rechargeId, error: ruleError(code) };
        }
      }
    }
    return this.checkRecharge(rechargeId);
  }

  /**
   * Asks vip/rechargeQuery until the top-up is settled (paid, failed or closed) or the attempts run
   * out; a paid top-up refreshes the card (balance, gift amount, points). Charge success calls it on
   * entry, a wallet payment right after the wallet. A newer check drops an older one's answers.
   */
  async checkRecharge(rechargeId: number, attempts: number = RECHARGE_POLL.attempts): Promise<RechargeOutcome> {
    const generation = (this.resultGeneration += 1);
    change('wallet/checking', () => {
      if (this.result?.rechargeId !== rechargeId) this.result = null;
      this.resultStatus = 'checking';
      this.resultError = null;
    });
    let lastError: RuleError | null = null;
    for (let i = 0; i < attempts; i++) {
      if (i > 0) await this.sleep(RECHARGE_POLL.delayMs);
      if (generation !== this.resultGeneration) return { status: 'processing', rechargeId, error: ruleError(ErrorCode.checkWhetherPaid) };
      const q = await settle(this.deps.api.vip.rechargeQuery({ rechargeId }, { silent: true }));
      if (generation !== this.resultGeneration) return { status: 'processing', rechargeId, error: ruleError(ErrorCode.checkWhetherPaid) };
      if (!q.ok) {
        lastError = ruleError(q.error.code);
        // a top-up that is not this member's (or no longer exists) will not appear by asking again
        if (q.error.kind === 'business') break;
        continue;
      }
      const data = q.data;
      change('wallet/result', () => {
        this.result = { ...data, rechargeId: data.rechargeId ?? rechargeId };
      });
      if (data.payStatus === PayStatus.success) {
        this.deps.member.setVipInfo(data.vipInfo);
        this.setResultStatus('paid', null);
        return { status: 'paid', rechargeId };
      }
      if (data.payStatus === PayStatus.fail) {
        const error = ruleError(ErrorCode.paymentWrong);
        this.setResultStatus('failed', error);
        return { status: 'failed', rechargeId, error };
      }
      if (data.payStatus === PayStatus.cancel) {
        const error = ruleError(ErrorCode.payCancelled);
        this.setResultStatus('cancelled', error);
        return { status: 'cancelled', rechargeId, error };
      }
    }
    if (lastError && !this.result) {
      this.setResultStatus('error', lastError);
      return { status: 'failed', rechargeId, error: lastError };
    }
    const error = ruleError(ErrorCode.checkWhetherPaid);
    this.setResultStatus('processing', error);
    return { status: 'processing', rechargeId, error };
  }

  private setResultStatus(status: ChargeResultStatus, error: RuleError | null): void {
    change('wallet/resultStatus', () => {
      this.resultStatus = status;
      this.resultError = error;
    });
  }

  // --- history ----------------------------------------------------------------------------

  private async docPage(call: 'doc' | 'pointDoc', page: number, pageLimit: number): Promise<ListPage<VipTransaction>> {
    const id = await this.memberId();
    if (id === null) return emptyPage(page, pageLimit);
    return this.deps.api.vip[call]({ id, page, pageLimit }, { silent: true });
  }

  /** store/limitCardList: the member's limit cards (product, times left, validity). */
  async loadLimitCards(): Promise<void> {
    change('wallet/limitCardsLoading', () => {
      this.limitCardsError = null;
    });
    const id = await this.memberId();
    if (id === null) {
      change('wallet/limitCardsVisitor', () => {
        this.limitCards = [];
        this.limitCardsLoaded = true;
      });
      return;
    }
    const res = await settle(this.deps.api.store.limitCardList({ id }, { silent: true }));
    change('wallet/limitCards', () => {
      if (res.ok) {
        this.limitCards = res.data.list;
        this.limitCardsLoaded = true;
      } else this.limitCardsError = ruleOf(res.error);
    });
  }

  /** Whether a card can still be used at `now`: times left and not past its validity. */
  cardUsable(card: LimitCard): boolean {
    return card.remainingTimes > 0 && (card.expiresAt === null || card.expiresAt > this.deps.now());
  }

  /** The card whose use history is open (once the cards are loaded). */
  get historyCard(): LimitCard | null {
    return this.limitCards.find((c) => c.id === this.historyCardId) ?? null;
  }

  /**
   * Opens the use history of one card: store/limitCardUseList of the card's product for this member
   * (P§7 productId, memberId, page, pageLimit), paged.
   */
  async openCardHistory(cardId: number): Promise<void> {
    change('wallet/historyCard', () => {
      this.historyCardId = cardId;
    });
    if (!this.limitCardsLoaded || !this.historyCard) await this.loadLimitCards();
    const card = this.historyCard;
    await this.cardUses.load(async (page, pageLimit) => {
      const memberId = await this.memberId();
      if (memberId === null || !card) return emptyPage(page, pageLimit);
      const res = await this.deps.api.store.limitCardUseList(
        { ...(card.productId !== null ? { productId: card.productId } : {}), memberId, page, pageLimit },
        { silent: true },
      );
      // uses of another card of the same product belong to that card (the page is still as long)
      return { ...res, list: res.list.filter((u) => u.limitCardId === card.id), fetched: res.list.length };
    });
  }

  /** vip/getVipShopList: the shops of the card's chain (or its own shop). */
  async loadShops(): Promise<void> {
    change('wallet/shopsLoading', () => {
      this.shopsError = null;
    });
    if ((await this.memberId()) === null) {
      change('wallet/shopsVisitor', () => {
        this.shops = [];
        this.shopsLoaded = true;
      });
      return;
    }
    const res = await settle(this.deps.api.vip.getVipShopList(undefined, { silent: true }));
    change('wallet/shops', () => {
      if (res.ok) {
        this.shops = res.data.list;
        this.shopsLoaded = true;
      } else this.shopsError = ruleOf(res.error);
    });
  }

  /** The shop the app is in now (marked in the list). */
  get currentShopId(): number | null {
    return this.deps.shop.shopId;
  }

  /**
   * Goes to another shop of the chain: the session moves there (its token, then its menu, card and
   * coupons on the next boot). A second tap while one switch runs does nothing.
   */
  async openShop(shopId: number): Promise<ShopSwitchResult | null> {
    if (this.switchingTo !== null) return null;
    change('wallet/switching', () => {
      this.switchingTo = shopId;
    });
    try {
      return await this.deps.shop.switchShop(shopId, [this.deps.member, ...(this.deps.scoped ?? [])]);
    } finally {
      change('wallet/switched', () => {
        this.switchingTo = null;
      });
    }
  }
}

function emptyPage<T>(page: number, pageLimit: number): ListPage<T> {
  return { list: [], total: 0, page, pageLimit };
}

/** The H5 app's own address of a route (the provider cashier returns there); null in a mini program. */
function appUrl(path: string): string | null {
  const origin = pageOrigin();
  return origin ? `${origin}/#${path}` : null;
}

/** The wallet store of `root`, built from its API, platform, card and shop (first use only). */
export function memberWalletArea(root: RootStore): MemberWalletStore {
  return root.area(
    'wallet',
    (r) =>
      new MemberWalletStore({
        api: r.api,
        platform: r.platform,
        member: r.member,
        shop: r.shop,
        scoped: [r.promotion],
        now: r.now,
        appUrl,
      }),
  );
}
