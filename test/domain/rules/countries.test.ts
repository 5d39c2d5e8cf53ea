import { COUNTRIES, countryOf, defaultPhoneRegion, joinPhone, nationalNumber, splitPhone } from '../../../src/domain/countries';
import { checkPhone, isValidPhone } from '../../../src/domain/contact';
import { validateOrderFields } from '../../../src/domain/order-rules';
import { ErrorCode } from '../../../src/domain/errors';
import { OrderType } from '../../../src/domain/enums';

/** USER-5, C§3 "A country list by two-letter code serves phone/region selection". */
describe('the country list', () => {
  it('names each region by a distinct two-letter code with its calling code', () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of COUNTRIES) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.dial).toMatch(/^[1-9]\d{0,2}$/);
    }
    expect(countryOf('HK')).toMatchObject({ code: 'HK', dial: '852' });
    expect(countryOf('XX')).toBeNull();
  });

  it('reads mainland China as the default region, and none overseas', () => {
    expect(defaultPhoneRegion(false)).toBe('CN');
    expect(defaultPhoneRegion(true)).toBeNull();
  });
});

describe('the region drives the phone check', () => {
  it('holds a number typed in the mainland to the mainland mobile form', () => {
    // 8 digits: a Hong Kong mobile, not a mainland one
    expect(checkPhone('91234567', 'CN')).toEqual({ code: ErrorCode.inputCorrectPhone });
    expect(checkPhone('13812345678', 'CN')).toBeNull();
    expect(checkPhone('+86 138 1234 5678', 'CN')).toBeNull();
  });

  it('checks a number with a calling code against that region, whatever the default', () => {
    expect(isValidPhone('+85291234567', 'CN')).toBe(true);
    // Hong Kong mobiles start 4-9: 3xxx xxxx is not one
    expect(isValidPhone('+85231234567', 'CN')).toBe(false);
    // UK mobile 07700 900123 → +44 7700 900123
    expect(isValidPhone('+447700900123', 'CN')).toBe(true);
    expect(isValidPhone('+441632960123', 'CN')).toBe(false);
  });

  it('checks a number typed in another region by that region', () => {
    expect(isValidPhone('0412 345 678', 'AU')).toBe(true);
    expect(isValidPhone('0212 345 678', 'AU')).toBe(false);
  });

  it('without a region (overseas), gives the E.164 length check', () => {
    expect(isValidPhone('0412345678', null)).toBe(true);
    expect(isValidPhone('12ab', null)).toBe(false);
  });

  it('an order in the mainland refuses a picker phone that is no mainland mobile', () => {
    const input = {
      orderType: OrderType.selfPickup,
      shop: {} as never,
      lineCount: 1,
      pickupTime: '12:00',
      pickerName: 'Wang',
      pickerPhone: '91234567',
    };
    expect(validateOrderFields({ ...input, phoneRegion: 'CN' }).map((e) => e.code)).toEqual([ErrorCode.inputCorrectPhone]);
    expect(validateOrderFields({ ...input, pickerPhone: '+85291234567', phoneRegion: 'CN' })).toEqual([]);
  });
});

describe('saving a phone with its region', () => {
  it('keeps a number of the default region as typed', () => {
    expect(joinPhone('CN', '138 1234 5678', 'CN')).toBe('13812345678');
  });

  it('gives a number of another region its calling code, without the trunk 0', () => {
    expect(joinPhone('HK', '9123 4567', 'CN')).toBe('+85291234567');
    expect(joinPhone('GB', '07700 900123', 'CN')).toBe('+447700900123');
    // Italy keeps the leading digits of its numbers
    expect(nationalNumber('0612345678', 'IT')).toBe('0612345678');
  });

  it('splits a saved phone back into its region and number', () => {
    expect(splitPhone('+85291234567')).toEqual({ region: 'HK', national: '91234567' });
    // +1 reads as US; the longest code wins (+853 is Macao, not +85…)
    expect(splitPhone('+14155550123')).toEqual({ region: 'US', national: '4155550123' });
    expect(splitPhone('+85361234567')).toEqual({ region: 'MO', national: '61234567' });
    expect(splitPhone('13812345678')).toBeNull();
  });
});
