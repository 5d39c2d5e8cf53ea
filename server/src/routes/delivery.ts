import type { FastifyInstance } from 'fastify';
import { deliveryCalls } from '../../../src/api/contract/delivery';
import { distanceKm, parseGps } from '../../../src/domain/validation';
import type { ServerContext } from '../context';
import { fail } from '../http/errors';
import { registerCall } from '../http/call';
import { ownAddress } from '../services/addresses';
import { getShop, shopSettingsFor } from '../services/shops';
import { convert, mapSystem } from '../services/geo';

/** delivery/getDistance: measured by the server from stored points, never taken from the client. */
export function registerDeliveryRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerCall(app, ctx, deliveryCalls.getDistance, async (c) => {
    const address = await ownAddress(ctx.db, c.session.userId, c.body.addressId);
    const shop = shopSettingsFor(await getShop(ctx, c.session.shopId), c.lang);
    const from = parseGps(shop.gpsAddress);
    if (!from) throw fail('shopAddressIncorrect');
    const to = parseGps(address.addressGps);
    if (!to) throw fail('addressNoGps');
    const distance = Math.round(distanceKm(from, to) * 1000) / 1000;
    const limit = shop.deliveryDistance ?? 0;
    return { addressId: address.id, distance, deliveryDistance: limit, inRange: limit <= 0 || distance <= limit };
  });

  // USER-6: a browser position (WGS-84) into the shops' map system before it meets a shop's position
  registerCall(app, ctx, deliveryCalls.convertGps, async (c) => {
    const to = c.body.to ?? mapSystem(c.abroad);
    return { ...convert(c.body, c.body.from, to), coordType: to };
  });
}
