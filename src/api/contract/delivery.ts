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

/**
 * delivery/ipLocation (C§7 "IP location"): where the customer's network address puts them, for when the
 * device gives no position. City-level (the maps service answers the seat of the district or city), in
 * the shops' map system. The server reads the address from the connection, never from the body.
 */
export const IpLocationReq = z.object({}).strict();

export const IpLocationRes = z.union([
  z.object({ located: z.literal(false) }),
  z.object({
    located: z.literal(true),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    coordType: CoordTypeSchema,
    /** The administrative area, as the maps service names it ('' when it names none). */
    nation: z.string().max(64),
    province: z.string().max(64),
    city: z.string().max(64),
    district: z.string().max(64),
  }),
]);
export type IpLocationRes = z.infer<typeof IpLocationRes>;

export const deliveryCalls = {
  getDistance: defineCall('delivery/getDistance', GetDistanceReq, GetDistanceRes),
  convertGps: defineCall('delivery/convertGps', ConvertGpsReq, ConvertGpsRes),
  // no token: the shop list of a launch without a shop asks it before any login
  ipLocation: defineCall('delivery/ipLocation', IpLocationReq, IpLocationRes, false),
};
