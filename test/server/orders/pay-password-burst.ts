/**
 * A burst of simultaneous member-card payments with wrong pay passwords and the right one among
 * them, shared by the embedded-database and the PostgreSQL suites.
 */
import { orderCalls } from '../../../src/api/contract/order';
import { DEMO_MEMBER, DEMO_USER, SHOP } from '../../../server/src/demo/ids';
import type { CallResult, TestServer } from '../../support/build-server';
import { dine, memberRow, place } from './helpers';

export interface BurstOutcome {
  /** Every answer, in the order the requests were sent. */
  results: Array<CallResult<typeof orderCalls.pay>>;
  /** The index of the request that carried the right password. */
  rightAt: number;
  /** How many times the server ran the password hash check. */
  verified: number;
}

/**
 * Sends `size` order/pay calls at once for one unpaid member-card order, all with a wrong pay
 * password except the one at `rightAt`.
 */
export async function payPasswordBurst(server: TestServer, size: number, rightAt: number): Promise<BurstOutcome> {
  const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
  const o = await place(server, token, dine({ payType: 'vip' }));
  // the module object the service reads its verify from: counts each hash check it runs
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const argon2 = require('@node-rs/argon2') as typeof import('@node-rs/argon2');
  const spy = jest.spyOn(argon2, 'verify');
  try {
    const results = await Promise.all(
      Array.from({ length: size }, (_, i) =>
        server.call(
          orderCalls.pay,
          { id: o.id, payType: 'vip', payPassword: i === rightAt ? DEMO_MEMBER.payPassword : '000000' },
          { token, headers: { language: 'en' } },
        ),
      ),
    );
    return { results, rightAt, verified: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

/** The card's balance and lock state after a burst. */
export async function cardState(server: TestServer) {
  const row = await memberRow(server, DEMO_MEMBER.id);
  return { balance: Number(row.balance), lockedUntil: row.payPasswordLockedUntil };
}
