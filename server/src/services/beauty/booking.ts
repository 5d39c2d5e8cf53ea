/**
 * Booking an appointment with its order (ORDER-5). `planAppointment` checks a submission before the
 * order is written (C§5: the time within appointmentTimeLimit and the shop's hours and in the future,
 * the service user when the set requires one, the beauty user's name and phone, a pay type the set
 * allows) and works out the slots, the service and the deposit from the server's own data.
 * `bookAppointment` writes the appointment and one row per slot inside the order's transaction: the
 * unique (service user, slot start) pair refuses a double booking, and the order rolls back with it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { OrderSubmission } from '../../../../src/api/contract/order';
import { OrderType } from '../../../../src/domain/enums';
import { ErrorCode } from '../../../../src/domain/errors';
import {
  appointmentPayTypes,
  checkAppointmentTime,
  checkOneTechnician,
  depositOf,
  serviceDurationOf,
  slotStartsOf,
  type DepositFigures,
} from '../../../../src/domain/beauty';
import { checkPhone, isBlank } from '../../../../src/domain/contact';
import type { ShopSettings } from '../../../../src/domain/types';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/client';
import { appointmentSlots, appointments } from '../../db/schema';
import { AppError, fail, fromRule } from '../../http/errors';
import type { Lang } from '../../i18n/messages';
import { paymentsOf } from '../../payments';
import { getMenu } from '../menu';
import { paySettingOf, type ShopRow } from '../shops';
import { beautySetOf, NO_BEAUTY_SET, serviceUsersOf } from './read';
import { shopZone } from '../../../../src/domain/shop-time';

const MINUTE_MS = 60_000;

/** An appointment ready to be written with its order. */
export interface AppointmentPlan {
  shopId: number;
  userId: number;
  serviceUserId: number | null;
  serviceUserName: string;
  start: number;
  duration: number;
  slots: number[];
  beautyUserName: string;
  beautyUserPhone: string;
  deposit: DepositFigures | null;
}

/** Checks an appointment submission and plans its booking (no writes). */
export async function planAppointment(
  ctx: ServerContext,
  who: { userId: number; lang: Lang },
  s: OrderSubmission,
  shop: ShopRow,
  settings: ShopSettings,
  total: number,
): Promise<AppointmentPlan> {
  const set = (await beautySetOf(ctx.db, shop.id)) ?? NO_BEAUTY_SET;
  // C§3 set: only the pay types the beauty set allows
  const offered = paySettingOf(shop.paySetting, paymentsOf(ctx).available).payTypes;
  if (!appointmentPayTypes(offered, set).includes(s.payType)) throw fail('noValidPayType');
  // C§5: the time first, then the service user
  if (s.appointment === undefined) throw fail('requiredAppointmentTime');
  const menu = await getMenu(ctx, shop.id, who.lang);
  // C§6: services of more than one technician are booked by calling the shop, not online
  const several = checkOneTechnician(s.products.map((p) => ({ serviceTagId: menu.byId.get(p.id)?.serviceTagId, quantity: p.quantity })));
  if (several) throw fromRule(several);
  // the services' own durations, never the client's figure
  const duration = serviceDurationOf(
    s.products.map((p) => ({ serviceTime: menu.byId.get(p.id)?.serviceTime, quantity: p.quantity })),
    set.slotMinutes,
  );
  const now = ctx.clock.now();
  const timeError = checkAppointmentTime(s.appointment, {
    now,
    limitDays: settings.appointmentTimeLimit,
    hours: settings.businessTimeRange,
    zone: shopZone(settings),
    slotMinutes: set.slotMinutes,
    durationMinutes: duration,
  });
  if (timeError) throw fromRule(timeError);

  let serviceUserId: number | null = null;
  let serviceUserName = '';
  if (s.serviceUser) {
    const users = await serviceUsersOf(ctx.db, shop.id);
    const user = users.find((u) => u.id === s.serviceUser?.id);
    if (!user) throw fail('requiredServiceUser');
    const tags = new Set(s.products.flatMap((p) => {
      const tag = menu.byId.get(p.id)?.serviceTagId;
      return tag === undefined ? [] : [tag];
    }));
    // a service user who does not take appointments, or does not perform these services
    if (!user.canReverse || (tags.size > 0 && (user.tagId === null || !tags.has(user.tagId)))) throw fail('serviceUserUnavailable');
    serviceUserId = user.id;
    serviceUserName = ((who.lang === 'en' && user.userNameEn) || user.userName).slice(0, 140);
  } else if (set.serviceUserRequired) {
    throw fail('requiredServiceUser');
  }
  // ORDER-5: the beauty user's name and phone
  if (isBlank(s.contact_name)) throw fail('requiredName');
  const phone = checkPhone(s.contact_phone);
  if (phone) throw fromRule(phone);

  const slots = serviceUserId === null ? [] : slotStartsOf(s.appointment, duration, set.slotMinutes);
  // a friendly early answer; the unique slots at insert are what decides
  if (serviceUserId !== null && (await slotsTaken(ctx.db, serviceUserId, slots))) throw fail('appointmentTimeBooked');
  return {
    shopId: shop.id,
    userId: who.userId,
    serviceUserId,
    serviceUserName,
    start: s.appointment,
    duration,
    slots,
    beautyUserName: (s.contact_name ?? '').trim().slice(0, 140),
    beautyUserPhone: (s.contact_phone ?? '').replace(/[\s-]/g, ''),
    deposit: depositOf(total, set.depositSet, settings.numberDecimals ?? 2),
  };
}

