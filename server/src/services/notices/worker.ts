/**
 * The notice worker of a server (NOTICE-1): started with the app, stopped when it closes. It runs a
 * pass of the outbox every two seconds and at once after an order changed on this node (the change's
 * notices were queued in its transaction, so the first attempt goes within moments); a pass never
 * overlaps another on the same node, and nodes share the work through the outbox's claims. It runs
 * apart from every request: a provider that is down or slow never slows an order or a staff action.
 */
import type { ServerContext } from '../../context';
import { onOrderChanged } from '../orders/changes';
import { runNoticeOutbox } from './outbox';

/** How often the outbox is looked at without a wake-up. */
export const NOTICE_POLL_MS = 2_000;

export function startNoticeWorker(ctx: ServerContext): void {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const pass = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = runNoticeOutbox(ctx)
      .then(() => undefined)
      .catch((err: unknown) => ctx.log.error({ err }, 'notice outbox pass failed; the next pass retries'))
      .finally(() => {
        running = null;
        if (again) setImmediate(pass);
      });
  };
  const timer = setInterval(pass, NOTICE_POLL_MS);
  timer.unref();
  // a status change on this node: its notices are due now
  onOrderChanged(ctx, async () => {
    setImmediate(pass);
  });
  ctx.onClose(async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  });
}
