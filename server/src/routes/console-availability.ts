import type { FastifyInstance } from 'fastify';
import { availabilityCalls } from '../../../src/api/contract/console-availability';
import type { ServerContext } from '../context';
import { registerConsoleCall } from '../http/console-call';
import { assertShop } from '../services/console/accounts';
import {
  availabilityProducts,
  pauseOrderType,
  pausesOf,
  resumeOrderType,
  setProductAvailability,
} from '../services/console/availability';

/**
 * The staff console's availability (CONSOLE-5) calls, registered like those of ./console.ts: the shop
 * scope first (another shop answers `staffForbidden`), staff and owners alike; a product of another
 * shop answers `notFound` from the service, which names the shop in every write.
 */
export function registerAvailabilityRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerConsoleCall(app, ctx, availabilityCalls.products, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    return availabilityProducts(ctx, c.body.shopId, c.lang);
  });
  registerConsoleCall(app, ctx, availabilityCalls.productSet, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    const { shopId, productId, soldOut, stock } = c.body;
    return { product: await setProductAvailability(ctx, shopId, productId, { soldOut, stock }, c.lang) };
  });
  registerConsoleCall(app, ctx, availabilityCalls.pauses, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    return pausesOf(ctx, c.body.shopId);
  });
  registerConsoleCall(app, ctx, availabilityCalls.pause, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    const { shopId, ...req } = c.body;
    return pauseOrderType(ctx, shopId, req, c.session.staff.username);
  });
  registerConsoleCall(app, ctx, availabilityCalls.resume, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    return resumeOrderType(ctx, c.body.shopId, c.body.orderType);
  });
}
