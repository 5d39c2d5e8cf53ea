import { OrderType, PayType, ProductStatus } from '@/domain/enums';
import { ErrorCode } from '@/domain/errors';
import type { CartLine, Product } from '@/domain/types';
import {
  checkBalance,
  checkDeliveryAddress,
  checkPaymentAmount,
  checkPayType,
  checkPeopleCount,
  checkServiceUserChoice,
  OrderFieldsInput,
  validateOrderFields,
} from '@/domain/order-rules';
import {
  checkCardPayEnvironment,
  checkCartQuantities,
  checkMealSet,
  checkMemberLevel,
  checkMinimumAmount,
  checkMinPurchaseQuantity,
  checkMustPickCategory,
  checkOriginalPayPassword,
  checkPayPasswordFormat,
  checkPayPasswordRepeat,
  checkPhone,
  checkProductCouponLine,
  checkProductStatus,
  checkPurchaseLimit,
  checkRequiredTastes,
  checkSmsCode,
  checkSpecialPriceLimit,
  checkStock,
  distanceKm,
  memberLevelMatches,
  parseGps,
  productStatusOfServerCode,
  validateNewPayPassword,
} from '@/domain/validation';

const at = (local: string): number => Date.parse(`${local}+08:00`);
const MONDAY_NOON = at('2026-11-23T12:00:00');
const codes = (errors: Array<{ code: string }>) => errors.map((e) => e.code);

const line = (over: Partial<CartLine>): CartLine => ({ id: 1, name: 'Noodles', price: 10, quantity: 1, flag: '1', typeid: 1, ...over });
const product = (over: Partial<Product>): Product => ({ id: 1, name: 'Noodles', price: 10, typeid: 1, ...over });

describe('phone', () => {
  it('requires a phone', () => {
    expect(checkPhone('  ')).toEqual({ code: ErrorCode.requiredPhone });
  });

  it('rejects a phone that is not a number', () => {
    expect(checkPhone('12ab')).toEqual({ code: ErrorCode.inputCorrectPhone });
  });

  it('accepts an international number with spaces', () => {
    expect(checkPhone('+61 412 345 678')).toBeNull();
  });

  it('holds mainland numbers to 11 digits starting 13-19', () => {
    expect(checkPhone('13812345678', 'CN')).toBeNull();
    expect(checkPhone('1281234567', 'CN')).toEqual({ code: ErrorCode.inputCorrectPhone });
  });
});

describe('number of diners', () => {
  it('requires a count', () => {
    expect(checkPeopleCount('')).toEqual({ code: ErrorCode.requiredPeople });
  });

  it('accepts 1 to 99 when the table sets no maximum', () => {
    expect(checkPeopleCount(1)).toBeNull();
    expect(checkPeopleCount('99')).toBeNull();
    expect(checkPeopleCount(100)).toEqual({ code: ErrorCode.incorrectPeopleCount, params: { max: 99 } });
  });

  it('holds the count to the table maximum', () => {
    expect(checkPeopleCount(4, 4)).toBeNull();
    expect(checkPeopleCount(5, 4)).toEqual({ code: ErrorCode.incorrectPeopleCount, params: { max: 4 } });
  });

  it('rejects zero and fractions', () => {
    expect(checkPeopleCount(0)?.code).toBe(ErrorCode.incorrectPeopleCount);
    expect(checkPeopleCount('2.5')?.code).toBe(ErrorCode.incorrectPeopleCount);
  });
});

