/**
 * Customer notices on H5 (NOTICE-1): an H5 customer follows the order on its open page (the live
 * status of the console's customer channel); where the shop turns it on, an SMS tells them the
 * order is ready — once, through the server's SMS provider, charged to the shop's SMS quota. And the
 * merchant's `notices` command line.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { userCalls } from '../../../src/api/contract/user';
import { parseCommand } from '../../../server/cli/merchant';
import { notices, orderAudit, shops } from '../../../server/src/db/schema';
import { SHOP } from '../../../server/src/demo/ids';
import { runMerchantOp } from '../../../server/src/services/orders/merchant';
import { serverPerFile } from '../../support/build-server';
import { waitUntil } from '../../support/processes';
import { orderRow, place, selfPickup } from '../orders/helpers';

const server = serverPerFile();

/** A browser customer (H5: a device id, no chat-app or payment-app account). */
async function browserCustomer(): Promise<string> {
  const r = await server().call(userCalls.h5entry, { id: SHOP.restaurant, openid: `device-${randomUUID()}` });
  if (!r.ok) throw new Error(`h5entry: ${r.code}`);
  return r.info.token;
}

async function smsOn(on: boolean): Promise<void> {
  const [shop] = await server().db.select().from(shops).where(eq(shops.id, SHOP.restaurant));
  await server().db.update(shops).set({ settings: { ...shop.settings, noticeSms: on } }).where(eq(shops.id, SHOP.restaurant));
}

const act = (id: number, action: 'accept' | 'deliver') => runMerchantOp(server().ctx, 'order/act', { id, action });
const quota = async () => (await server().db.select({ q: shops.smsQuota }).from(shops).where(eq(shops.id, SHOP.restaurant)))[0].q;

test('ready for pickup: one SMS to the order’s phone where the shop turned it on, charged to its quota', async () => {
  await smsOn(true);
  const token = await browserCustomer();
  const o = await place(server(), token, selfPickup({ contact_phone: '13900001111' }));
  const before = await quota();
  await act(o.id, 'accept');
  await act(o.id, 'deliver');
  const sent = await waitUntil('the SMS notice', async () => {
    const [n] = await server().db.select().from(notices).where(eq(notices.orderId, o.id));
    return n?.state === 'sent' ? n : undefined;
  });
  const row = await orderRow(server(), o.id);
  expect(sent).toMatchObject({ kind: 'delivering', channel: 'sms', templateId: 'sms:delivering', recipient: '13900001111' });
  expect(server().sms.outbox.map((m) => [m.phone, m.text])).toEqual([['13900001111', `【沪味小馆（南京东路店）】您的订单 ${row.daySeq} 号已做好，请到店取餐。`]]);
  expect(await quota()).toBe(before - 1);
  const audit = await server().db.select().from(orderAudit).where(eq(orderAudit.orderId, o.id));
  expect(audit.map((a) => [a.action, a.note])).toEqual([['notice', 'delivering sms sms:delivering: sent']]);
});

test('without the shop’s SMS setting an H5 customer gets no notice but the live status', async () => {
  await smsOn(false);
  const token = await browserCustomer();
  const o = await place(server(), token, selfPickup());
  await act(o.id, 'accept');
  await act(o.id, 'deliver');
  expect(await server().db.select().from(notices).where(eq(notices.orderId, o.id))).toEqual([]);
  expect(server().sms.outbox).toEqual([]);
});

test('`npm run merchant -- notices [--open] [--order <id>]` lists the outbox', () => {
  expect(parseCommand(['notices'])).toEqual({ op: 'notices', body: {} });
  expect(parseCommand(['notices', '--open', '--order', '12'])).toEqual({ op: 'notices', body: { open: true, orderId: 12 } });
  expect(() => parseCommand(['notices', '--order', 'x'])).toThrow('order must be a whole number');
});
