/**
 * The payment workers of a server (started with the app, stopped when it closes): the refund outbox
 * (provider refunds retried with backoff until answered) and the sweeper of open trades (a payment
 * whose notification never came is found by asking the provider), and the cleanup of idempotency
 * keys older than a day. Every node runs them; a refund is
 * claimed with a lease and a trade settles under its row lock, so two nodes never act twice.
 */
import type { ServerContext } from '../../context';
import { forgetExpiredKeys } from '../idempotency';
import { sweepOpenTrades } from './query';
import { runRefundOutbox } from './refunds';

export function startPaymentWorkers(ctx: ServerContext): void {
  const timeoutS = ctx.config.unpaidTimeoutS;
  const every = timeoutS !== null && timeoutS < 30 ? 1000 : 5000;
  let running = false;
  let pass = 0;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pass += 1;
    const sweep = pass % 3 === 0 ? sweepOpenTrades(ctx) : Promise.resolve(0);
    // idempotency keys older than a day, about once every ten minutes
    const forget = pass % 120 === 0 ? forgetExpiredKeys(ctx) : Promise.resolve(0);
    Promise.all([runRefundOutbox(ctx), sweep, forget])
      .catch((err: unknown) => ctx.log.error({ err }, 'payment workers failed; next pass retries'))
      .finally(() => {
        running = false;
      });
  }, every);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));
}
