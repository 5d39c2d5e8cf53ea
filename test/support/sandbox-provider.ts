/**
 * Acting as the sandbox payment provider in tests: its customer's choice on the cashier or in the
 * wallet (its own endpoints, not the consumer API), and notifications signed with the configured
 * secret (testConfig's PAY_SANDBOX_SECRET), built here from the protocol — HMAC-SHA256 over
 * `timestamp\nbody` — not by the server's own code.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PayStart } from '../../src/api/contract/shared-shapes';

export const SANDBOX_TEST_SECRET = 'test-sandbox-secret';

export interface SandboxEvent {
  type: 'paid' | 'closed' | 'failed' | 'refunded';
  tradeNo: string;
  /** Yuan, as the provider writes it ("12.30"). */
  amount: string;
  refundNo?: string;
  id?: string;
}

/** A notification as the sandbox provider sends it (headers and exact body). */
export function sandboxNotification(e: SandboxEvent, at: number, secret = SANDBOX_TEST_SECRET) {
  const body = JSON.stringify({ id: e.id ?? randomUUID(), type: e.type, tradeNo: e.tradeNo, amount: e.amount, ...(e.refundNo ? { refundNo: e.refundNo } : {}) });
  const timestamp = String(at);
  const signature = createHmac('sha256', secret).update(`${timestamp}\n${body}`).digest('hex');
  return {
    rawBody: body,
    headers: { 'content-type': 'application/json', 'x-sandbox-timestamp': timestamp, 'x-sandbox-signature': signature },
  };
}

/** Posts a notification to `/pay/notify/<provider>`; the provider's view of the answer. */
export async function postNotification(
  app: FastifyInstance,
  provider: string,
  n: { rawBody: string; headers: Record<string, string> },
): Promise<{ status: number; body: string }> {
  const res = await app.inject({ method: 'POST', url: `/pay/notify/${provider}`, headers: n.headers, payload: n.rawBody });
  return { status: res.statusCode, body: res.body };
}

/**
 * The sandbox customer's choice for a started payment: the wallet endpoint for a wallet, the cashier
 * for a provider page. `notify: false` — the provider records it but its notification is lost.
 */
export async function sandboxChoose(
  app: FastifyInstance,
  start: PayStart,
  choice: 'pay' | 'fail' | 'cancel' = 'pay',
  notify = true,
): Promise<{ status: number; body: { ok: boolean; outcome?: string } }> {
  if (start.kind === 'paid') throw new Error('nothing to pay');
  let url: string;
  let payload: Record<string, unknown>;
  if (start.kind === 'wallet') {
    url = '/sandbox-pay/wallet';
    payload = 'tradeNO' in start.params ? { tradeNO: start.params.tradeNO } : { prepayId: start.params.package.replace(/^prepay_id=/, '') };
  } else {
    url = new URL(start.url).pathname;
    payload = {};
  }
  const res = await app.inject({ method: 'POST', url, payload: { ...payload, choice, ...(notify ? {} : { notify: false }) } });
  return { status: res.statusCode, body: res.json() };
}

/** The sandbox's "paid" notification of a trade row, at `at` (amount as the trade's, unless given). */
export function paidNotification(pay: { tradeNo: string; amount: string }, at: number, amount?: string, id?: string) {
  return sandboxNotification({ type: 'paid', tradeNo: pay.tradeNo, amount: amount ?? Number(pay.amount).toFixed(2), id }, at);
}
