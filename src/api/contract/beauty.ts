import { z } from 'zod';
import { EpochMs, Id, Money, ShortText, defineCall } from './common';
import { AvatarUrl, DateString } from './shared-shapes';

/** Appointment (beauty industry) calls: C§7 beauty, C§3 "Beauty", ORDER-5. */

/** A shop staff member who performs a service (C§3 serviceUser). */
export const ServiceUser = z.object({
  id: Id,
  jobNo: z.string().max(32),
  desc: z.string().max(500),
  tagId: Id.nullable(),
  /** The service user can be booked (false = fully booked or off today). */
  canReverse: z.boolean(),
  userPhone: z.string().max(24),
  userName: ShortText,
  headImage: AvatarUrl,
  tagName: ShortText,
});
export type ServiceUser = z.infer<typeof ServiceUser>;

export const ServiceTag = z.object({ id: Id, name: ShortText });
export type ServiceTag = z.infer<typeof ServiceTag>;

/** Deposit payMode (C§3 depositSet): 1 = `rate` percent of the price, 2 = the fixed `amount`. */
export const DepositPayMode = { rate: 1, amount: 2 } as const;

/** The deposit rule of appointments (C§3 depositSet). */
export const DepositSet = z.object({
  allowDeposit: z.boolean(),
  payMode: z.union([z.literal(DepositPayMode.rate), z.literal(DepositPayMode.amount)]),
  rate: z.number().min(0).max(100).optional(),
  amount: Money.optional(),
});
export type DepositSet = z.infer<typeof DepositSet>;

/** The beauty set (C§3): the service-user requirement and the pay types an appointment allows. */
export const BeautySet = z.object({
  serviceUserRequired: z.boolean(),
  CashPay: z.boolean(),
  WeiXinPay: z.boolean(),
  AliPay: z.boolean(),
  VipPay: z.boolean(),
  depositSet: DepositSet,
  /** Length of one bookable slot, minutes. */
  slotMinutes: z.number().int().min(5).max(480),
});
export type BeautySet = z.infer<typeof BeautySet>;

export const BeautyUsersReq = z
  .object({
    /** Limit to staff who perform these services (the products in the cart). */
    productIds: z.array(Id).max(100).optional(),
    tagId: Id.optional(),
    /** Only staff free at this time (C§5: the appointment time is chosen first). */
    appointment: EpochMs.optional(),
    /** Minutes the services take from `appointment` (C§3 serviceDuration); one slot when absent. */
    duration: z.number().int().min(1).max(1440).optional(),
  })
  .strict();

export const BeautyUsersRes = z.object({
  users: z.array(ServiceUser).max(500),
  /** Staff the customer booked before, most recent first. */
  lastUsers: z.array(ServiceUser).max(20),
  tags: z.array(ServiceTag).max(100),
  set: BeautySet,
});
export type BeautyUsersRes = z.infer<typeof BeautyUsersRes>;

export const AlreadyAppointmentTimesReq = z
  .object({ date: DateString, serviceUserId: Id.optional() })
  .strict();

/** A booked slot: [start, end) in epoch ms. */
export const BookedSlot = z.object({ start: EpochMs, end: EpochMs, serviceUserId: Id.nullable() });
export type BookedSlot = z.infer<typeof BookedSlot>;

export const beautyCalls = {
  users: defineCall('beauty/users', BeautyUsersReq, BeautyUsersRes),
  alreadyAppointmentTimes: defineCall(
    'beauty/alreadyAppointmentTimes',
    AlreadyAppointmentTimesReq,
    z.object({ list: z.array(BookedSlot).max(1000) }),
  ),
};
