import { z } from 'zod';
import { Id, defineCall } from './common';

/** delivery/getDistance (C§7): the server measures from the shop's GPS to a saved address's GPS. */
export const GetDistanceReq = z.object({ addressId: Id }).strict();

export const GetDistanceRes = z.object({
  addressId: Id,
  /** Great-circle distance, km, 3 decimals. */
  distance: z.number().nonnegative(),
  /** The shop's maximum delivery distance, km (0 = no limit). */
  deliveryDistance: z.number().nonnegative(),
  inRange: z.boolean(),
});
export type GetDistanceRes = z.infer<typeof GetDistanceRes>;

export const deliveryCalls = {
  getDistance: defineCall('delivery/getDistance', GetDistanceReq, GetDistanceRes),
};
