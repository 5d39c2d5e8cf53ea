/** The keypad entry of a pay password (MEMBER-2; P§5 / C§5 rules from validation.ts). */
import { ErrorCode } from '../../../src/domain/errors';
import {
  enterPayPassword,
  payPasswordModeOf,
  restartAfterWrongOriginal,
  startPayPasswordEntry,
  type PayPasswordEntry,
} from '../../../src/domain/members/pay-password';

/** Types each entry in turn and returns the last answer. */
function typeAll(entry: PayPasswordEntry, ...entries: string[]) {
  let answer = { entry, error: null as unknown, done: null as unknown } as ReturnType<typeof enterPayPassword>;
  for (const digits of entries) answer = enterPayPassword(answer.entry, digits);
  return answer;
}

describe('pay password entry', () => {
  test('a card without a pay password sets one; a card with one changes it', () => {
    expect(payPasswordModeOf(false)).toBe('set');
    expect(payPasswordModeOf(undefined)).toBe('set');
    expect(payPasswordModeOf(true)).toBe('change');
  });

  test('setting asks for the new password, then its repeat, and sends both', () => {
    const start = startPayPasswordEntry('set');
    expect(start.step).toBe('new');
    const first = enterPayPassword(start, '246813');
    expect(first.entry.step).toEqual('repeat');
    expect(first.error).toEqual(null);
    expect(first.done).toEqual(null);
    expect(enterPayPassword(first.entry, '246813').done).toEqual({ payPassword: '246813', repeatPayPassword: '246813' });
  });

  test('123456 is refused with its own message and asked again', () => {
    const answer = enterPayPassword(startPayPasswordEntry('set'), '123456');
    expect(answer.error).toEqual({ code: ErrorCode.payPasswordTooSimple });
    expect(answer.entry.step).toBe('new');
    expect(answer.done).toBeNull();
  });

  test('fewer than 6 digits or other characters are refused as "6 digits"', () => {
    expect(enterPayPassword(startPayPasswordEntry('set'), '12345').error).toEqual({ code: ErrorCode.payPasswordSixDigits });
    expect(enterPayPassword(startPayPasswordEntry('set'), '12a456').error).toEqual({ code: ErrorCode.payPasswordSixDigits });
  });

  test('a repeat that differs says the two passwords are inconsistent and starts the new password again', () => {
    const answer = typeAll(startPayPasswordEntry('set'), '246813', '246814');
    expect(answer.error).toEqual({ code: ErrorCode.passwordsInconsistent });
    expect(answer.entry.step).toEqual('new');
    expect(answer.entry.password).toEqual(null);
    expect(answer.done).toEqual(null);
  });

  test('changing asks for the original first and sends it with the new password', () => {
    const start = startPayPasswordEntry('change');
    expect(start.step).toBe('original');
    const answer = typeAll(start, '135790', '246813', '246813');
    expect(answer.done).toEqual({ payPassword: '246813', repeatPayPassword: '246813', originPayPassword: '135790' });
  });

  test('the original may be 123456 (an old password is not judged by the new rules)', () => {
    const answer = enterPayPassword(startPayPasswordEntry('change'), '123456');
    expect(answer.error).toEqual(null);
    expect(answer.entry.step).toEqual('new');
  });

  test('after the server refused the original, the entry starts again at the original', () => {
    const answer = typeAll(startPayPasswordEntry('change'), '000000', '246813');
    expect(restartAfterWrongOriginal(answer.entry)).toEqual({ mode: 'change', step: 'original', original: null, password: null });
  });

  test('a reset (after the SMS code) sends no original', () => {
    const answer = typeAll(startPayPasswordEntry('reset'), '975310', '975310');
    expect(answer.done).toEqual({ payPassword: '975310', repeatPayPassword: '975310' });
  });
});
