/** Member info rules (MEMBER-1 edit, USER-2 profile, C§5 picker range, C§3 visitor nickname). */
import { ErrorCode } from '../../../src/domain/errors';
import {
  birthdayPickerRange,
  displayNickName,
  isCalendarDate,
  maskPhone,
  validateMemberInfo,
} from '../../../src/domain/members/member-info';

// 2026-11-23 12:00 in UTC+8
const NOON = Date.UTC(2026, 10, 23, 4, 0, 0);

describe('birthday picker range (C§5: 150 years either side)', () => {
  test('from 1 January 1876 to 31 December 2176 in 2026', () => {
    expect(birthdayPickerRange(NOON)).toEqual({ start: '1876-01-01', end: '2176-12-31' });
  });

  test('the year is the shop’s: 31 Dec 2026 17:00 UTC is already 2027 in UTC+8', () => {
    const lateUtc = Date.UTC(2026, 11, 31, 17, 0, 0);
    expect(birthdayPickerRange(lateUtc, 480).start).toBe('1877-01-01');
    expect(birthdayPickerRange(lateUtc, 0).start).toBe('1876-01-01');
  });
});

describe('info edit (vip/update)', () => {
  const range = birthdayPickerRange(NOON);

  test('a name and a birthday in range pass', () => {
    expect(validateMemberInfo({ name: '王五', birthday: '1990-05-20' }, range)).toEqual([]);
  });

  test('an empty or blank name asks for the name', () => {
    expect(validateMemberInfo({ name: '   ', birthday: '' }, range)).toEqual([{ code: ErrorCode.requiredName }]);
    expect(validateMemberInfo({ name: null }, range)).toEqual([{ code: ErrorCode.requiredName }]);
  });

  test('a birthday outside the range or not a calendar date is refused', () => {
    expect(validateMemberInfo({ name: 'a', birthday: '1875-12-31' }, range)).toEqual([{ code: ErrorCode.badRequest }]);
    expect(validateMemberInfo({ name: 'a', birthday: '1990-02-30' }, range)).toEqual([{ code: ErrorCode.badRequest }]);
  });

  test('calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-2-1')).toBe(false);
  });
});

describe('nickname shown (C§3)', () => {
  test('an authorised user’s own nickname', () => {
    expect(displayNickName({ nickName: '小明', authorised: true }, 'Other user')).toBe('小明');
  });

  test('an unauthorised user: the label in the customer’s language and the server’s time value', () => {
    expect(displayNickName({ nickName: '其他用户04000012', authorised: false }, 'Other user')).toBe('Other user 04000012');
    expect(displayNickName({ nickName: '', authorised: false }, '其他用户')).toBe('其他用户');
  });

  test('phones show with the middle hidden', () => {
    expect(maskPhone('13800000000')).toBe('138****0000');
    expect(maskPhone('12345')).toBe('12345');
  });
});
