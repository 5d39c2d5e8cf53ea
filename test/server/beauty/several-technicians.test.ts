/**
 * C§6: the server books no appointment whose services need more than one technician (services of
 * more than one tag); the customer calls the shop. Services of one tag are booked as one appointment.
 */
import { randomUUID } from 'node:crypto';
import { orderCalls } from '../../../src/api/contract/order';
import { appointmentSlots, orders } from '../../../server/src/db/schema';
import { BEAUTY_PRODUCT as P, SHOP } from '../../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { failure, success } from '../orders/helpers';
import { facial, NOW } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  server.clock.set(NOW);
});

const book = (token: string, products: Array<{ id: number; quantity: number; flag: string }>, expectedTotal: number) =>
  server.call(orderCalls.confirm, { ...facial({ products }), expectedTotal }, { token, headers: { 'idempotency-key': randomUUID() } });

describe('multi-technician appointments (C§6)', () => {
  test('a facial and a manicure (a beautician and a nail artist) are refused and nothing is written', async () => {
    const token = await server.login(SHOP.beauty);
    // 298 + 158 = 456
    const f = failure(await book(token, [{ id: P.hydraFacial, quantity: 1, flag: 'f' }, { id: P.manicure, quantity: 1, flag: 'm' }], 456));
    expect(f.code).toBe('appointmentNeedsSeveralTechnicians');
    expect(await server.db.select().from(orders)).toHaveLength(0);
    expect(await server.db.select().from(appointmentSlots)).toHaveLength(0);
  });

  test('a facial and a deep cleansing (both the senior beautician’s) are one appointment with Lin', async () => {
    const token = await server.login(SHOP.beauty);
    // 298 + 198 = 496; 90 + 60 = 150 minutes from 14:00 = five half-hour slots
    success(await book(token, [{ id: P.hydraFacial, quantity: 1, flag: 'f' }, { id: P.deepCleansing, quantity: 1, flag: 'd' }], 496));
    expect(await server.db.select().from(orders)).toHaveLength(1);
    expect(await server.db.select().from(appointmentSlots)).toHaveLength(5);
  });
});
