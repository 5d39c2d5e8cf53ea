import type { FastifyInstance } from 'fastify';
import { deliveryCalls } from '../../../src/api/contract/delivery';
import type { ServerContext } from '../context';
import { registerCall } from '../http/call';
import { convert, mapSystem } from '../services/geo';
import { ipLocatorOf } from '../services/geo-ip';

/**
 * delivery/ipLocation (C§7 "IP location"): the place of the connection's address, in the shops' map
 * system. The address is the socket's, or the client address a trusted proxy reports (TRUST_PROXY=1,
 * Fastify's `request.ip`); a body or header the customer writes is never read.
 */
export function registerIpLocationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerCall(app, ctx, deliveryCalls.ipLocation, async (c) => {
    const place = await ipLocatorOf(ctx).locate(c.request.ip);
    if (!place) return { located: false as const };
    const to = mapSystem(c.abroad);
    const at = convert(place, place.coordType, to);
    return {
      located: true as const,
      ...at,
      coordType: to,
      nation: place.nation,
      province: place.province,
      city: place.city,
      district: place.district,
    };
  });
}
