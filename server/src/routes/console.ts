import type { FastifyInstance } from 'fastify';
import { CONSOLE_SESSION_COOKIE, consoleCalls } from '../../../src/api/contract/console';
import type { ServerContext } from '../context';
import { clearSessionCookie, cookieOf, registerConsoleCall, setSessionCookie } from '../http/console-call';
import {
  addStaff,
  assertOwner,
  assertShop,
  changePassword,
  listStaff,
  meOf,
  resolveStaffSession,
  removeStaff,
  signIn,
  signOut,
} from '../services/console/accounts';
import { consoleAct } from '../services/console/act';
import { saveSettings, settingsOf } from '../services/console/auto';
import { saveShopClock, shopClockOf } from '../services/console/shop-clock';
import { board, boardOrder } from '../services/console/board';
import { registerOrderChannels } from '../services/console/live';
import { registerAvailabilityRoutes } from './console-availability';
import { registerFloorRoutes } from './console-floor';
import { registerSummaryRoutes } from './console-summary';

/**
 * The staff console's calls (CONSOLE-1, CONSOLE-2, CONSOLE-7; docs/architecture.md §6, §24.5) under
 * CONSOLE_API_BASE, the staff session from its cookie (http/console-call.ts), and the live channels of
 * order changes (the board's and the customer's). Every call naming a shop is checked against the
 * staff member's shops first: an order call answers `orderNotFound`, a shop call `staffForbidden`.
 */
export function registerConsoleRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerConsoleCall(app, ctx, consoleCalls.signIn, async (c) => {
    const { token, me } = await signIn(ctx, c.body.username, c.body.password, c.lang);
    setSessionCookie(c.request, c.reply, token);
    return me;
  });
  registerConsoleCall(app, ctx, consoleCalls.signOut, async (c) => {
    await signOut(ctx, c.session);
    clearSessionCookie(c.request, c.reply);
    return { ok: true as const };
  });
  registerConsoleCall(app, ctx, consoleCalls.me, async (c) => meOf(ctx, c.session, c.lang));
  registerConsoleCall(app, ctx, consoleCalls.session, async (c) => {
    const session = await resolveStaffSession(ctx, cookieOf(c.request, CONSOLE_SESSION_COOKIE));
    return { me: session ? await meOf(ctx, session, c.lang) : null };
  });
  registerConsoleCall(app, ctx, consoleCalls.password, async (c) => {
    await changePassword(ctx, c.session, c.body.current, c.body.next);
    return { ok: true as const };
  });

  registerConsoleCall(app, ctx, consoleCalls.board, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    return board(ctx, c.body.shopId, c.lang);
  });
  registerConsoleCall(app, ctx, consoleCalls.order, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'order');
    return boardOrder(ctx, c.body.shopId, c.body.id, c.lang);
  });
  registerConsoleCall(app, ctx, consoleCalls.act, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'order');
    const { shopId, ...req } = c.body;
    return { order: await consoleAct(ctx, shopId, req, c.session.staff.username, c.lang) };
  });

  registerConsoleCall(app, ctx, consoleCalls.settings, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    return settingsOf(ctx, c.body.shopId);
  });
  registerConsoleCall(app, ctx, consoleCalls.saveSettings, async (c) => {
    assertOwner(c.session);
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    return saveSettings(ctx, c.body.shopId, c.body.settings);
  });
  registerConsoleCall(app, ctx, consoleCalls.shopClock, async (c) => {
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    return shopClockOf(ctx, c.body.shopId);
  });
  registerConsoleCall(app, ctx, consoleCalls.saveShopClock, async (c) => {
    assertOwner(c.session);
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    return saveShopClock(ctx, c.body.shopId, c.body.timeZone);
  });
  registerConsoleCall(app, ctx, consoleCalls.staffList, async (c) => {
    assertOwner(c.session);
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    return listStaff(ctx, c.body.shopId);
  });
  registerConsoleCall(app, ctx, consoleCalls.staffAdd, async (c) => {
    assertOwner(c.session);
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    return addStaff(ctx, c.body.shopId, c.body.username, c.body.role);
  });
  registerConsoleCall(app, ctx, consoleCalls.staffRemove, async (c) => {
    assertOwner(c.session);
    await assertShop(ctx, c.session, c.body.shopId, 'shop');
    await removeStaff(ctx, c.session, c.body.shopId, c.body.id);
    return { ok: true as const };
  });

  registerFloorRoutes(app, ctx);
  registerAvailabilityRoutes(app, ctx);
  registerSummaryRoutes(app, ctx);
  registerOrderChannels(app, ctx);
}
