/**
 * The error catalogue (C§8, P§8, plus the validation rules of C§5/P§5).
 * One code per message. The server answers `{result:false, info, code}` with one of these codes,
 * the request layer maps HTTP/framework failures to them, and every code has a locale entry at
 * `errors.<code>` in locales/ (a test keeps the three in step).
 */
export const ErrorCode = {
  // HTTP and transport (C§8 "HTTP")
  loginExpired: 'loginExpired',
  forbidden: 'forbidden',
  serverError: 'serverError',
  networkError: 'networkError',
  requestTimeout: 'requestTimeout',
  requestAborted: 'requestAborted',
  socketConnectFailed: 'socketConnectFailed',
  connectionTimedOut: 'connectionTimedOut',
  mapKeyMissing: 'mapKeyMissing',
  asyncLoadFailed: 'asyncLoadFailed',

  // Generic request validation (server)
  badRequest: 'badRequest',
  notFound: 'notFound',
  tooManyRequests: 'tooManyRequests',
  requestInProgress: 'requestInProgress',
  /** Shared table cart (C§4 reply codes -10002, -10004, -10005). */
  cartProductBusy: 'cartProductBusy',
  /** C§4 −10003: the line edited is no longer in the table's cart (removed by another diner). */
  cartProductGone: 'cartProductGone',
  cartEditFailed: 'cartEditFailed',
  cartClearFailed: 'cartClearFailed',

  // Shop and menu (C§4, C§8)
  newMenuUpdated: 'newMenuUpdated',
  getShopDataFailed: 'getShopDataFailed',
  getOrderDetailFailed: 'getOrderDetailFailed',
  storeExpiredOrStopped: 'storeExpiredOrStopped',
  storeExpiredNotice: 'storeExpiredNotice',
  storeStoppedNotice: 'storeStoppedNotice',
  storeClosed: 'storeClosed',
  scanOrderClosed: 'scanOrderClosed',
  /** CONSOLE-5: the shop paused this order type (`until` HH:mm on the shop's clock, `reason`). */
  takeawayPaused: 'takeawayPaused',
  selfPickupPaused: 'selfPickupPaused',
  dinePaused: 'dinePaused',
  productNotInSaleTime: 'productNotInSaleTime',
  productSoldOut: 'productSoldOut',
  productOffline: 'productOffline',
  productDeleted: 'productDeleted',
  /** A spec id that is not one of the product's specs (or none chosen for a product with specs). */
  specInvalid: 'specInvalid',
  /** A taste option id that is not one of the product's taste options. */
  tasteInvalid: 'tasteInvalid',
  insufficientInventory: 'insufficientInventory',
  stockWarning: 'stockWarning',
  memberLevelRestricted: 'memberLevelRestricted',

  // Address and delivery
  addressError: 'addressError',
  addressNoGps: 'addressNoGps',
  shopAddressIncorrect: 'shopAddressIncorrect',
  outOfBusinessScope: 'outOfBusinessScope',
  locationUnavailable: 'locationUnavailable',

  // Required fields and order validation (C§5)
  requiredAddress: 'requiredAddress',
  requiredDeliveryTime: 'requiredDeliveryTime',
  requiredPhone: 'requiredPhone',
  inputCorrectPhone: 'inputCorrectPhone',
  requiredName: 'requiredName',
  requiredTable: 'requiredTable',
  tableNotFound: 'tableNotFound',
  /** TABLE-7: a table call without the table's current code (or with a wrong one), or from a customer not seated in the session. */
  tableCodeInvalid: 'tableCodeInvalid',
  /** TABLE-7: the shop's staff open its tables; this one is not open yet. */
  tableNotOpened: 'tableNotOpened',
  /** TABLE-7: the session was settled or cleared: its diners can read it but add nothing. */
  tableSessionEnded: 'tableSessionEnded',
  /** TABLE-7: the session's first round waits for the staff's approval. */
  tableRoundHeld: 'tableRoundHeld',
  requiredPeople: 'requiredPeople',
  incorrectPeopleCount: 'incorrectPeopleCount',
  requiredProduct: 'requiredProduct',
  requiredTasteGroup: 'requiredTasteGroup',
  mealSetRequired: 'mealSetRequired',
  mustPickCategory: 'mustPickCategory',
  minPurchaseQuantity: 'minPurchaseQuantity',
  purchaseLimit: 'purchaseLimit',
  specialPriceLimit: 'specialPriceLimit',
  appointmentTimeFirst: 'appointmentTimeFirst',
  requiredServiceUser: 'requiredServiceUser',
  requiredAppointmentTime: 'requiredAppointmentTime',
  /** ORDER-5: the time is past, beyond appointmentTimeLimit or outside the shop's hours. */
  appointmentTimeInvalid: 'appointmentTimeInvalid',
  /** ORDER-5: the service user is already booked at that time. */
  appointmentTimeBooked: 'appointmentTimeBooked',
  /** C§4/C§5: a delivery or pickup time the shop does not offer (outside its hours or delivery times; pickup only as soon as possible). */
  orderTimeUnavailable: 'orderTimeUnavailable',
  serviceUserUnavailable: 'serviceUserUnavailable',
  /** C§6: the services need more than one technician; the shop is called to book them. */
  appointmentNeedsSeveralTechnicians: 'appointmentNeedsSeveralTechnicians',
  belowMinimumAmount: 'belowMinimumAmount',

  // Payment
  paymentWrong: 'paymentWrong',
  noValidPayType: 'noValidPayType',
  paymentAmountZero: 'paymentAmountZero',
  balanceInsufficient: 'balanceInsufficient',
  browserCannotPayByCard: 'browserCannotPayByCard',
  paymentInitializing: 'paymentInitializing',
  payCancelled: 'payCancelled',
  notPayOrderInvalid: 'notPayOrderInvalid',
  amountError: 'amountError',
  checkWhetherPaid: 'checkWhetherPaid',
  payPasswordRequired: 'payPasswordRequired',
  payPasswordWrong: 'payPasswordWrong',
  payPasswordLocked: 'payPasswordLocked',
  payPasswordSixDigits: 'payPasswordSixDigits',
  payPasswordTooSimple: 'payPasswordTooSimple',
  passwordsInconsistent: 'passwordsInconsistent',
  originPasswordIncorrect: 'originPasswordIncorrect',
  orderNotFound: 'orderNotFound',
  orderStatusInvalid: 'orderStatusInvalid',

  // Coupons and activities (P§5, P§8)
  couponActivityNotExist: 'couponActivityNotExist',
  couponProductNotExist: 'couponProductNotExist',
  invalidCoupon: 'invalidCoupon',
  couponAlreadySelected: 'couponAlreadySelected',
  couponOneProductOnly: 'couponOneProductOnly',
  couponAmountBelowMin: 'couponAmountBelowMin',
  couponQuantityNotEnough: 'couponQuantityNotEnough',
  couponWrongOrderType: 'couponWrongOrderType',
  couponCardPayOnly: 'couponCardPayOnly',
  couponWrongUserType: 'couponWrongUserType',
  couponInUse: 'couponInUse',
  pointsInsufficient: 'pointsInsufficient',
  exchangeSoldOut: 'exchangeSoldOut',

  // Members, SMS, account (P§8)
  pleaseRegisterFirst: 'pleaseRegisterFirst',
  needRegisterInStore: 'needRegisterInStore',
  smsVerifyFailed: 'smsVerifyFailed',
  noSmsLeft: 'noSmsLeft',
  smsSendFailed: 'smsSendFailed',
  inputVerifyCode: 'inputVerifyCode',
  functionClosed: 'functionClosed',
  openVipCenterFailed: 'openVipCenterFailed',
  avatarUploadFailed: 'avatarUploadFailed',
  alreadyMember: 'alreadyMember',
  /** A browser visitor (device id) asked for a member card: an SMS login comes first. */
  smsLoginRequired: 'smsLoginRequired',

  // Scan and table (C§8)
  invalidQr: 'invalidQr',
  jumpingStationWrong: 'jumpingStationWrong',
  syncConnectFailed: 'syncConnectFailed',
  cameraScanFailed: 'cameraScanFailed',
  platformUnsupported: 'platformUnsupported',

  // Ordering rules of C§4/C§5 (table routing, pickup)
  pickOneOfSeveralOrders: 'pickOneOfSeveralOrders',
  requiredPickupTime: 'requiredPickupTime',

  // Staff console (CONSOLE-1, CONSOLE-2)
  /** Unknown username or wrong password: one answer for both. */
  staffSignInFailed: 'staffSignInFailed',
  /** Five wrong passwords: the account is locked (`minutes` left), even for the right one. */
  staffLocked: 'staffLocked',
  /** The order moved on since the card was drawn: `data.order` is the order as it stands. */
  orderStatusChanged: 'orderStatusChanged',
  /** A shop the staff member does not belong to, or an owner-only call. */
  staffForbidden: 'staffForbidden',
  staffUsernameTaken: 'staffUsernameTaken',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Framework codes of C§8 reported by the request layer for transport failures. */
export const FrameworkCode = {
  timeout: 5,
  abort: 600003,
  networkError: 602001,
  socketConnectFailure: 600009,
} as const;

/** Fast-bind failure code meaning "register in the store" (P§8). */
export const NEED_REGISTER_IN_STORE_CODE = -1;

/** A domain rule failure: a code from the catalogue plus the values its message interpolates. */
export interface RuleError {
  code: ErrorCode;
  params?: Record<string, string | number>;
}

export const ruleError = (code: ErrorCode, params?: RuleError['params']): RuleError =>
  params ? { code, params } : { code };
