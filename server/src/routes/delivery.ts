import type { FastifyInstance } from 'fastify';
import { deliveryCalls } from '../../../src/api/contract/delivery';
import { distanceKm, parseGps } from '../../../src/domain/validation';
import type { ServerContext } from '../context';
import { fail } from '../http/errors';
import { registerCall } from '../http/call';
import { ownAddress } from '../services/addresses';
import { getShop, shopSettingsFor } from '../services/shops';

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
}
