/**
 * The write burst the backup suites take their backups under (OPS-1): four lanes at once against one
 * node — cash orders, member-card orders, orders of the stock-tracked duck, wallet top-ups — and the
 * merchant's stock changes, each lane repeating until `done.now`. The first failure stops them all.
 */
import { randomUUID } from 'node:crypto';
import { DEMO_MEMBER, RESTAURANT_PRODUCT as P } from '../../server/src/demo/ids';
import { api, confirm, merchant, ok, quote, walletChoose } from './faults';

export interface BackupBurst {
  /** Set `now` to stop the lanes; a failure sets it too. */
  done: { now: boolean };
  count: { orders: number; cardOrders: number; topUps: number; stockMoves: number };
  failures: string[];
  /** Settles once every lane has stopped. */
  lanes: Promise<unknown>;
}

/** Starts the burst on `base` with a member's and a visitor's token. */
export async function startBackupBurst(base: string, member: string, visitor: string): Promise<BackupBurst> {
  const cash = { type: 'dine', table: 'A1', people: 2, payType: 'cash', products: [{ id: 10303, quantity: 1, flag: 'a' }] };
  const card = { ...cash, payType: 'vip', payPassword: DEMO_MEMBER.payPassword };
  const duck = { ...cash, products: [{ id: P.peking, quantity: 1, flag: 'a' }] };
  const [cashTotal, cardTotal, duckTotal] = await Promise.all([quote(base, visitor, cash), quote(base, member, card), quote(base, visitor, duck)]);

  const done = { now: false };
  const count = { orders: 0, cardOrders: 0, topUps: 0, stockMoves: 0 };
  const failures: string[] = [];
  const lane = (name: string, step: () => Promise<void>) =>
    (async () => {
      while (!done.now) {
        try {
          await step();
        } catch (e) {
          failures.push(`${name}: ${String(e)}`);
          done.now = true;
        }
      }
    })();
  const placed = async (token: string, body: Record<string, unknown>, total: number): Promise<boolean> => {
    const a = await confirm(base, token, body, total, randomUUID());
    if (a.status !== 200) throw new Error(`order answered ${a.status} ${a.text.slice(0, 200)}`);
    if (a.body?.result) count.orders += 1;
    return a.body?.result === true;
  };
  const lanes = Promise.all([
    lane('cash orders', async () => void (await placed(visitor, cash, cashTotal))),
    lane('card orders', async () => {
      if (await placed(member, card, cardTotal)) count.cardOrders += 1;
    }),
    // an order of the tracked duck now and then (its stock may be out: a refusal is an answer)
    lane('duck orders', async () => void (await placed(visitor, duck, duckTotal))),
    lane('top-ups', async () => {
      const created = await ok(api<{ rechargeId: number; pay: { params: { package: string } } }>(base, 'vip/recharge', { amount: 100, payType: 'weixin' }, member));
      const paid = await walletChoose(base, created.pay.params.package, 'pay');
      if (paid.status !== 200) throw new Error(`top-up wallet answered ${paid.status} ${paid.text.slice(0, 200)}`);
      count.topUps += 1;
    }),
    lane('stock changes', async () => {
      await ok(merchant(base, 'stock', { productId: P.peking, delta: 2 }));
      count.stockMoves += 1;
    }),
  ]);
  return { done, count, failures, lanes };
}