describe('required order fields', () => {
  const base = { shop: {}, lineCount: 1 };

  it('requires an address and a delivery time for takeaway', () => {
    expect(codes(validateOrderFields({ ...base, orderType: OrderType.takeaway }))).toEqual([
      ErrorCode.requiredAddress,
      ErrorCode.requiredDeliveryTime,
    ]);
  });

  it('does not ask takeaway for name and phone unless the shop requires them', () => {
    const input: OrderFieldsInput = { ...base, orderType: OrderType.takeaway, address: { address: '1 Main St' }, deliveryTime: 'asap' };
    expect(validateOrderFields(input)).toEqual([]);
  });

  it('asks takeaway for name and a correct phone when nameAndPhoneRequiredByTakeaway', () => {
    const input: OrderFieldsInput = {
      ...base,
      shop: { nameAndPhoneRequiredByTakeaway: true },
      orderType: OrderType.takeaway,
      address: { address: '1 Main St' },
      deliveryTime: 'asap',
      userPhone: 'x',
    };
    expect(codes(validateOrderFields(input))).toEqual([ErrorCode.requiredName, ErrorCode.inputCorrectPhone]);
  });

  it('requires pickup time, picker name and picker phone for self pickup', () => {
    expect(codes(validateOrderFields({ ...base, orderType: OrderType.selfPickup }))).toEqual([
      ErrorCode.requiredPickupTime,
      ErrorCode.requiredName,
      ErrorCode.requiredPhone,
    ]);
  });

  it('requires a table and the number of diners for dine-in', () => {
    expect(codes(validateOrderFields({ ...base, orderType: OrderType.dine }))).toEqual([ErrorCode.requiredTable, ErrorCode.requiredPeople]);
  });

  it('asks nothing of dine-in when the shop numbers orders itself', () => {
    expect(validateOrderFields({ ...base, orderType: OrderType.dine, isAutoNumber: true })).toEqual([]);
  });

  it('checks the diners of an open table against the table maximum', () => {
    const input: OrderFieldsInput = { ...base, orderType: OrderType.openTable, table: 'A1', people: 9, tableMaxPerson: 6 };
    expect(validateOrderFields(input)).toEqual([{ code: ErrorCode.incorrectPeopleCount, params: { max: 6 } }]);
  });

  it('requires an appointment time and, when the shop requires one, a service user', () => {
    expect(codes(validateOrderFields({ ...base, orderType: OrderType.appointment, serviceUserRequired: true }))).toEqual([
      ErrorCode.requiredAppointmentTime,
      ErrorCode.requiredServiceUser,
    ]);
  });

  it('requires at least one product', () => {
    expect(codes(validateOrderFields({ shop: {}, lineCount: 0, orderType: OrderType.dine, isAutoNumber: true }))).toEqual([
      ErrorCode.requiredProduct,
    ]);
  });
});

describe('appointment and SMS', () => {
  it('asks for the appointment time before the service user', () => {
    expect(checkServiceUserChoice(null)).toEqual({ code: ErrorCode.appointmentTimeFirst });
    expect(checkServiceUserChoice('2026-11-24 10:00')).toBeNull();
  });

  it('requires an SMS code', () => {
    expect(checkSmsCode('')).toEqual({ code: ErrorCode.inputVerifyCode });
    expect(checkSmsCode('123456')).toBeNull();
  });
});

describe('payment', () => {
  it('requires an amount above zero', () => {
    expect(checkPaymentAmount(0)).toEqual({ code: ErrorCode.paymentAmountZero });
    expect(checkPaymentAmount(-1)).toEqual({ code: ErrorCode.paymentAmountZero });
    expect(checkPaymentAmount(0.01)).toBeNull();
  });

  it('requires a usable pay type', () => {
    expect(checkPayType([])).toEqual({ code: ErrorCode.noValidPayType });
    expect(checkPayType([PayType.cash], PayType.vip)).toEqual({ code: ErrorCode.noValidPayType });
    expect(checkPayType([PayType.cash, PayType.vip], PayType.vip)).toBeNull();
  });

  it('requires the balance to cover the amount exactly', () => {
    // balance 0.3 vs amount "0.3": equal amounts, covered; 12.34 < 12.35 by one cent, not covered
    expect(checkBalance(0.3, '0.3')).toBeNull();
    expect(checkBalance(12.34, 12.35)).toEqual({ code: ErrorCode.balanceInsufficient });
  });

  it('refuses member-card payment in a browser page', () => {
    expect(checkCardPayEnvironment(PayType.vip, true)).toEqual({ code: ErrorCode.browserCannotPayByCard });
    expect(checkCardPayEnvironment(PayType.vip, false)).toBeNull();
    expect(checkCardPayEnvironment(PayType.weixin, true)).toBeNull();
  });
});

