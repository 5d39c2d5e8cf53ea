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

/** A coordinate system: WGS-84 (browsers, GPS) or GCJ-02 (mainland China maps, the mini-program hosts). */
export const CoordTypeSchema = z.enum(['wgs84', 'gcj02']);

/**
 * delivery/convertGps (C§7 "coordinate conversion", USER-6): a position from one system into another;
 * `to` defaults to the shops' map system (GCJ-02 in mainland China, WGS-84 overseas). A browser's
 * position goes through it before it is compared with a shop's or saved as an address.
 */
export const ConvertGpsReq = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    from: CoordTypeSchema,
    to: CoordTypeSchema.optional(),
  })
  .strict();

export const ConvertGpsRes = z.object({
  latitude: z.number(),
  longitude: z.number(),
  coordType: CoordTypeSchema,
});
export type ConvertGpsRes = z.infer<typeof ConvertGpsRes>;

export const deliveryCalls = {
  getDistance: defineCall('delivery/getDistance', GetDistanceReq, GetDistanceRes),
  convertGps: defineCall('delivery/convertGps', ConvertGpsReq, ConvertGpsRes),
};
