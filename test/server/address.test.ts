import { eq } from 'drizzle-orm';
import { addressCalls } from '../../src/api/contract/address';
import { deliveryCalls } from '../../src/api/contract/delivery';
import { addresses } from '../../server/src/db/schema';
import { SHOP } from '../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../support/build-server';

let server: TestServer;
let alice: string;
let bob: string;

beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.reset();
  alice = await server.login(SHOP.restaurant, 'alice');
  bob = await server.login(SHOP.restaurant, 'bob');
});

/** About 1.1 km north of the restaurant at 31.2304,121.4737 (0.01° of latitude ≈ 1.112 km). */
const home = {
  name: '王小明',
  phone: '13812345678',
  province: '上海市',
  city: '上海市',
  county: '黄浦区',
  address: '南京东路 100 号',
  addressGps: '31.2404,121.4737',
  houseNumber: '3 楼 301',
  gender: 1,
};

const rows = () => server.db.select().from(addresses);

describe('addresses (USER-3)', () => {
  test('add saves an address and the first one becomes the default', async () => {
    const res = await server.call(addressCalls.add, home, { token: alice });
    if (!res.ok) throw new Error(res.info);
    expect(res.info).toMatchObject({ ...home, isDefault: true });
  });

  test('a new default address takes the default from the old one', async () => {
    const first = await server.call(addressCalls.add, home, { token: alice });
    const second = await server.call(addressCalls.add, { ...home, address: '南京西路 1 号', isDefault: true }, { token: alice });
    const list = await server.call(addressCalls.list, {}, { token: alice });
    if (!first.ok || !second.ok || !list.ok) throw new Error('add failed');
    expect(list.info.list.filter((a) => a.isDefault).map((a) => a.id)).toEqual([second.info.id]);
  });

  test("list shows only the user's own addresses", async () => {
    await server.call(addressCalls.add, home, { token: alice });
    const res = await server.call(addressCalls.list, {}, { token: bob });
    expect(res.ok && res.info.list).toEqual([]);
  });

  test('detail answers an own address', async () => {
    const added = await server.call(addressCalls.add, home, { token: alice });
    if (!added.ok) throw new Error(added.info);
    const res = await server.call(addressCalls.detail, { id: added.info.id }, { token: alice });
    expect(res.ok && res.info.address).toBe(home.address);
  });

  test("detail of another user's address answers Address Error", async () => {
    const added = await server.call(addressCalls.add, home, { token: alice });
    if (!added.ok) throw new Error(added.info);
    const res = await server.call(addressCalls.detail, { id: added.info.id }, { token: bob, headers: { language: 'en' } });
    expect(res).toMatchObject({ ok: false, status: 200, info: 'Address Error', code: 'addressError' });
  });

  test('update changes an own address', async () => {
    const added = await server.call(addressCalls.add, home, { token: alice });
    if (!added.ok) throw new Error(added.info);
    const res = await server.call(addressCalls.update, { ...home, id: added.info.id, gender: 2, houseNumber: '5 楼' }, { token: alice });
    expect(res.ok && res.info).toMatchObject({ gender: 2, houseNumber: '5 楼' });
  });

  test("update of another user's address fails and changes nothing", async () => {
    const added = await server.call(addressCalls.add, home, { token: alice });
    if (!added.ok) throw new Error(added.info);
    const before = await rows();
    const res = await server.call(addressCalls.update, { ...home, id: added.info.id, name: '坏人' }, { token: bob });
    expect(res.code).toBe('addressError');
    expect(await rows()).toEqual(before);
  });

  test("delete of another user's address fails and deletes nothing", async () => {
    const added = await server.call(addressCalls.add, home, { token: alice });
    if (!added.ok) throw new Error(added.info);
    const res = await server.call(addressCalls.delete, { id: added.info.id }, { token: bob });
    expect(res.code).toBe('addressError');
    expect(await rows()).toHaveLength(1);
  });

  test('deleting the default passes the default to the remaining address', async () => {
    const first = await server.call(addressCalls.add, home, { token: alice });
    const second = await server.call(addressCalls.add, { ...home, address: '南京西路 1 号' }, { token: alice });
    if (!first.ok || !second.ok) throw new Error('add failed');
    await server.call(addressCalls.delete, { id: first.info.id }, { token: alice });
    const [left] = await rows();
    expect(left).toMatchObject({ id: second.info.id, isDefault: true });
  });

  test('an address without GPS is refused with the GPS message and nothing is saved', async () => {
    const { addressGps: _gps, ...noGps } = home;
    const res = await server.call(addressCalls.add, noGps, { token: alice, headers: { language: 'en' } });
    expect(res).toMatchObject({ ok: false, status: 200, info: 'Address not include gps info' });
    expect(await rows()).toHaveLength(0);
  });

  test('a GPS point off the globe is refused', async () => {
    const res = await server.call(addressCalls.add, { ...home, addressGps: '95.1,121.4' }, { token: alice });
    expect(res.code).toBe('addressNoGps');
    expect(await rows()).toHaveLength(0);
  });

  test('a missing name asks for the name', async () => {
    const res = await server.call(addressCalls.add, { ...home, name: '  ' }, { token: alice });
    expect(res.code).toBe('requiredName');
  });

  test('a wrong phone asks for a correct phone', async () => {
    const res = await server.call(addressCalls.add, { ...home, phone: '12ab' }, { token: alice });
    expect(res.code).toBe('inputCorrectPhone');
  });

  test('a gender outside 0/1/2 is a bad request', async () => {
    const res = await server.call(addressCalls.add, { ...home, gender: 3 }, { token: alice });
    expect(res.code).toBe('badRequest');
    expect(res.info).toContain('gender');
  });

  test('an oversized address text is a bad request and nothing is saved', async () => {
    const res = await server.call(addressCalls.add, { ...home, address: '路'.repeat(201) }, { token: alice });
    expect(res.code).toBe('badRequest');
    expect(await rows()).toHaveLength(0);
  });

  test('address calls without a token answer 401', async () => {
    const res = await server.call(addressCalls.list, {});
    expect(res.status).toBe(401);
  });
});