describe('pay password', () => {
  it('requires a password', () => {
    expect(checkPayPasswordFormat('')).toEqual({ code: ErrorCode.payPasswordRequired });
  });

  it('requires exactly 6 digits', () => {
    expect(checkPayPasswordFormat('12345')).toEqual({ code: ErrorCode.payPasswordSixDigits });
    expect(checkPayPasswordFormat('1234567')).toEqual({ code: ErrorCode.payPasswordSixDigits });
    expect(checkPayPasswordFormat('12a456')).toEqual({ code: ErrorCode.payPasswordSixDigits });
  });

  it('forbids 123456', () => {
    expect(checkPayPasswordFormat('123456')).toEqual({ code: ErrorCode.payPasswordTooSimple });
  });

  it('accepts another 6-digit password', () => {
    expect(checkPayPasswordFormat('480913')).toBeNull();
  });

  it('requires the two entries to match', () => {
    expect(checkPayPasswordRepeat('480913', '480914')).toEqual({ code: ErrorCode.passwordsInconsistent });
    expect(checkPayPasswordRepeat('480913', '480913')).toBeNull();
  });

  it('reports an incorrect original password', () => {
    expect(checkOriginalPayPassword(false)).toEqual({ code: ErrorCode.originPasswordIncorrect });
    expect(checkOriginalPayPassword(true)).toBeNull();
  });

  it('reports a change in form order: original, format, then the repeat', () => {
    expect(codes(validateNewPayPassword({ password: '480913', repeat: '1', originalCorrect: false }))).toEqual([
      ErrorCode.originPasswordIncorrect,
      ErrorCode.passwordsInconsistent,
    ]);
    expect(codes(validateNewPayPassword({ password: '123456', repeat: '123456' }))).toEqual([ErrorCode.payPasswordTooSimple]);
  });
});

describe('product status', () => {
  it('maps the server product status codes', () => {
    expect(productStatusOfServerCode(600001)).toBe(ProductStatus.NORMAL);
    expect(productStatusOfServerCode(600002)).toBe(ProductStatus.SALE_OUT);
    expect(productStatusOfServerCode(600003)).toBe(ProductStatus.DELETE);
    expect(productStatusOfServerCode(600004)).toBe(ProductStatus.OFFLINE);
    expect(productStatusOfServerCode(1)).toBeNull();
  });

  it('names a sold-out product', () => {
    expect(checkProductStatus(product({ status: ProductStatus.SALE_OUT }), MONDAY_NOON)).toEqual({
      code: ErrorCode.productSoldOut,
      params: { product: 'Noodles' },
    });
  });

  it('treats a tracked product with no stock left as sold out', () => {
    expect(checkProductStatus(product({ stock: 0 }), MONDAY_NOON)?.code).toBe(ErrorCode.productSoldOut);
  });

  it('names an offline product', () => {
    expect(checkProductStatus(product({ status: ProductStatus.OFFLINE }), MONDAY_NOON)?.code).toBe(ErrorCode.productOffline);
  });

  it('names a deleted product', () => {
    expect(checkProductStatus(product({ status: ProductStatus.DELETE }), MONDAY_NOON)?.code).toBe(ErrorCode.productDeleted);
  });

  it('names a product outside its own sale time', () => {
    const saleTime = [{ weekdays: [6, 7], timeRanges: [] }];
    expect(checkProductStatus(product({ saleTime }), MONDAY_NOON)).toEqual({
      code: ErrorCode.productNotInSaleTime,
      params: { product: 'Noodles' },
    });
  });

  it('names a product whose category is outside its sale time', () => {
    const categorySaleTime = [{ weekdays: [1], timeRanges: [{ start: '17:00', end: '22:00' }] }];
    expect(checkProductStatus(product({}), MONDAY_NOON, { categorySaleTime })?.code).toBe(ErrorCode.productNotInSaleTime);
  });

  it('passes a normal product on sale', () => {
    expect(checkProductStatus(product({ stock: 3 }), MONDAY_NOON)).toBeNull();
  });
});

describe('member level', () => {
  it('matches levels on their last three digits', () => {
    expect(memberLevelMatches([3], 100003)).toBe(true);
    expect(memberLevelMatches(['003'], '200003')).toBe(true);
    expect(memberLevelMatches([4], 100003)).toBe(false);
  });

  it('restricts a product to its member levels and names it', () => {
    expect(checkMemberLevel(product({ memberLevels: [2] }), 100001)).toEqual({
      code: ErrorCode.memberLevelRestricted,
      params: { product: 'Noodles' },
    });
  });

  it('keeps a level-restricted product from a visitor', () => {
    expect(checkMemberLevel(product({ memberLevels: [2] }), null)?.code).toBe(ErrorCode.memberLevelRestricted);
  });

  it('lets everyone buy a product without member levels', () => {
    expect(checkMemberLevel(product({ memberLevels: [] }), null)).toBeNull();
  });
});

