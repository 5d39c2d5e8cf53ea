/**
 * Session state (C§3 "Session state"; APP-5, APP-10, USER-1 token): who and where the customer is,
 * the chosen order type and its user-agent code, the theme colour, the language and the token.
 */
import { defaultPhoneRegion } from '../domain/countries';
import { computed, makeObservable, observable } from 'mobx';
import { OPENID_STORAGE_KEY, TokenStore } from '../api/request';
import { Industry, Limits, OrderType } from '../domain/enums';
import type { Industry as IndustryCode, OrderType as OrderTypeValue } from '../domain/enums';
import { chooseLanguage } from '../domain/language';
import type { Language } from '../domain/language';
import { SESSION_FLAGS_CLEARED_AT_LAUNCH, parseStartupParams } from '../domain/startup';
import { miniProgramLaunchQuery } from '../platform/launch-query';
import type { StartupState } from '../domain/startup';
import { ORDER_TYPE_CHANGED, userAgentCode } from '../domain/user-agent';
import type { UserAgentPlatform } from '../domain/user-agent';
import { setLanguage as setI18nLanguage } from '../i18n';
import type { KeyValueStorage, Platform } from '../platform/types';
import { Emitter } from './events';
import { change } from './named-action';

/** C§2 / P§9: the live channel closes with code 1000 (normal closure) when the app is hidden. */
export const LIVE_CLOSE_ON_HIDE = 1000;

/** Storage key of the language the customer chose (it overrides the default, C§1). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** The scan-order live channel as the session sees it (APP-10). */
export interface LiveChannel {
  close(code: number): void;
  open(): void;
}

/** The label key of the ordering tab (C§2: relabelled as cart, choose product or appointment). */
export type TabOrderingLabelKey = 'tabBar.cart' | 'tabBar.chooseProduct' | 'tabBar.appointment';

/** Payload of ORDER_TYPE_CHANGED. */
export interface OrderTypeChange {
  orderType: OrderTypeValue;
  previous: OrderTypeValue | null;
  userAgent: number;
}

export interface SessionEvents extends Record<string, unknown> {
  [ORDER_TYPE_CHANGED]: OrderTypeChange;
}

/**
 * Session fields set from entry links and pages rather than from the launch query (C§3). The spec's
 * session list also names shareActivityId, isChainToVipCenter and isToPointMall, with no behaviour
 * anywhere in it (C§2's entry routing reads the vip-center flag, the shared red bag and the products):
 * they are not kept (docs/decisions.md "Session fields without a behaviour").
 */
export interface SessionEntryFields {
  shareProductId: string | null;
  expandActivityId: string | null;
  expandCouponId: string | null;
  tableCode: string | null;
  isToVipCenter: boolean;
  officialAccountOpenid: string | null;
  autoAddProductId: string | null;
}

export interface SessionDeps {
  storage: KeyValueStorage;
  platform: Pick<Platform, 'name' | 'client' | 'lifecycle'>;
  realtime?: LiveChannel | null;
  /** The overseas environment (C§1); defaults to the build's ABROAD_ENV. */
  abroad: boolean;
  now?: () => number;
}

/** Industries whose ordering tab is a shopping cart rather than a menu (retail-like shops). */
const CART_INDUSTRIES: readonly IndustryCode[] = [Industry.retail, Industry.clothes, Industry.pet, Industry.baby];

export class SessionStore {
  // C§3 session state
  /** Shop id. */
  id: string | null = null;
  /** USER-5: the region of a phone typed without a calling code (mainland China; none overseas). */
  readonly phoneRegion: string | null;
  /** The user-agent code of the order type on this client (C§3), sent as userAgentType. */
  userAgent: number | null = null;
  orderType: OrderTypeValue | null = null;
  shareProductId: string | null = null;
  expandActivityId: string | null = null;
  expandCouponId: string | null = null;
  tableNo: string | null = null;
  openid = '';
  payOpenid: string | null = null;
  payCallback: string | null = null;
  isAutoNumber = false;
  tableCode: string | null = null;
  newTableNo: string | null = null;
  mainColor: string = Limits.defaultMainColor;
  isKioskClient = false;
  isToVipCenter = false;
  officialAccountOpenid: string | null = null;
  autoAddProductId: string | null = null;
  /** The member center of a vip-center launch opens without a back button (C§2: by redirect). */
  hideVipBackButton = false;

  // launch details (C§2 start-up parameters)
  brand: string | null = null;
  isDine = false;
  browser: string | null = null;
  sourceType: number | null = null;
  /** source_type 6: the scan-order mini program. */
  isScanOrder = false;
  /** The open id is the device-id fallback (C§2). */
  openidFromDevice = false;

