/**
 * The order form's rules of C§5 (ORDER-6), checked by the confirm screens before an order is sent:
 * required fields by order type, the number of diners, the service user's time, the delivery address
 * and range, the amount and the pay type, the member card balance. Each answers a `RuleError` from
 * the catalogue (or null), or a list in the order the screen reports them. The server checks a
 * submission with the same functions. Apart from validation.ts, so that they load with the order pages.
 */
import { OrderType, PayType } from './enums';
import { ErrorCode, RuleError, ruleError } from './errors';
import { AmountLike, isPositive, lt } from './money';
import { checkPhone, distanceKm, isBlank as blank, parseGps } from './contact';
import type { Address, ShopSettings } from './types';

type Id = number | string;

const compact = (errors: ReadonlyArray<RuleError | null>): RuleError[] => errors.filter((e): e is RuleError => e !== null);

// ---------------------------------------------------------------------------------------------
// Contact fields (C§5)
// ---------------------------------------------------------------------------------------------

/** C§5 "number of diners (must be a correct count)": 1 up to the table's nMaxPerson, else 1–99. */
export const DEFAULT_MAX_DINERS = 99;

/** `requiredPeople` when empty, `incorrectPeopleCount` (with `max`) when not a whole number in range. */
export function checkPeopleCount(people: number | string | null | undefined, tableMaxPerson?: number | null): RuleError | null {
  if (blank(people)) return ruleError(ErrorCode.requiredPeople);
  const max = typeof tableMaxPerson === 'number' && tableMaxPerson > 0 ? tableMaxPerson : DEFAULT_MAX_DINERS;
  const n = typeof people === 'number' ? people : /^\s*\d+\s*$/.test(people as string) ? Number(people) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= max ? null : ruleError(ErrorCode.incorrectPeopleCount, { max });
}

/** The order form, by the cart's orderInfo and addressInfo names (C§3). */
export interface OrderFieldsInput {
  orderType: OrderType;
  shop: Pick<ShopSettings, 'nameAndPhoneRequiredByTakeaway'>;
  /** Number of product lines with a quantity above 0. */
  lineCount: number;
  /** Takeaway: the chosen delivery address. */
  address?: Pick<Address, 'address' | 'addressGps'> | null;
  /** Takeaway: 'asap' or a chosen time. */
  deliveryTime?: string | number | null;
  /** Takeaway contact (username / userPhone). */
  username?: string | null;
  userPhone?: string | null;
  /** Self pickup. */
  pickupTime?: string | number | null;
  pickerName?: string | null;
  pickerPhone?: string | null;
  /** Dine and open table. */
  table?: string | number | null;
  people?: number | string | null;
  tableMaxPerson?: number | null;
  /** The shop numbers orders itself: no table or diners are asked for. */
  isAutoNumber?: boolean;
  /** Appointment. */
  appointment?: string | number | null;
  serviceUserId?: Id | null;
  serviceUserRequired?: boolean;
  /** Region for the phone format check. */
  phoneRegion?: string | null;
}

/**
 * C§5 required fields by order type. Takeaway: address, delivery time, and name and phone only when
 * the shop sets nameAndPhoneRequiredByTakeaway (the address carries a contact otherwise). Self pickup:
 * pickup time, picker name and phone. Dine: table and diners unless the shop numbers orders itself.
 * Open table: table and diners. Appointment: time, then the service user when the shop requires one.
 * Every order: at least one product.
 */
