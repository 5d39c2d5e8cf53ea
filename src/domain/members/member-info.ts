/**
 * The member's own details (MEMBER-1 info edit): name and birthday rules and the birthday picker's
 * range (C§5: dates 150 years either side of the current year). The profile's display rules are in
 * profile.ts (the "mine" tab of the main package reads them without these).
 */
import { ErrorCode, ruleError, type RuleError } from '../errors';
import type { Instant } from '../hours';
import { DEFAULT_UTC_OFFSET_MINUTES, wallOf, type ShopZone } from '../shop-time';
import { formatShopDateTime as formatDateTimeIn } from '../formats';
import type { Language } from '../language';

/** C§5 picker default: 150 years before and after the current year. */
export const PICKER_YEARS_AROUND = 150;
/** The longest member name vip/update accepts. */
export const MEMBER_NAME_MAX = 64;

export interface DateRange {
  /** 'YYYY-MM-DD' */
  start: string;
  end: string;
}

/** The current year on the shop's wall clock. */
function yearAt(now: Instant, zone: ShopZone): number {
  return wallOf(now, zone).year;
}

/** The birthday picker's range: 1 January 150 years ago to 31 December 150 years ahead (C§5). */
export function birthdayPickerRange(now: Instant, zone: ShopZone = DEFAULT_UTC_OFFSET_MINUTES): DateRange {
  const year = yearAt(now, zone);
  const pad = (y: number) => String(y).padStart(4, '0');
  return { start: `${pad(year - PICKER_YEARS_AROUND)}-01-01`, end: `${pad(year + PICKER_YEARS_AROUND)}-12-31` };
}

/** Whether `text` is a real calendar date 'YYYY-MM-DD' (no 31 February). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The info edit form (vip/update): a name is required (`requiredName`); a birthday, when given, must
 * be a date inside the picker's range (`badRequest` — the picker never offers another).
 */
export function validateMemberInfo(input: { name: string | null | undefined; birthday?: string | null }, range: DateRange): RuleError[] {
  const errors: RuleError[] = [];
  const name = (input.name ?? '').trim();
  if (name === '') errors.push(ruleError(ErrorCode.requiredName));
  const birthday = input.birthday ?? '';
  if (birthday !== '' && (!isCalendarDate(birthday) || birthday < range.start || birthday > range.end)) {
    errors.push(ruleError(ErrorCode.badRequest));
  }
  return errors;
}

/** An instant as the shop's wall clock shows it, in the language (zh-CN: 'YYYY-MM-DD HH:mm'; formats.ts). */
export function formatShopDateTime(at: number, zone: ShopZone = DEFAULT_UTC_OFFSET_MINUTES, language: Language = 'zh-CN'): string {
  return formatDateTimeIn(at, zone, language);
}

export { displayNickName, maskPhone } from './profile';
