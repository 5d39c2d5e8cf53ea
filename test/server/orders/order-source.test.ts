/**
 * C§3 order source, written from the client and type of an order and returned with it, so a chat-app
 * takeaway shows "in delivery" once accepted (C§4 status texts).
 */
import { randomUUID } from 'node:crypto';
import { orderCalls } from '../../../src/api/contract/order';
import { orderStatusTextKey } from '../../../src/domain/order-status';
import { SHOP } from '../../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { success, takeaway } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

/** Places the demo takeaway order from a client's user-agent code; returns its detail. */
async function placedFrom(userAgentType: string | null) {
  const token = await server.login(SHOP.restaurant);
  const headers: Record<string, string> = userAgentType === null ? {} : { useragenttype: userAgentType };
  const quoted = await server.call(orderCalls.confirm, { ...takeaway(), expectedTotal: 0.0001 }, { token, headers });
  const total = quoted.ok ? 0 : (quoted.body as { data: { total: number } }).data.total;
  const placed = success(
    await server.call(orderCalls.confirm, { ...takeaway(), expectedTotal: total }, { token, headers: { ...headers, 'idempotency-key': randomUUID() } }),
  );
  return success(await server.call(orderCalls.detail, { id: placed.id }, { token }));
}

describe('order source (C§3)', () => {
  test('a chat-app takeaway is a weixin order and shows "in delivery" once the shop accepted it', async () => {
    // user-agent 1: takeaway from the chat app (C§3 codes; docs/decisions.md "User-agent codes")
    const d = await placedFrom('1');
    expect(d.source).toBe('weixin');
    expect(orderStatusTextKey({ status: 'delivered', orderType: d.type, source: d.source, createdAt: d.createdAt, now: d.createdAt })).toBe(
      'orderStatus.inDelivery',
    );
  });

  test('the payment app’s order is koubei; a browser’s names no source and shows "merchant accepted"', async () => {
    expect((await placedFrom('2')).source).toBe('koubei');
    const h5 = await placedFrom('3');
    expect(h5.source).toBeNull();
    expect(orderStatusTextKey({ status: 'delivered', orderType: h5.type, source: h5.source, createdAt: h5.createdAt, now: h5.createdAt })).toBe(
      'orderStatus.delivered',
    );
  });
});