describe('quantities', () => {
  it('requires the minimum purchase quantity and names it', () => {
    expect(checkMinPurchaseQuantity(product({ minQuantity: 2 }), 1)).toEqual({
      code: ErrorCode.minPurchaseQuantity,
      params: { product: 'Noodles', count: 2 },
    });
    expect(checkMinPurchaseQuantity(product({ minQuantity: 2 }), 2)).toBeNull();
  });

  it('holds the quantity to the per-order purchase limit', () => {
    expect(checkPurchaseLimit(product({ purchaseLimit: 3 }), 4)).toEqual({
      code: ErrorCode.purchaseLimit,
      params: { product: 'Noodles', count: 3 },
    });
    expect(checkPurchaseLimit(product({ purchaseLimit: 3 }), 3)).toBeNull();
  });

  it('treats a missing purchase limit as 99999', () => {
    expect(checkPurchaseLimit(product({}), 99999)).toBeNull();
    expect(checkPurchaseLimit(product({}), 100000)?.params).toEqual({ product: 'Noodles', count: 99999 });
  });

  it('holds special-price units to the special-price limit, 99999 by default', () => {
    expect(checkSpecialPriceLimit('Noodles', 3, 2)).toEqual({ code: ErrorCode.specialPriceLimit, params: { product: 'Noodles', count: 2 } });
    expect(checkSpecialPriceLimit('Noodles', 500, undefined)).toBeNull();
  });

  it('adds up the lines of one product before checking its limits', () => {
    const lines = [line({ flag: 'a', quantity: 2 }), line({ flag: 'b', quantity: 2 })];
    const products = new Map([[1, product({ purchaseLimit: 3 })]]);
    expect(codes(checkCartQuantities(lines, products))).toEqual([ErrorCode.purchaseLimit]);
  });
});

describe('tastes, meal sets and must-pick category', () => {
  const withTastes = product({
    tastes: [
      { id: 10, name: 'Spice', required: true, options: [] },
      { id: 11, name: 'Extras', required: false, options: [] },
    ],
  });

  it('names the required taste group left empty', () => {
    expect(checkRequiredTastes(withTastes, [{ typeId: 11, quantity: 1 }])).toEqual({
      code: ErrorCode.requiredTasteGroup,
      params: { product: 'Noodles', group: 'Spice' },
    });
  });

  it('passes when every required group has a choice', () => {
    expect(checkRequiredTastes(withTastes, [{ typeId: 10, quantity: 1 }])).toBeNull();
  });

  const set = product({ name: 'Lunch set', mealset: [{ id: 20, name: 'Drink', required: 1, items: [] }] });

  it('requires the meal set contents to be chosen', () => {
    expect(checkMealSet(set, [])).toEqual({
      code: ErrorCode.mealSetRequired,
      params: { product: 'Lunch set', group: 'Drink', required: 1 },
    });
    expect(checkMealSet(set, [{ groupId: 20, quantity: 1 }])).toBeNull();
  });

  it('requires an item of the must-pick category and names it', () => {
    expect(checkMustPickCategory(5, [line({ typeid: 1 })], 'Rice')).toEqual({
      code: ErrorCode.mustPickCategory,
      params: { category: 'Rice' },
    });
    expect(checkMustPickCategory(5, [line({ typeid: 5 })], 'Rice')).toBeNull();
  });

  it('asks for nothing when the shop sets no must-pick category', () => {
    expect(checkMustPickCategory(undefined, [], 'Rice')).toBeNull();
  });
});

