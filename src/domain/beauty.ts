/**
 * Appointments (C§3 "Beauty", C§5, ORDER-5): the deposit of an appointment, the slots a booking
 * takes, the times a day offers and the checks of an appointment time. Pure: the confirm page and
 * the server's order service call the same functions, so both show and charge the same figures.
 */
import { PayType, type PayType as PayTypeValue } from './enums';
import { ErrorCode, ruleError, type RuleError } from './errors';
import { DEFAULT_BUSINESS_HOURS, parseTimeOfDay } from './hours';
import { addDays, DEFAULT_UTC_OFFSET_MINUTES, dayStartOf as calendarDayStart, instantsAt, parseCalendarDay, shopClock, wallOf, type ShopZone } from './shop-time';
import * as money from './money';
import type { TimeRange } from './types';

const MINUTE_MS = 60_000;

/** Deposit rule of appointments (C§3 depositSet): payMode 1 = `rate` percent of the total, 2 = the fixed `amount`. */
export interface DepositRule {
  allowDeposit: boolean;
  payMode: 1 | 2;
  rate?: number;
  amount?: number;
}

/** The pay-type switches of the beauty set (C§3 set: CashPay, WeiXinPay, AliPay, VipPay). */
export interface BeautyPaySwitches {
  CashPay: boolean;
  WeiXinPay: boolean;
  AliPay: boolean;
  VipPay: boolean;
}

/** What an appointment asks now and what is left to pay in the shop. */
export interface DepositFigures {
  /** Paid when booking. */
  deposit: number;
  /** Paid in the shop after the service. */
  rest: number;
}

/**
 * C§3 depositSet: the deposit of an order `total`. payMode 1 takes `rate` percent (rounded half-up to
 * the shop's decimals), payMode 2 the fixed `amount` capped at the total. Null when the shop takes no
 * deposit, or when the rule asks nothing (0 %) — then the whole order is paid as usual.
 */
export function depositOf(total: number, rule: DepositRule | null | undefined, decimals = 2): DepositFigures | null {
  if (!rule || !rule.allowDeposit || !(total > 0)) return null;
  const raw =
    rule.payMode === 1
      ? money.round(money.percent(total, rule.rate ?? 0), decimals)
      : money.min(money.of(rule.amount ?? 0), total);
  const deposit = money.clampZero(raw);
  if (money.isZero(deposit)) return null;
  return { deposit: money.toWire(deposit, decimals), rest: money.toWire(money.sub(total, deposit), decimals) };
}

/**
 * C§3 set: the pay types an appointment may use out of those the shop offers. The set names cash, the
 * chat-app wallet, the payment-app wallet and the member card; a kind it does not name (the card
 * provider, the all-in-one provider) follows the shop's pay setting.
 */
export function appointmentPayTypes(offered: readonly PayTypeValue[], set: BeautyPaySwitches | null | undefined): PayTypeValue[] {
  if (!set) return [...offered];
  return offered.filter((t) => {
    if (t === PayType.cash) return set.CashPay;
    if (t === PayType.weixin) return set.WeiXinPay;
    if (t === PayType.alipay) return set.AliPay;
    if (t === PayType.vip) return set.VipPay;
    return true;
  });
}

/** Minutes of service a cart asks (C§3 serviceDuration): each line's serviceTime × quantity; a slot at least. */
export function serviceDurationOf(lines: readonly { serviceTime?: number; quantity: number }[], slotMinutes: number): number {
  const total = lines.reduce((n, l) => n + (l.serviceTime ?? 0) * Math.max(0, l.quantity), 0);
  return Math.max(slotMinutes, total);
}

/** The slot starts (epoch ms) a booking of `durationMinutes` from `start` occupies, `slotMinutes` apart. */
export function slotStartsOf(start: number, durationMinutes: number, slotMinutes: number): number[] {
  const n = Math.max(1, Math.ceil(durationMinutes / slotMinutes));
  return Array.from({ length: n }, (_, i) => start + i * slotMinutes * MINUTE_MS);
}

/** The shop-local days an appointment can be booked on: today and the next `limitDays - 1` (C§3 appointmentTimeLimit). */
export function appointmentDays(now: number, limitDays: number | undefined, zone: ShopZone = DEFAULT_UTC_OFFSET_MINUTES): number[] {
  const today = wallOf(now, zone);
  const n = Math.max(1, limitDays ?? 1);
  return Array.from({ length: n }, (_, i) => calendarDayStart(zone, addDays(today, i)));
}

/** The date 'YYYY-MM-DD' of a shop-local day start. */
export function dayKey(dayStart: number, zone: ShopZone = DEFAULT_UTC_OFFSET_MINUTES): string {
  return wallOf(dayStart, zone).date;
}

