/**
 * Appointments on PostgreSQL (ORDER-5): simultaneous bookings of one service user at overlapping
 * times through a real connection pool — the unique (service user, slot) constraint lets exactly one
 * through, with its order, and a cancel gives the slots back. Needs DATABASE_URL=postgres://…;
 * without it the suite is skipped with a message saying so.
 */
import { randomUUID } from 'node:crypto';
import { beautyCalls } from '../../src/api/contract/beauty';
import { orderCalls } from '../../src/api/contract/order';
import { appointmentSlots, appointments, orders } from '../../server/src/db/schema';
import { SHOP } from '../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../support/build-server';
import { postgresUrlFor } from '../support/postgres';
import { failure, success } from '../server/orders/helpers';
import { facial, NOW, TOMORROW, tomorrowAt } from '../server/beauty/support';

const url = postgresUrlFor('test/pg/appointments');
const describeOnPostgres = url ? describe : describe.skip;

describeOnPostgres('appointments on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer({ config: { databaseUrl: url! } });
  }, 60_000);
  afterAll(() => server?.close());
  beforeEach(async () => {
    await server.reset();
    server.clock.set(NOW);
  }, 30_000);

  const book = (token: string, appointment: number) =>
    server.call(orderCalls.confirm, { ...facial({ appointment }), expectedTotal: 298 }, { token, headers: { 'idempotency-key': randomUUID() } });

  test('two customers booking the same service user at overlapping times at the same moment: exactly one succeeds', async () => {
    const [a, b] = await Promise.all([server.login(SHOP.beauty), server.login(SHOP.beauty)]);
    const results = await Promise.all([book(a, tomorrowAt(14)), book(b, tomorrowAt(14, 30))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => failure(r).code)).toEqual(['appointmentTimeBooked']);
    expect(await server.db.select().from(orders)).toHaveLength(1);
    expect(await server.db.select().from(appointments)).toHaveLength(1);
  }, 60_000);

  test('twenty customers at three overlapping times: one booking with its three slots; a cancel frees them', async () => {
    const tokens = await Promise.all(Array.from({ length: 20 }, () => server.login(SHOP.beauty)));
    const times = [tomorrowAt(13), tomorrowAt(13, 30), tomorrowAt(14)];
    const results = await Promise.all(tokens.map((t, i) => book(t, times[i % times.length])));
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(1);
    expect(new Set(results.filter((r) => !r.ok).map((r) => failure(r).code))).toEqual(new Set(['appointmentTimeBooked']));
    expect(await server.db.select().from(appointmentSlots)).toHaveLength(3);
    const winner = tokens[results.indexOf(ok[0])];
    const placed = orderCalls.confirm.res.parse(success(ok[0]));
    success(await server.call(orderCalls.close, { id: placed.id }, { token: winner }));
    expect(success(await server.call(beautyCalls.alreadyAppointmentTimes, { date: TOMORROW }, { token: winner })).list).toEqual([]);
  }, 60_000);
});