describe('stock', () => {
  it('passes when the stock covers every line', () => {
    expect(checkStock([line({ quantity: 2, needSoldOut: true })], [{ product_id: 1, stock_quantity: 2 }])).toEqual({
      shortages: [],
      error: null,
    });
  });

  it('shares the stock of a product between its lines and reports how short each is', () => {
    const lines = [line({ flag: 'a', quantity: 2, needSoldOut: true }), line({ flag: 'b', quantity: 3, needSoldOut: true })];
    // stock 3: line a takes 2, line b gets the 1 left and is short by 2
    expect(checkStock(lines, [{ product_id: 1, stock_quantity: 3 }])).toEqual({
      shortages: [{ flag: 'b', productId: 1, name: 'Noodles', quantity: 3, available: 1, short: 2 }],
      error: { code: ErrorCode.insufficientInventory, params: { product: 'Noodles' } },
    });
  });

  it('ignores products outside sold-out tracking', () => {
    expect(checkStock([line({ quantity: 5, needSoldOut: false })], [{ product_id: 1, stock_quantity: 0 }]).shortages).toEqual([]);
  });

  it('ignores products without a stock row', () => {
    expect(checkStock([line({ id: 2, quantity: 5 })], [{ product_id: 1, stock_quantity: 0 }]).error).toBeNull();
  });
});

describe('product coupon lines', () => {
  it('refuses a second product coupon', () => {
    const lines = [line({ couponInfo: { couponId: 1 } })];
    expect(checkProductCouponLine(lines, { couponId: 2, quantity: 1 })).toEqual({ code: ErrorCode.couponAlreadySelected });
  });

  it('allows one unit of one product per coupon', () => {
    expect(checkProductCouponLine([], { couponId: 2, quantity: 2 })).toEqual({ code: ErrorCode.couponOneProductOnly });
    expect(checkProductCouponLine([], { couponId: 2, quantity: 1 })).toBeNull();
  });
});

describe('delivery address', () => {
  const shop = { gpsAddress: '31.2304,121.4737', deliveryDistance: 5 };

  it('requires an address', () => {
    expect(checkDeliveryAddress({ address: null, shop })).toEqual({ code: ErrorCode.requiredAddress });
  });

  it('requires GPS info on the address', () => {
    expect(checkDeliveryAddress({ address: { address: '1 Main St', addressGps: '' }, shop })).toEqual({ code: ErrorCode.addressNoGps });
  });

  it('requires a valid shop location', () => {
    const address = { address: '1 Main St', addressGps: '31.23,121.47' };
    expect(checkDeliveryAddress({ address, shop: { ...shop, gpsAddress: '0,0' } })).toEqual({ code: ErrorCode.shopAddressIncorrect });
  });

  it('refuses an address beyond the delivery distance', () => {
    const address = { address: 'Far away', addressGps: '31.2304,121.4737' };
    expect(checkDeliveryAddress({ address, shop, distance: 5.2 })).toEqual({ code: ErrorCode.outOfBusinessScope, params: { distance: 5 } });
  });

  it('measures the straight-line distance when the distance service gave none', () => {
    // 0.1° of latitude ≈ 11.1 km, beyond 5 km
    const address = { address: 'North', addressGps: '31.3304,121.4737' };
    expect(checkDeliveryAddress({ address, shop })?.code).toBe(ErrorCode.outOfBusinessScope);
  });

  it('accepts an address inside the range', () => {
    const address = { address: 'Near', addressGps: '31.2404,121.4737' };
    expect(checkDeliveryAddress({ address, shop })).toBeNull();
  });

  it('reads GPS as "lat,lng" and computes the distance in km', () => {
    const a = parseGps('31.2304,121.4737')!;
    const b = parseGps({ lat: 31.3304, lng: 121.4737 })!;
    expect(distanceKm(a, b)).toBeCloseTo(11.12, 1);
  });
});

describe('minimum amount', () => {
  const shop = { minSellStartAmount: 20 };

  it('holds takeaway to the minimum amount', () => {
    expect(checkMinimumAmount(19.99, shop, OrderType.takeaway)).toEqual({ code: ErrorCode.belowMinimumAmount, params: { amount: 20 } });
    expect(checkMinimumAmount(20, shop, OrderType.takeaway)).toBeNull();
  });

  it('holds self pickup to it only when the shop says so', () => {
    expect(checkMinimumAmount(5, shop, OrderType.selfPickup)).toBeNull();
    expect(checkMinimumAmount(5, { ...shop, minSellAmountSupportSelfCollection: true }, OrderType.selfPickup)?.code).toBe(
      ErrorCode.belowMinimumAmount,
    );
  });
});