/** The shop-local day start of 'YYYY-MM-DD' (NaN for a malformed date). */
export function dayStartOf(date: string, zone: ShopZone = DEFAULT_UTC_OFFSET_MINUTES): number {
  const d = parseCalendarDay(date);
  return d ? calendarDayStart(zone, d) : Number.NaN;
}

/** Opening windows of a day in minutes [start, end); '23:59' ends at midnight, a later end than start stays in the day. */
function windowsOf(hours: readonly TimeRange[] | undefined): Array<{ start: number; end: number }> {
  const ranges = hours && hours.length > 0 ? hours : DEFAULT_BUSINESS_HOURS;
  const out: Array<{ start: number; end: number }> = [];
  for (const r of ranges) {
    const start = parseTimeOfDay(r.start);
    let end = parseTimeOfDay(r.end);
    if (start === null || end === null) continue;
    if (end === 23 * 60 + 59) end = 24 * 60;
    // an appointment ends the day it starts: a range past midnight is cut at midnight
    if (end <= start) end = 24 * 60;
    out.push({ start, end });
  }
  return out;
}

/** The facts an appointment time is checked against. */
export interface AppointmentWindow {
  now: number;
  /** Days ahead that can be booked, today included (appointmentTimeLimit). */
  limitDays?: number;
  /** The shop's hours (businessTimeRange). */
  hours?: readonly TimeRange[];
  zone?: ShopZone;
  slotMinutes: number;
  durationMinutes: number;
}

/**
 * The start times (epoch ms) a day offers: every slot inside the shop's hours whose service ends by
 * closing, later than now (C§5 appointmentTimeLimit, the shop's hours).
 */
export function appointmentTimesOfDay(dayStart: number, w: AppointmentWindow): number[] {
  const zone = w.zone ?? DEFAULT_UTC_OFFSET_MINUTES;
  const day = wallOf(dayStart, zone);
  const out: number[] = [];
  for (const win of windowsOf(w.hours)) {
    const first = Math.ceil(win.start / w.slotMinutes) * w.slotMinutes;
    for (let m = first; m + w.durationMinutes <= win.end; m += w.slotMinutes) {
      // a slot is a wall time: none in a spring day's skipped hour, once (its first instant) in an autumn day's repeated hour
      const at = instantsAt(zone, day, m)[0];
      if (at !== undefined && at > w.now && !out.includes(at)) out.push(at);
    }
  }
  return out;
}

/**
 * C§5 / ORDER-5: an appointment time is on a slot boundary, in the future, within the days the shop
 * books ahead, and its whole service fits the shop's hours; else `appointmentTimeInvalid`.
 */
export function checkAppointmentTime(time: number, w: AppointmentWindow): RuleError | null {
  const zone = w.zone ?? DEFAULT_UTC_OFFSET_MINUTES;
  const days = appointmentDays(w.now, w.limitDays, zone);
  const day = shopClock(time, zone).dayStart;
  if (!days.includes(day)) return ruleError(ErrorCode.appointmentTimeInvalid);
  return appointmentTimesOfDay(day, w).includes(time) ? null : ruleError(ErrorCode.appointmentTimeInvalid);
}

/** What is left to pay in the shop after `paid` of `total` (an appointment's deposit), never below 0. */
export function restDue(total: number, paid: number, decimals = 2): number {
  return money.toWire(money.clampZero(money.sub(total, paid)), decimals);
}

/** Whether [start, start + minutes) overlaps any of the booked [start, end) ranges. */
export function overlapsBooked(start: number, minutes: number, booked: readonly { start: number; end: number }[]): boolean {
  const end = start + minutes * MINUTE_MS;
  return booked.some((b) => b.start < end && start < b.end);
}

/**
 * C§6 "the shop boss is contacted for … multi-technician appointments": a service user performs the
 * services of one tag (C§3 serviceUser.tagId, a service's serviceTagId), so a cart whose services
 * belong to more than one tag needs more than one technician. Such an appointment is not booked
 * online (`appointmentNeedsSeveralTechnicians`): the customer calls the shop. Services without a tag
 * can be done by anyone and never count.
 */
export function appointmentTechnicianTags(lines: readonly { serviceTagId?: number; quantity: number }[]): number[] {
  const tags: number[] = [];
  for (const l of lines) {
    if (l.quantity > 0 && l.serviceTagId !== undefined && !tags.includes(l.serviceTagId)) tags.push(l.serviceTagId);
  }
  return tags;
}

/** C§6: null when one technician can do every service of the cart, else `appointmentNeedsSeveralTechnicians`. */
export function checkOneTechnician(lines: readonly { serviceTagId?: number; quantity: number }[]): RuleError | null {
  return appointmentTechnicianTags(lines).length > 1 ? ruleError(ErrorCode.appointmentNeedsSeveralTechnicians) : null;
}
