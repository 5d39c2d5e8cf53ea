/**
 * Shared steps of the order route tests: submissions for each order type at the demo restaurant, a
 * submit that first asks the server for its total (the way the confirm screen shows it), and the
 * sandbox provider completing a trade.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { orderCalls, type OrderSubmission } from '../../../src/api/contract/order';
import { sandboxChoose } from '../../support/sandbox-provider';
import type { PayStart } from '../../../src/api/contract/shared-shapes';
import type { PayType } from '../../../src/domain/enums';
import { members, orders, payments, products } from '../../../server/src/db/schema';
import { RESTAURANT_PRODUCT as P } from '../../../server/src/demo/ids';
import type { CallResult, TestServer } from '../../support/build-server';
import type { CallDef } from '../../../src/api/contract/common';

/** A point about 1.1 km north of the restaurant (first delivery tier, ¥5). */
export const NEAR_GPS = '31.2404,121.4737';
/** About 11 km away: beyond the restaurant's 8 km delivery range. */
export const FAR_GPS = '31.3304,121.4737';

type Body = Omit<OrderSubmission, 'expectedTotal'> & { expectedTotal?: number };

export const takeaway = (over: Partial<Body> = {}): Body => ({
  type: 'takeaway',
  payType: 'cash',
  products: [{ id: P.braisedPork, quantity: 1, flag: 'a' }],
  contact_name: 'Wang',
  contact_phone: '13812345678',
  contact_address: '1 Test Road',
  contact_address_gps: NEAR_GPS,
  deliveryTime: 'ASAP',
  ...over,
});

export const selfPickup = (over: Partial<Body> = {}): Body => ({
  type: 'selfPickup',
  payType: 'cash',
  products: [{ id: P.braisedPork, quantity: 1, flag: 'a' }],
  contact_name: 'Wang',
  contact_phone: '13812345678',
  pickupTime: 'ASAP',
  ...over,
});

export const dine = (over: Partial<Body> = {}): Body => ({
  type: 'dine',
  payType: 'cash',
  products: [{ id: 10303, quantity: 2, flag: 'a' }],
  table: 'A1',
  people: 2,
  ...over,
});

/** The failure side of a call result (throws when the call succeeded). */
export function failure<C extends CallDef>(
  r: CallResult<C>,
): { code: string | undefined; info: string; body: unknown } {
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.info)}`);
  return { code: r.code, info: r.info, body: r.body };
}

/** The success side of a call result (throws with the failure otherwise). */
export function success<C extends CallDef>(r: CallResult<C>) {
  if (!r.ok) throw new Error(`expected a success, got ${r.code}: ${r.info}`);
  return r.info;
}

/** The server's own total for a submission (the amountError answer of a wrong expectedTotal). */
export async function quote(server: TestServer, token: string, body: Body): Promise<number> {
  const r = await server.call(orderCalls.confirm, { ...body, expectedTotal: 0.0001 }, { token });
  const f = failure(r);
  if (f.code !== 'amountError') throw new Error(`quote failed: ${f.code} ${f.info}`);
  return (f.body as { data: { total: number } }).data.total;
}

/** Submits an order with the total the server quoted; returns the confirm answer. */
export async function place(server: TestServer, token: string, body: Body, key: string = randomUUID()) {
  const expectedTotal = body.expectedTotal ?? (await quote(server, token, body));
  return success(
    await server.call(
      orderCalls.confirm,
      { ...body, expectedTotal },
      { token, headers: { 'idempotency-key': key } },
    ),
  );
}

/** Completes a sandbox trade the way its customer does on the provider's cashier (or wallet). */
export async function completeTrade(
  server: TestServer,
  start: PayStart,
  status: 'success' | 'fail' | 'cancel' = 'success',
  notify = true,
): Promise<{ outcome?: string }> {
  const choice = status === 'success' ? 'pay' : status;
  const res = await sandboxChoose(server.app, start, choice, notify);
  if (res.status !== 200 || !res.body.ok) throw new Error(`the sandbox refused: ${res.status} ${JSON.stringify(res.body)}`);
  return { outcome: res.body.outcome };
}

/** Starts an online payment of an order. */
export async function startPay(server: TestServer, token: string, id: number, payType: PayType) {
  return success(await server.call(orderCalls.pay, { id, payType }, { token }));
}

/** The payment row of a started wallet payment (what the provider's callback is signed over). */
export async function walletPayment(server: TestServer, start: PayStart) {
  const tradeNo = start.kind === 'wallet' ? start.tradeNo : '';
  const [pay] = await server.db.select().from(payments).where(eq(payments.tradeNo, tradeNo));
  return pay;
}

/**
 * The same order submitted at once by each token (one per customer, or the same one repeated), each
 * with its own Idempotency-Key and the total the server quoted to the first.
 */
export async function confirmAtOnce(server: TestServer, tokens: string[], body: Body) {
  const total = await quote(server, tokens[0], body);
  return Promise.all(
    tokens.map((token) =>
      server.call(orderCalls.confirm, { ...body, expectedTotal: total }, { token, headers: { 'idempotency-key': randomUUID() } }),
    ),
  );
}

export async function stockOf(server: TestServer, productId: number): Promise<number | null> {
  const rows = await server.db.select({ s: products.stock }).from(products).where(eq(products.id, productId));
  return rows[0]?.s ?? null;
}

export async function memberRow(server: TestServer, id: number) {
  const rows = await server.db.select().from(members).where(eq(members.id, id));
  return rows[0];
}

export async function orderRow(server: TestServer, id: number) {
  const rows = await server.db.select().from(orders).where(eq(orders.id, id));
  return rows[0];
}
