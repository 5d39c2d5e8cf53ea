/**
 * Values kept once per server (`perServer`): made on first use, once per server, apart for each
 * server; and the transaction environment carries no path to the pool.
 */
import type { ServerContext } from '../../server/src/context';
import { perServer, txEnv } from '../../server/src/context';
import type { Tx } from '../../server/src/db/client';
import type { ShopRow } from '../../server/src/services/shops';
import { applyPaidOrderPromotions } from '../../server/src/services/orders/promotions';

const fakeCtx = (n: number) => ({ clock: { now: () => n }, log: {} }) as unknown as ServerContext;

test('a per-server value is made on first use, once per server, and apart for each server', () => {
  let made = 0;
  const secret = perServer((ctx) => {
    made += 1;
    return `secret-${ctx.clock.now()}`;
  });
  const a = fakeCtx(1);
  const b = fakeCtx(2);
  expect(made).toBe(0);
  expect(secret(a)).toEqual('secret-1');
  expect(secret(a)).toEqual('secret-1');
  expect(secret(b)).toEqual('secret-2');
  expect(secret(a)).toEqual('secret-1');
  expect(made).toBe(2);
});

test('a factory that answers undefined is still called once', () => {
  let made = 0;
  const nothing = perServer(() => {
    made += 1;
    return undefined;
  });
  const a = fakeCtx(1);
  nothing(a);
  nothing(a);
  expect(made).toBe(1);
});

test('the transaction environment holds the instant and the log only', () => {
  const ctx = fakeCtx(42);
  expect(Object.keys(txEnv(ctx)).sort()).toEqual(['log', 'now']);
  expect(txEnv(ctx).now).toBe(42);
  expect(txEnv(ctx, 7).now).toBe(7);
});

/**
 * Compile-time checks (tsc fails if an expected error disappears): the pool is not a transaction,
 * and the whole context is not a transaction environment.
 */
export function typeChecks(ctx: ServerContext, tx: Tx, order: Parameters<typeof applyPaidOrderPromotions>[2]) {
  const known = { shop: {} as ShopRow, activities: [] };
  // @ts-expect-error the pool (ctx.db) cannot go where a transaction is taken
  void applyPaidOrderPromotions(ctx.db, txEnv(ctx), order, known);
  // @ts-expect-error the context (with its pool and caches) cannot go where a TxEnv is taken
  void applyPaidOrderPromotions(tx, ctx, order, known);
  // @ts-expect-error what a transaction needs from the shop cache is read before it: no default
  void applyPaidOrderPromotions(tx, txEnv(ctx), order);
  void applyPaidOrderPromotions(tx, txEnv(ctx), order, known);
}
