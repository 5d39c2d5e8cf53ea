/**
 * Shared steps of the floor and ticket tests (CONSOLE-3, CONSOLE-4): diners at a demo restaurant table
 * opening its order, putting a dish in the shared cart and sending it as a round, and the `table` frames
 * the shop's board room hears.
 */
import { messageCalls } from '../../../src/api/contract/message';
import { tableCalls } from '../../../src/api/contract/table';
import type { ConsoleWsMessage } from '../../../src/api/contract/console';
import { CartOperation } from '../../../src/domain/enums';
import { lineFlag } from '../../../src/domain/pricing';
import { SHOP, codeOfTable } from '../../../server/src/demo/ids';
import { consoleRoom } from '../../../server/src/services/console/feed';
import { roomBus } from '../../../server/src/services/tables/bus';
import type { TestServer } from '../../support/build-server';
import { success } from '../orders/helpers';

export const TOMATO_EGG = 10303; // ¥22, no options
export const GREEN_BEANS = 10305; // ¥26, no options

export interface Diner {
  token: string;
  nickName: string;
}

/** Numbers the diners' open ids: every call is a new customer, the same in every run. */
let diners = 0;

/** A diner of the restaurant with a name of their own (a new customer each call). */
export async function dinerAt(server: TestServer, nickName: string): Promise<Diner> {
  diners += 1;
  return { token: await server.login(SHOP.restaurant, `floor-${nickName}-${diners}`), nickName };
}

const who = (d: Diner) => ({ openId: `o-${d.nickName}`, nickName: d.nickName, avatarUrl: '' });

/** The diner scans the table's code and opens the table (or joins its open order): seated in its session. */
export async function openAt(server: TestServer, d: Diner, tableId: number, person = 2) {
  return success(await server.call(tableCalls.order, { person, tableId, tableCode: codeOfTable(tableId), ...who(d) }, { token: d.token }));
}

/** The diner puts `quantity` of the product in the table's cart and sends the cart as one round. */
export async function sendRound(server: TestServer, d: Diner, order: { id: number; roomId: string }, productId: number, quantity = 1) {
  const line = { id: productId, name: 'ignored', price: 0.01, quantity, flag: lineFlag(productId), typeid: 1 };
  success(
    await server.call(
      messageCalls.cartOperate,
      { room: order.roomId, nickname: d.nickName, avatar: '', type: 'add', operation: CartOperation.Add, message: line },
      { token: d.token },
    ),
  );
  return success(
    await server.call(tableCalls.userAddProducts, { orderId: order.id, products: [{ id: productId, quantity, flag: lineFlag(productId) }], ...who(d) }, { token: d.token }),
  );
}

/** The diner asks for the bill (takes the hold of table/canPay). */
export async function askBill(server: TestServer, d: Diner, orderId: number) {
  return success(await server.call(tableCalls.canPay, { orderId, openId: who(d).openId }, { token: d.token }));
}

/** Collects the frames published to the shop's board room from now on. */
export async function boardFrames(server: TestServer, shopId: number): Promise<{ frames: ConsoleWsMessage[]; stop(): Promise<void> }> {
  const frames: ConsoleWsMessage[] = [];
  const stop = await roomBus(server.ctx).subscribe(consoleRoom(shopId), (m) => frames.push(m.data as ConsoleWsMessage));
  return { frames, stop };
}

/** The table ids of the `table` frames, in order. */
export const tableFrames = (frames: readonly ConsoleWsMessage[]): number[] => frames.flatMap((f) => (f.type === 'table' ? [f.tableId] : []));
