/**
 * The fake transport of the store, page and API tests is strict: a call nobody scripted and a
 * scripted success outside the call's contract (src/api/contract) both fail the test.
 */
import { callOfUrl, contractViolation, FakeTransport, fail, ok, takeTransportProblems } from '../support/fakes';
import { shopDetail } from '../support/store-factories';

const request = (path: string) => ({ url: `https://shop.example/new/consumer/${path}`, method: 'POST' as const, data: {}, headers: {}, timeoutMs: 60_000 });

describe('FakeTransport', () => {
  test('an unscripted call throws and is recorded for the after-test check', async () => {
    const transport = new FakeTransport().on('store/detail', ok(shopDetail()));
    await expect(transport.send(request('order/list'))).rejects.toThrow('unscripted call to the fake transport: POST https://shop.example/new/consumer/order/list');
    expect(takeTransportProblems()).toHaveLength(1);
  });

  test('a scripted success outside the contract throws, naming the call and the fields', async () => {
    const transport = new FakeTransport().on('store/detail', ok({ id: 7, name: 'Noodle Bar' }));
    await expect(transport.send(request('store/detail'))).rejects.toThrow(/the scripted reply to store\/detail breaks its contract .*shop: /);
    // recorded for the after-test check too (taken here: this test provokes it on purpose)
    expect(takeTransportProblems()).toHaveLength(1);
  });

  test('a success inside the contract, a business failure and an HTTP error pass through as scripted', async () => {
    const transport = new FakeTransport()
      .on('store/detail', ok(shopDetail({ id: 7 })))
      .on('address/delete', fail('Address Error', 'addressError'))
      .on('order/list', { statusCode: 500, data: 'error' });
    await expect(transport.send(request('store/detail'))).resolves.toMatchObject({ statusCode: 200 });
    await expect(transport.send(request('address/delete'))).resolves.toMatchObject({ data: { result: false, code: 'addressError' } });
    await expect(transport.send(request('order/list'))).resolves.toMatchObject({ statusCode: 500 });
    expect(takeTransportProblems()).toEqual([]);
  });

  test('a call is found by the path of its URL, the longest contract path first', () => {
    expect(callOfUrl('/new/consumer/consumer/cart-sync')?.path).toBe('consumer/cart-sync');
    expect(callOfUrl('https://shop.example/new/consumer/store/detail?x=1')?.path).toBe('store/detail');
    expect(contractViolation('/new/consumer/order/list', ok({ list: [], total: 0, page: 1, pageLimit: 10 }))).toBeNull();
  });
});