  /** The shop's industry, once the shop is known (drives the ordering tab label). */
  industry: IndustryCode | null = null;
  language: Language;
  /** The login token while it is valid (24 h, C§4). */
  token: string | null = null;
  appVisible = true;
  started = false;

  readonly events = new Emitter<SessionEvents>();
  private readonly tokens: TokenStore;
  private live: LiveChannel | null;
  /** The channel was closed because the app went to the background (so show reopens it). */
  private closedByHide = false;
  private unsubscribe: Array<() => void> = [];

  constructor(private readonly deps: SessionDeps) {
    this.tokens = new TokenStore(deps.storage, deps.now);
    this.live = deps.realtime ?? null;
    this.language = chooseLanguage({ abroad: deps.abroad, storedLanguage: deps.storage.get<string>(LANGUAGE_STORAGE_KEY) });
    this.phoneRegion = defaultPhoneRegion(deps.abroad);
    makeObservable<SessionStore, 'closedByHide'>(this, {
      id: observable,
      userAgent: observable,
      orderType: observable,
      shareProductId: observable,
      expandActivityId: observable,
      expandCouponId: observable,
      tableNo: observable,
      openid: observable,
      payOpenid: observable,
      payCallback: observable,
      isAutoNumber: observable,
      tableCode: observable,
      newTableNo: observable,
      mainColor: observable,
      isKioskClient: observable,
      isToVipCenter: observable,
      officialAccountOpenid: observable,
      autoAddProductId: observable,
      hideVipBackButton: observable,
      brand: observable,
      isDine: observable,
      browser: observable,
      sourceType: observable,
      isScanOrder: observable,
      openidFromDevice: observable,
      industry: observable,
      language: observable,
      token: observable,
      appVisible: observable,
      started: observable,
      closedByHide: false,
      tabOrderingLabelKey: computed,
      isLoggedIn: computed,
      platformKind: computed,
    });
  }

  /** The client kind of the user-agent code: a kiosk is told apart from other browsers (C§2). */
  get platformKind(): UserAgentPlatform {
    return this.isKioskClient ? 'kiosk' : this.deps.platform.name;
  }

  /** C§2: the ordering tab reads appointment (beauty), cart (retail-like shops) or choose product. */
  get tabOrderingLabelKey(): TabOrderingLabelKey {
    if (this.orderType === OrderType.appointment || this.industry === Industry.beauty) return 'tabBar.appointment';
    if (this.industry !== null && CART_INDUSTRIES.includes(this.industry)) return 'tabBar.cart';
    return 'tabBar.chooseProduct';
  }

  get isLoggedIn(): boolean {
    return this.token !== null;
  }

  /**
   * Start-up (APP-5): reads the launch query, clears the once-per-launch flags, applies the
   * language rule and the order type of the entry, and follows app show/hide (APP-10).
   */
  start(query?: Record<string, string | undefined>): StartupState {
    const { storage, platform } = this.deps;
    // C§2 / P§9: these prompts may show once per launch
    for (const flag of SESSION_FLAGS_CLEARED_AT_LAUNCH) storage.remove(flag);
    // a mini program scanned from a QR code gets the link in `q` (or a code's `scene`): its parameters count
    const raw = query ?? platform.client.launchQuery();
    const state = parseStartupParams(platform.name === 'h5' ? raw : miniProgramLaunchQuery(raw), {
      userAgent: platform.client.userAgent,
      deviceId: platform.client.deviceId,
    });
    change('session/start', () => {
      this.id = state.shopId;
      this.brand = state.brand;
      this.isDine = state.isDine;
      this.browser = state.browser;
      this.sourceType = state.sourceType;
      this.isScanOrder = state.isScanOrder;
      this.tableNo = state.tableNo;
      this.newTableNo = state.newTableNo;
      // TABLE-7: the table's code of the scanned link, sent with the table's calls
      this.tableCode = state.tableCode;
      this.isAutoNumber = state.isAutoNumber;
      // a launch without openid keeps the one stored earlier before falling back to the device id
      const storedOpenid = storage.get<string>(OPENID_STORAGE_KEY);
      const useStored = state.openidFromDevice && typeof storedOpenid === 'string' && storedOpenid !== '';
      this.openid = useStored ? storedOpenid : state.openid;
      this.openidFromDevice = useStored ? false : state.openidFromDevice;
      this.payOpenid = state.payOpenid;
      this.payCallback = state.payCallback;
      this.isKioskClient = state.isKioskClient;
      // C§2 entry targets of the link: a shared red bag first, then the member center
      this.expandActivityId = state.expandActivityId;
      this.expandCouponId = state.expandCouponId;
      this.isToVipCenter = state.isToVipCenter;
      this.hideVipBackButton = state.hideVipBackButton;
      // C§2 direct product entry: the menu opens (or adds) the link's product
      this.shareProductId = state.shareProductId;
      this.autoAddProductId = state.autoAddProductId;
      this.token = this.tokens.get();
      this.started = true;
    });
    if (!this.openidFromDevice) storage.set(OPENID_STORAGE_KEY, this.openid);
    setI18nLanguage(this.language);
    if (state.orderType) this.setOrderType(state.orderType);
    this.followLifecycle();
    return state;
  }

