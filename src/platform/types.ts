/**
 * The platform capabilities (APP-9, docs/architecture.md §12 Platform adapters): one interface each. The weapp, alipay and h5
 * builds implement them in `x.weapp.ts`, `x.alipay.ts`, `x.h5.ts`; Taro picks the file per build.
 * A capability a platform lacks answers `{ ok: false, code: 'platformUnsupported' }` instead of throwing.
 */
import type { ErrorCode } from '../domain/errors';
import type { Platform as PlatformName } from '../domain/enums';
import type { SocketFactory } from '../realtime/types';

export type { PlatformName };

/** The answer of a platform call: a value, or a catalogue code (cancelled = the user backed out). */
export type PlatformResult<T> =
  | { ok: true; value: T }
  | { ok: false; code: ErrorCode; cancelled?: boolean; detail?: string };

/** Login with the host app: a one-time code the server exchanges for an identity (USER-1). */
export interface LoginAdapter {
  /** Whether the platform has a host login (browsers log in by phone and SMS code instead). */
  readonly supported: boolean;
  /** The one-time code and the login call that exchanges it (user/login or user/aliLogin, C§7). */
  login(): Promise<PlatformResult<{ code: string; via: 'login' | 'aliLogin' }>>;
}

/** The provider payload the server returns for a wallet payment (weapp fields or alipay tradeNO). */
export interface WalletPayParams {
  timeStamp?: string;
  nonceStr?: string;
  package?: string;
  signType?: string;
  paySign?: string;
  tradeNO?: string;
}

/** Wallet payment of the host app (ORDER-7): chat-app wallet on weapp, payment-app wallet on alipay. */
export interface PaymentAdapter {
  readonly supported: boolean;
  requestPayment(params: WalletPayParams): Promise<PlatformResult<void>>;
}

/** Subscribe messages after ordering (ORDER-11); only the first 3 templates are asked for (C§9). */
export interface SubscribeAdapter {
  readonly supported: boolean;
  /** Asks for the templates; the value lists the ids the user accepted. */
  requestSubscribe(templateIds: readonly string[]): Promise<PlatformResult<{ accepted: string[] }>>;
}

/** QR / bar code scanning (table codes, member binding). */
export interface ScanAdapter {
  scanCode(): Promise<PlatformResult<{ result: string }>>;
}

/** A position; gcj02 on mini programs (the maps services' system), wgs84 in browsers. */
export interface GeoPosition {
  latitude: number;
  longitude: number;
  coordType: 'gcj02' | 'wgs84';
}

/** A place picked in the host's own place chooser (USER-3): its name, street address and position. */
export interface ChosenPlace extends GeoPosition {
  name: string;
  address: string;
}

export interface LocationAdapter {
  getLocation(): Promise<PlatformResult<GeoPosition>>;
  /**
   * The host draws map tiles in a page (the mini programs' `<map>`); a browser build has none and
   * chooses the point without tiles (USER-3). Absent = no tiles.
   */
  readonly mapTiles?: boolean;
  /** The host's own place chooser with its search (weapp `chooseLocation`, alipay `my.chooseLocation`). */
  choosePlace?(near?: GeoPosition | null): Promise<PlatformResult<ChosenPlace>>;
  /** The centre of the page's map `mapId` (after the customer moved it). */
  mapCentre?(mapId: string): Promise<PlatformResult<GeoPosition>>;
  /** Sends the page's map `mapId` to a position (a map dragged away ignores an unchanged position prop). */
  moveMap?(mapId: string, to: { latitude: number; longitude: number }): Promise<PlatformResult<void>>;
}

/** Where and how to upload a chosen image (multipart POST, C§7 "Others"). */
export interface UploadTarget {
  url: string;
  /** The multipart field name of the file. */
  name: string;
  headers?: Record<string, string>;
  formData?: Record<string, string>;
}

/** Choose one image and upload it (avatar, USER-2); the value is the server's answer body. */
export interface ImageUploadAdapter {
  chooseAndUpload(target: UploadTarget): Promise<PlatformResult<{ response: unknown }>>;
}

/**
 * Phone number authorisation. Both hosts need a user tap on a button first: weapp
 * `<Button openType="getPhoneNumber">`, alipay `<Button openType="getAuthorize" scope="phoneNumber">`.
 * A page renders that button when `buttonOpenType` is set and hands the event detail here; the value
 * is the code (weapp) or encrypted response (alipay) the server turns into a phone number.
 */
export interface PhoneAuthAdapter {
  readonly supported: boolean;
  readonly buttonOpenType: 'getPhoneNumber' | 'getAuthorize' | null;
  fromButtonEvent(detail: unknown): Promise<PlatformResult<{ code: string }>>;
}

/** Synchronous key-value storage (Taro storage on every platform). */
export interface KeyValueStorage {
  get<T = unknown>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

export interface ModalOptions {
  title?: string;
  content: string;
  confirmText?: string;
  cancelText?: string;
  showCancel?: boolean;
}

/** Toast, modal and navigation. */
export interface UiAdapter {
  /** Plain text toast; C§9 shows it 1500 ms. */
  toast(message: string, options?: { icon?: 'none' | 'success' | 'error'; durationMs?: number }): void;
  /** Resolves true when the user confirms. */
  modal(options: ModalOptions): Promise<boolean>;
  navigateTo(url: string): Promise<void>;
  redirectTo(url: string): Promise<void>;
  /** Closes every page and opens `url` (the 401 flow goes to the entry page this way). */
  reLaunch(url: string): Promise<void>;
  switchTab(url: string): Promise<void>;
  navigateBack(delta?: number): Promise<void>;
  setTitle(title: string): void;
}

/** App show/hide (APP-10). Each registration returns its removal. */
export interface AppLifecycle {
  onShow(listener: () => void): () => void;
  onHide(listener: () => void): () => void;
}

/** What the client knows about itself at launch. */
export interface ClientInfo {
  name: PlatformName;
  userAgent: string;
  deviceId: string;
  /** The launch query (route parameters arrive as query strings, C§2). */
  launchQuery(): Record<string, string | undefined>;
}

/** Every capability of the running platform. */
export interface Platform {
  readonly name: PlatformName;
  client: ClientInfo;
  login: LoginAdapter;
  payment: PaymentAdapter;
  subscribe: SubscribeAdapter;
  scan: ScanAdapter;
  location: LocationAdapter;
  upload: ImageUploadAdapter;
  phone: PhoneAuthAdapter;
  storage: KeyValueStorage;
  ui: UiAdapter;
  lifecycle: AppLifecycle;
  /** Opens the table room's websocket (TABLE-1): socket tasks, the global socket or WebSocket. */
  socket: SocketFactory;
}

/** The answer of a capability the platform does not have. */
export const unsupported = <T>(detail: string): Promise<PlatformResult<T>> =>
  Promise.resolve({ ok: false, code: 'platformUnsupported', detail });
