/**
 * The pay-password lock under simultaneous guesses (ORDER-7, C§5): five wrong tries lock the card for
 * 15 minutes however many guesses arrive at once, and a try made while locked is refused without
 * checking the password, so the right one inside a burst does not get through.
 */
import { orderCalls } from '../../../src/api/contract/order';
import { DEMO_MEMBER, DEMO_USER, SHOP } from '../../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { dine, failure, place } from './helpers';
import { cardState, payPasswordBurst } from './pay-password-burst';

let server: TestServer;

beforeAll(async () => {
  server = await buildTestServer();
}, 60000);
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await server.reset();
});

const codesOf = (results: Array<{ ok: boolean; code?: string }>) => results.map((r) => (r.ok ? 'paid' : r.code));
const count = (xs: Array<string | undefined>, x: string) => xs.filter((c) => c === x).length;

describe('pay password lock against simultaneous guesses', () => {
  test('200 simultaneous guesses: exactly 5 are checked, the card locks, the right one inside the burst is refused', async () => {
    const { results, rightAt, verified } = await payPasswordBurst(server, 200, 100);
    const codes = codesOf(results);
    expect(verified).toBe(5);
    expect(count(codes, 'paid')).toBe(0);
    // tries 1–4 say how many are left, the fifth locks, the other 195 are refused as locked
    expect(count(codes, 'payPasswordWrong')).toBe(4);
    expect(count(codes, 'payPasswordLocked')).toBe(196);
    expect(codes[rightAt]).toBe('payPasswordLocked');
    const state = await cardState(server);
    expect(state.balance).toBe(500);
    expect(state.lockedUntil?.getTime()).toBe(server.clock.now() + 15 * 60 * 1000);
  }, 60000);

  test('40 simultaneous guesses with the right one 21st: locked after 5 failures, the right one refused', async () => {
    const { results, rightAt, verified } = await payPasswordBurst(server, 40, 20);
    const codes = codesOf(results);
    expect(verified).toBe(5);
    expect(codes[rightAt]).toBe('payPasswordLocked');
    expect(count(codes, 'payPasswordWrong')).toBe(4);
    expect((await cardState(server)).balance).toBe(500);
  }, 60000);

  test('the wrong-password answers say how many tries are left, the lock says for how long', async () => {
    const { results } = await payPasswordBurst(server, 10, -1);
    const wrong = results.filter((r) => !r.ok && r.code === 'payPasswordWrong').map((r) => r.info).sort();
    expect(wrong).toEqual([
      'Wrong pay password, tries left: 1',
      'Wrong pay password, tries left: 2',
      'Wrong pay password, tries left: 3',
      'Wrong pay password, tries left: 4',
    ]);
    const locked = new Set(results.filter((r) => !r.ok && r.code === 'payPasswordLocked').map((r) => r.info));
    expect([...locked]).toEqual(['Too many wrong pay passwords, try again in 15 min']);
  }, 60000);

  test('a try made while locked is refused without checking and names the minutes left', async () => {
    await payPasswordBurst(server, 5, -1);
    const start = server.clock.now();
    try {
      // 5 min 30 s into the 15-minute lock: 9 min 30 s left, shown rounded up as 10 minutes
      server.clock.advance(5.5 * 60 * 1000);
      const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
      const o = await place(server, token, dine({ payType: 'vip' }));
      // eslint-disable-next-line @typescript-eslint/no-var-requires
      const verify = jest.spyOn(require('@node-rs/argon2') as typeof import('@node-rs/argon2'), 'verify');
      const right = failure(
        await server.call(
          orderCalls.pay,
          { id: o.id, payType: 'vip', payPassword: DEMO_MEMBER.payPassword },
          { token, headers: { language: 'zh-CN' } },
        ),
      );
      expect(right.code).toBe('payPasswordLocked');
      expect(right.info).toBe('支付密码错误次数过多，请 10 分钟后再试');
      expect(verify).not.toHaveBeenCalled();
      verify.mockRestore();
    } finally {
      server.clock.set(start);
    }
  }, 60000);

  test('after the lock the count starts again from five tries', async () => {
    await payPasswordBurst(server, 5, -1);
    const start = server.clock.now();
    try {
      server.clock.advance(15 * 60 * 1000 + 1000);
      const { results, verified } = await payPasswordBurst(server, 20, -1);
      expect(verified).toBe(5);
      expect(count(codesOf(results), 'payPasswordWrong')).toBe(4);
    } finally {
      server.clock.set(start);
    }
  }, 60000);
});