  /**
   * Sets the order type (C§3): picks the user-agent code for this client and fires
   * ORDER_TYPE_CHANGED when the type or code changed.
   */
  setOrderType(orderType: OrderTypeValue): void {
    const previous = this.orderType;
    const userAgent = userAgentCode(orderType, this.platformKind, { scanOrder: this.isScanOrder });
    if (previous === orderType && this.userAgent === userAgent) return;
    change('session/setOrderType', () => {
      this.orderType = orderType;
      this.userAgent = userAgent;
    });
    this.events.emit(ORDER_TYPE_CHANGED, { orderType, previous, userAgent });
  }

  /** Records the shop's industry (the ordering tab label follows it). */
  setIndustry(industry: IndustryCode | null): void {
    change('session/setIndustry', () => {
      this.industry = industry;
    });
  }

  /** The shop's main colour (APP-8); empty values keep the default #df554a. */
  setMainColor(color: string | null | undefined): void {
    change('session/setMainColor', () => {
      this.mainColor = color && color.trim() !== '' ? color.trim() : Limits.defaultMainColor;
    });
  }

  /** Switches and stores the customer's language (a stored language overrides the default, C§1). */
  setLanguage(language: Language): void {
    this.deps.storage.set(LANGUAGE_STORAGE_KEY, language);
    setI18nLanguage(language);
    change('session/setLanguage', () => {
      this.language = language;
    });
  }

  /** Sets entry targets and shared ids (C§3) found by the entry routing or a page. */
  patch(fields: Partial<SessionEntryFields>): void {
    change('session/patch', () => {
      Object.assign(this, fields);
    });
  }

  /** Stores the login token (24 h, or the server's earlier expiry) and the open id of the login. */
  setLogin(token: string, openid?: string, expiresAt?: number): void {
    this.tokens.set(token, expiresAt);
    if (openid) this.deps.storage.set(OPENID_STORAGE_KEY, openid);
    change('session/setLogin', () => {
      this.token = token;
      if (openid) {
        this.openid = openid;
        this.openidFromDevice = false;
      }
    });
  }

  /** Re-reads the token, dropping it once its 24 hours are over. */
  refreshToken(): string | null {
    const token = this.tokens.get();
    if (token !== this.token) {
      change('session/refreshToken', () => {
        this.token = token;
      });
    }
    return token;
  }

  /** C§6: a 401 clears the stored identity (token and openid); the device id stands in again. */
  clearIdentity(): void {
    this.tokens.clear();
    this.deps.storage.remove(OPENID_STORAGE_KEY);
    change('session/clearIdentity', () => {
      this.token = null;
      this.openid = this.deps.platform.client.deviceId;
      this.openidFromDevice = true;
    });
  }

  /** Attaches (or detaches) the scan-order live channel the table page opened. */
  attachLiveChannel(channel: LiveChannel | null): void {
    this.live = channel;
    this.closedByHide = false;
  }

  /** Stops following show/hide (tests, app teardown). */
  dispose(): void {
    this.unsubscribe.forEach((off) => off());
    this.unsubscribe = [];
  }

  private followLifecycle(): void {
    if (this.unsubscribe.length > 0) return;
    const { lifecycle } = this.deps.platform;
    this.unsubscribe.push(
      lifecycle.onHide(() => this.onAppHide()),
      lifecycle.onShow(() => this.onAppShow()),
    );
  }

  /** APP-10: hiding the app closes the live channel with code 1000. */
  private onAppHide(): void {
    change('session/appHidden', () => {
      this.appVisible = false;
    });
    if (this.live) {
      this.live.close(LIVE_CLOSE_ON_HIDE);
      this.closedByHide = true;
    }
  }

  /** APP-10: showing the app again reopens the channel the hide closed. */
  private onAppShow(): void {
    change('session/appShown', () => {
      this.appVisible = true;
    });
    this.refreshToken();
    if (this.live && this.closedByHide) {
      this.closedByHide = false;
      this.live.open();
    }
  }
}