describe('delivery/getDistance', () => {
  test('the server measures the great-circle distance from the shop to the address', async () => {
    const added = await server.call(addressCalls.add, home, { token: alice });
    if (!added.ok) throw new Error(added.info);
    const res = await server.call(deliveryCalls.getDistance, { addressId: added.info.id }, { token: alice });
    if (!res.ok) throw new Error(res.info);
    // 0.01° of latitude = 6371.0088 km × 0.01 × π / 180 ≈ 1.112 km
    expect(res.info.distance).toBeCloseTo(1.112, 3);
    expect(res.info).toMatchObject({ deliveryDistance: 8, inRange: true });
  });

  test('an address 20 km away is out of range', async () => {
    const added = await server.call(addressCalls.add, { ...home, addressGps: '31.4104,121.4737' }, { token: alice });
    if (!added.ok) throw new Error(added.info);
    const res = await server.call(deliveryCalls.getDistance, { addressId: added.info.id }, { token: alice });
    expect(res.ok && res.info.inRange).toBe(false);
  });

  test("another user's address cannot be measured", async () => {
    const added = await server.call(addressCalls.add, home, { token: alice });
    if (!added.ok) throw new Error(added.info);
    const res = await server.call(deliveryCalls.getDistance, { addressId: added.info.id }, { token: bob });
    expect(res.code).toBe('addressError');
  });

  test('client-sent coordinates are refused', async () => {
    const res = await server.call(deliveryCalls.getDistance, { addressId: 1, distance: 0.1 }, { token: alice });
    expect(res.code).toBe('badRequest');
  });
});

test('the stored address keeps its GPS as numbers for queries', async () => {
  const added = await server.call(addressCalls.add, home, { token: alice });
  if (!added.ok) throw new Error(added.info);
  const [row] = await server.db.select().from(addresses).where(eq(addresses.id, added.info.id));
  expect(Number(row.lat)).toBe(31.2404);
  expect(Number(row.lng)).toBe(121.4737);
});