async function slotsTaken(db: Db, serviceUserId: number, slots: readonly number[]): Promise<boolean> {
  if (slots.length === 0) return false;
  const rows = await db
    .select({ id: appointmentSlots.orderId })
    .from(appointmentSlots)
    .where(and(eq(appointmentSlots.serviceUserId, serviceUserId), inArray(appointmentSlots.slotStart, [...slots])))
    .limit(1);
  return rows.length > 0;
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * Writes the appointment of a placed order and its slots, in the order's transaction. A slot another
 * order holds fails the unique constraint: "this time is already booked", and the caller's
 * transaction takes the order back.
 */
export async function bookAppointment(tx: Db, plan: AppointmentPlan, orderId: number, now: number): Promise<void> {
  await tx.insert(appointments).values({
    orderId,
    shopId: plan.shopId,
    userId: plan.userId,
    serviceUserId: plan.serviceUserId,
    startTime: plan.start,
    endTime: plan.start + plan.duration * MINUTE_MS,
    duration: plan.duration,
    beautyUserName: plan.beautyUserName,
    beautyUserPhone: plan.beautyUserPhone,
    deposit: plan.deposit === null ? null : String(plan.deposit.deposit),
    createdAt: now,
  });
  if (plan.serviceUserId === null || plan.slots.length === 0) return;
  const serviceUserId = plan.serviceUserId;
  try {
    await tx.insert(appointmentSlots).values(plan.slots.map((slotStart) => ({ serviceUserId, slotStart, orderId })));
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(ErrorCode.appointmentTimeBooked);
    throw e;
  }
}

/** The service part of the order row of an appointment (C§3 serviceUser, serviceStartTimeInfo, serviceDuration). */
export function serviceOfPlan(plan: AppointmentPlan) {
  if (plan.serviceUserId === null) return null;
  return { serviceUserId: plan.serviceUserId, serviceUserName: plan.serviceUserName, startTime: plan.start, duration: plan.duration };
}

/** Whether a submission books an appointment. */
export const isAppointment = (s: Pick<OrderSubmission, 'type'>): boolean => s.type === OrderType.appointment;

/**
 * What an order asks to be paid now: an appointment with a deposit asks its deposit (C§3 depositSet),
 * the rest is paid in the shop; every other order its total.
 */
export async function amountDueOf(db: Db, o: { id: number; type: string; total: string }): Promise<string> {
  if (o.type !== OrderType.appointment) return o.total;
  const rows = await db.select({ deposit: appointments.deposit }).from(appointments).where(eq(appointments.orderId, o.id)).limit(1);
  return rows[0]?.deposit ?? o.total;
}

