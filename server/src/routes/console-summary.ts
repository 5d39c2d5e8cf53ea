import type { FastifyInstance } from 'fastify';
import { consoleCalls } from '../../../src/api/contract/console';
import type { ServerContext } from '../context';
import { registerConsoleCall } from '../http/console-call';
import { assertShop } from '../services/console/accounts';
import { daySummary } from '../services/console/summary';

/** The staff console's day summary (CONSOLE-6), for every staff member of the shop. */
export function registerSummaryRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerConsoleCall(app, ctx, consoleCalls.daySummary, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    return daySummary(ctx, c.body.shopId, c.body.date);
  });
}
