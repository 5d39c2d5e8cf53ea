import type { FastifyInstance } from 'fastify';
import { consoleCalls } from '../../../src/api/contract/console';
import type { ServerContext } from '../context';
import { registerConsoleCall } from '../http/console-call';
import { fail } from '../http/errors';
import type { StaffSession } from '../services/console/accounts';
import { assertOwner, assertShop } from '../services/console/accounts';
import { approveAtCounter, clearAtCounter, floorTables, openAtCounter, rotateAtCounter, settleAtCounter, tableDetail } from '../services/console/floor';
import { saveSessionSettings, sessionSettingsOf } from '../services/tables/sessions';
import { recordPrint, ticketOf } from '../services/console/tickets';

/**
 * The staff console's floor (kitchen tickets CONSOLE-3, tables CONSOLE-4) calls, registered like those
 * of ./console.ts. A call naming another shop's table answers like a missing table (`tableNotFound`),
 * another shop's ticket like a missing order, another shop's floor `staffForbidden`.
 */
export function registerFloorRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tableShop = async (session: StaffSession, shopId: number) => {
    await assertShop(ctx, session, shopId, 'order').catch(() => {
      throw fail('tableNotFound');
    });
  };

  registerConsoleCall(app, ctx, consoleCalls.tables, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    return floorTables(ctx, c.body.shopId, c.lang);
  });
  registerConsoleCall(app, ctx, consoleCalls.table, async (c) => {
    await tableShop(c.session, c.body.shopId);
    return tableDetail(ctx, c.body.shopId, c.body.tableId, c.lang);
  });
  registerConsoleCall(app, ctx, consoleCalls.tableOpen, async (c) => {
    await tableShop(c.session, c.body.shopId);
    return openAtCounter(ctx, c.body.shopId, c.body.tableId, c.body.person, c.session.staff.username, c.lang);
  });
  registerConsoleCall(app, ctx, consoleCalls.tableSettle, async (c) => {
    await tableShop(c.session, c.body.shopId);
    const { shopId, ...req } = c.body;
    return settleAtCounter(ctx, shopId, req, c.session.staff.username, c.lang);
  });
  registerConsoleCall(app, ctx, consoleCalls.tableClear, async (c) => {
    await tableShop(c.session, c.body.shopId);
    const { shopId, ...req } = c.body;
    return clearAtCounter(ctx, shopId, req, c.session.staff.username, c.lang);
  });
  registerConsoleCall(app, ctx, consoleCalls.tableRotateCode, async (c) => {
    await tableShop(c.session, c.body.shopId);
    return rotateAtCounter(ctx, c.body.shopId, c.body.tableId, c.lang);
  });
  registerConsoleCall(app, ctx, consoleCalls.tableApprove, async (c) => {
    await tableShop(c.session, c.body.shopId);
    const { shopId, ...req } = c.body;
    return approveAtCounter(ctx, shopId, req, c.session.staff.username, c.lang);
  });
  registerConsoleCall(app, ctx, consoleCalls.tableSessionSettings, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    return sessionSettingsOf(ctx, c.body.shopId);
  });
  registerConsoleCall(app, ctx, consoleCalls.tableSessionSettingsSave, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    assertOwner(c.session);
    const { shopId, ...settings } = c.body;
    return saveSessionSettings(ctx, shopId, settings);
  });
  registerConsoleCall(app, ctx, consoleCalls.ticket, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'order');
    return ticketOf(ctx, c.body.shopId, c.body.kind, c.body.id, c.lang);
  });
  registerConsoleCall(app, ctx, consoleCalls.ticketPrinted, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'order');
    return { prints: await recordPrint(ctx, c.body.shopId, c.body.kind, c.body.id, c.body.width, c.session.staff.username) };
  });
}
