/**
 * Reading the beauty tables (C§7 beauty/users, beauty/alreadyAppointmentTimes, ORDER-5): the shop's
 * set, tags and service users, who is free at a time, whom a customer booked before, and the booked
 * slots of a day.
 */
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { BeautySet, BookedSlot, ServiceTag, ServiceUser } from '../../../../src/api/contract/beauty';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/client';
import { appointmentSlots, appointments, beautySets, serviceTags, serviceUsers } from '../../db/schema';
import type { Lang } from '../../i18n/messages';
import { dayBounds, parseCalendarDay, type ShopZone } from '../../../../src/domain/shop-time';
import { AppError } from '../../http/errors';

const MINUTE_MS = 60_000;

/** A shop without a beauty set books no one and asks no deposit. */
export const NO_BEAUTY_SET: BeautySet = {
  serviceUserRequired: false,
  CashPay: true,
  WeiXinPay: true,
  AliPay: true,
  VipPay: true,
  depositSet: { allowDeposit: false, payMode: 1, rate: 0 },
  slotMinutes: 30,
};

export type ServiceUserRow = typeof serviceUsers.$inferSelect;

/** The beauty set of a shop (C§3 set). */
export async function beautySetOf(db: Db, shopId: number): Promise<BeautySet | null> {
  const rows = await db.select({ data: beautySets.data }).from(beautySets).where(eq(beautySets.shopId, shopId)).limit(1);
  return rows[0]?.data ?? null;
}

/** The service tags of a shop, in their order. */
export async function tagsOf(db: Db, shopId: number, lang: Lang): Promise<ServiceTag[]> {
  const rows = await db.select().from(serviceTags).where(eq(serviceTags.shopId, shopId)).orderBy(asc(serviceTags.sort), asc(serviceTags.id));
  return rows.map((t) => ({ id: t.id, name: (lang === 'en' && t.nameEn) || t.name }));
}

/** The service users of a shop, in their order. */
export async function serviceUsersOf(db: Db, shopId: number): Promise<ServiceUserRow[]> {
  return db.select().from(serviceUsers).where(eq(serviceUsers.shopId, shopId)).orderBy(asc(serviceUsers.sort), asc(serviceUsers.id));
}

/** Of `userIds`, those holding a slot in [start, start + minutes) (a live appointment). */
export async function busyUsers(db: Db, userIds: readonly number[], start: number, minutes: number): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: appointmentSlots.serviceUserId })
    .from(appointmentSlots)
    .where(
      and(
        inArray(appointmentSlots.serviceUserId, [...userIds]),
        gte(appointmentSlots.slotStart, start),
        lt(appointmentSlots.slotStart, start + minutes * MINUTE_MS),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** A service user as the app shows it; `free` = takes appointments and is not booked at the asked time. */
export function toServiceUser(u: ServiceUserRow, tags: readonly ServiceTag[], free: boolean, lang: Lang): ServiceUser {
  return {
    id: u.id,
    jobNo: u.jobNo,
    desc: ((lang === 'en' && u.descEn) || u.desc).slice(0, 500),
    tagId: u.tagId,
    canReverse: u.canReverse && free,
    userPhone: u.userPhone,
    userName: (lang === 'en' && u.userNameEn) || u.userName,
    headImage: u.headImage,
    tagName: tags.find((t) => t.id === u.tagId)?.name ?? '',
  };
}

/** Service users this customer booked at the shop, most recent appointment first (C§3 lastUsers). */
export async function lastUserIds(db: Db, userId: number, shopId: number): Promise<number[]> {
  const rows = await db
    .select({ id: appointments.serviceUserId })
    .from(appointments)
    .where(and(eq(appointments.userId, userId), eq(appointments.shopId, shopId)))
    .orderBy(desc(appointments.createdAt), desc(appointments.orderId))
    .limit(100);
  const seen: number[] = [];
  for (const r of rows) if (r.id !== null && !seen.includes(r.id)) seen.push(r.id);
  return seen.slice(0, 20);
}

/** The booked appointments of a shop-local day (C§7 beauty/alreadyAppointmentTimes), per service user. */
export async function bookedOfDay(
  ctx: ServerContext,
  shopId: number,
  date: string,
  zone: ShopZone,
  serviceUserId?: number,
): Promise<BookedSlot[]> {
  const day = parseCalendarDay(date);
  if (!day) throw new AppError('badRequest', undefined, undefined, `date ${date}: not a calendar date`);
  // the shop's calendar day: 23 or 25 hours on a day its clocks change
  const { start, end } = dayBounds(zone, day);
  // the live appointments are those still holding slots (an ended order gave them back)
  const rows = await ctx.db
    .selectDistinct({
      orderId: appointments.orderId,
      start: appointments.startTime,
      end: appointments.endTime,
      serviceUserId: appointments.serviceUserId,
    })
    .from(appointments)
    .innerJoin(appointmentSlots, eq(appointmentSlots.orderId, appointments.orderId))
    .where(
      and(
        eq(appointments.shopId, shopId),
        gte(appointments.startTime, start),
        lt(appointments.startTime, end),
        ...(serviceUserId !== undefined ? [eq(appointments.serviceUserId, serviceUserId)] : []),
      ),
    )
    .orderBy(asc(appointments.startTime), asc(appointments.orderId));
  return rows.map((r) => ({ start: r.start, end: r.end, serviceUserId: r.serviceUserId }));
}