export function validateOrderFields(input: OrderFieldsInput): RuleError[] {
  const errors: Array<RuleError | null> = [];
  const phone = (p: string | null | undefined) => checkPhone(p, input.phoneRegion);
  switch (input.orderType) {
    case OrderType.takeaway:
      errors.push(blank(input.address?.address) ? ruleError(ErrorCode.requiredAddress) : null);
      errors.push(blank(input.deliveryTime) ? ruleError(ErrorCode.requiredDeliveryTime) : null);
      if (input.shop.nameAndPhoneRequiredByTakeaway) {
        errors.push(blank(input.username) ? ruleError(ErrorCode.requiredName) : null);
        errors.push(phone(input.userPhone));
      }
      break;
    case OrderType.selfPickup:
      errors.push(blank(input.pickupTime) ? ruleError(ErrorCode.requiredPickupTime) : null);
      errors.push(blank(input.pickerName) ? ruleError(ErrorCode.requiredName) : null);
      errors.push(phone(input.pickerPhone));
      break;
    case OrderType.dine:
    case OrderType.openTable:
      if (input.orderType === OrderType.openTable || !input.isAutoNumber) {
        errors.push(blank(input.table) ? ruleError(ErrorCode.requiredTable) : null);
        errors.push(checkPeopleCount(input.people, input.tableMaxPerson));
      }
      break;
    case OrderType.appointment:
      errors.push(blank(input.appointment) ? ruleError(ErrorCode.requiredAppointmentTime) : null);
      errors.push(input.serviceUserRequired && blank(input.serviceUserId) ? ruleError(ErrorCode.requiredServiceUser) : null);
      break;
  }
  errors.push(input.lineCount > 0 ? null : ruleError(ErrorCode.requiredProduct));
  return compact(errors);
}

/** C§5: the appointment time must be chosen before the service user (`appointmentTimeFirst`). */
export function checkServiceUserChoice(appointment: string | number | null | undefined): RuleError | null {
  return blank(appointment) ? ruleError(ErrorCode.appointmentTimeFirst) : null;
}

// ---------------------------------------------------------------------------------------------
// Payment (C§5)
// ---------------------------------------------------------------------------------------------

/** C§5: the amount to pay must be greater than 0 (`paymentAmountZero`). */
export function checkPaymentAmount(amount: AmountLike): RuleError | null {
  return isPositive(amount) ? null : ruleError(ErrorCode.paymentAmountZero);
}

/** C§5: a usable payment method must exist and the chosen one must be among them (`noValidPayType`). */
export function checkPayType(usable: readonly PayType[], chosen?: PayType | null): RuleError | null {
  if (usable.length === 0) return ruleError(ErrorCode.noValidPayType);
  if (chosen !== null && chosen !== undefined && !usable.includes(chosen)) return ruleError(ErrorCode.noValidPayType);
  return null;
}

/** C§5: paying by member card needs a balance that covers the amount (`balanceInsufficient`). */
export function checkBalance(balance: AmountLike, amount: AmountLike): RuleError | null {
  return lt(balance, amount) ? ruleError(ErrorCode.balanceInsufficient) : null;
}

// ---------------------------------------------------------------------------------------------
// Delivery (C§5)
// ---------------------------------------------------------------------------------------------

/**
 * C§5 delivery checks, in order: an address (`requiredAddress`) with GPS info (`addressNoGps`), a shop
 * with a valid location (`shopAddressIncorrect`), and a distance within deliveryDistance
 * (`outOfBusinessScope`). `distance` is the distance service's answer in km when known; otherwise the
 * straight-line distance is used. A deliveryDistance of 0 or absent means no limit.
 */
export function checkDeliveryAddress(input: {
  address: Pick<Address, 'address' | 'addressGps'> | null | undefined;
  shop: Pick<ShopSettings, 'gpsAddress' | 'deliveryDistance'>;
  distance?: number | null;
}): RuleError | null {
  if (!input.address || blank(input.address.address)) return ruleError(ErrorCode.requiredAddress);
  const customer = parseGps(input.address.addressGps);
  if (!customer) return ruleError(ErrorCode.addressNoGps);
  const shop = parseGps(input.shop.gpsAddress);
  if (!shop) return ruleError(ErrorCode.shopAddressIncorrect);
  const limit = input.shop.deliveryDistance;
  if (!limit || limit <= 0) return null;
  const distance = typeof input.distance === 'number' ? input.distance : distanceKm(shop, customer);
  return distance > limit ? ruleError(ErrorCode.outOfBusinessScope, { distance: limit }) : null;
}
