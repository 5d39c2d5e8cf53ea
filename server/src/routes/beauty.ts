import type { FastifyInstance } from 'fastify';
import { beautyCalls } from '../../../src/api/contract/beauty';
import type { ServerContext } from '../context';
import { registerCall } from '../http/call';
import { bookedOfDay } from '../services/beauty/read';
import { beautyUsers } from '../services/beauty/users';
import { getShop, shopSettingsFor } from '../services/shops';
import { shopZone } from '../../../src/domain/shop-time';

/** Appointment calls (C§7 beauty, ORDER-5): the token's shop, the token's customer. */
export function registerBeautyRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerCall(app, ctx, beautyCalls.users, async (c) => beautyUsers(ctx, c.session, c.lang, c.body));

  registerCall(app, ctx, beautyCalls.alreadyAppointmentTimes, async (c) => {
    const settings = shopSettingsFor(await getShop(ctx, c.session.shopId), c.lang);
    return { list: await bookedOfDay(ctx, c.session.shopId, c.body.date, shopZone(settings), c.body.serviceUserId) };
  });
}
