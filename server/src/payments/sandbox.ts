/**
 * The sandbox payment provider (demo mode, PAYMENTS=sandbox): a stand-in for a real provider, with
 * its own cashier page and wallet endpoint outside the consumer API (routes/sandbox-pay.ts). The
 * customer's "pay" there is the simulated provider confirming: it records the trade as paid on the
 * provider's side and sends the server a notification signed with a secret the app never receives,
 * which goes through the same verification as a real provider's. Its side of each trade is kept in
 * the trade's row (`payments.provider_state`), so every node on one database sees it.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { PayType } from '../../../src/domain/enums';
import * as money from '../../../src/domain/money';
import { perServer, type ServerContext } from '../context';
import { secretsOf } from '../secrets';
import { payments } from '../db/schema';
import {
  NotifyRejected,
  type NotifyAnswer,
  type NotifyRequest,
  type OnlineProvider,
  type ProviderEvent,
  type ProviderPayRequest,
  type ProviderRefundRequest,
  type ProviderRefundResult,
  type ProviderStart,
  type ProviderTradeState,
} from './types';

/** Where the sandbox cashier and wallet live (not under the consumer API). */
export const SANDBOX_BASE = '/sandbox-pay';

/** Header names of a sandbox notification. */
export const SANDBOX_HEADERS = { timestamp: 'x-sandbox-timestamp', signature: 'x-sandbox-signature' } as const;

/** The sandbox's signing key: PAY_SANDBOX_SECRET (server/src/secrets.ts). */
const sandboxKey = perServer((ctx): Buffer => Buffer.from(secretsOf(ctx).paySandbox, 'utf8'));

/** The body of a sandbox notification. */
export const SandboxNotification = z
  .object({
    id: z.string().min(8).max(64),
    type: z.enum(['paid', 'closed', 'failed', 'refunded']),
    tradeNo: z.string().min(1).max(64),
    amount: z.string().regex(/^\d{1,10}(\.\d{1,4})?$/),
    refundNo: z.string().max(64).optional(),
  })
  .strict();
export type SandboxNotification = z.infer<typeof SandboxNotification>;

/** What the sandbox customer chose on the cashier or in the wallet. */
export type SandboxChoice = 'pay' | 'fail' | 'cancel';

type SandboxPayType = typeof PayType.weixin | typeof PayType.alipay | typeof PayType.stripe | typeof PayType.allinpay;

export class SandboxProvider {
  private readonly views = new Map<PayType, OnlineProvider>();
  /**
   * How the simulated provider answers refunds: at once (default), or `async` — accepted as
   * processing, its result sent later as a notification (`refundNotification`), as WeChat Pay does.
   */
  refundMode: 'immediate' | 'async' = 'immediate';
  /** Refund calls still to fail as an unreachable provider would (a transport error), to try retries. */
  unreachableRefunds = 0;

  constructor(private readonly ctx: ServerContext) {}

  /** The provider as it serves one pay type. */
  as(payType: SandboxPayType): OnlineProvider {
    let v = this.views.get(payType);
    if (!v) {
      v = {
        kind: 'online',
        name: 'sandbox',
        payType,
        start: (req) => this.start(payType, req),
        query: (tradeNo) => this.query(tradeNo),
        refund: (req) => this.refund(req),
        verifyNotification: (req) => this.verifyNotification(req),
        ack: (): NotifyAnswer => ({ status: 200, contentType: 'application/json', body: '{"ok":true}' }),
        nack: (reason): NotifyAnswer => ({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ ok: false, reason }),
        }),
      };
      this.views.set(payType, v);
    }
    return v;
  }

  private sign(timestamp: string, body: string): string {
    return createHmac('sha256', sandboxKey(this.ctx)).update(`${timestamp}\n${body}`).digest('hex');
  }

  /** The signed notification the sandbox sends for an event of a trade. */
  notification(n: Omit<SandboxNotification, 'id'> & { id?: string }, at = this.ctx.clock.now()): NotifyRequest {
    const body = JSON.stringify({ id: n.id ?? randomUUID(), ...n });
    const timestamp = String(at);
    return {
      rawBody: body,
      headers: {
        'content-type': 'application/json',
        [SANDBOX_HEADERS.timestamp]: timestamp,
        [SANDBOX_HEADERS.signature]: this.sign(timestamp, body),
      },
    };
  }

  private async start(payType: SandboxPayType, req: ProviderPayRequest): Promise<ProviderStart> {
    const amount = Number(req.amount);
    if (payType === PayType.alipay) {
      // my.tradePay takes the provider's trade number; the sandbox wallet pays it (routes/sandbox-pay.ts)
      return { kind: 'wallet', provider: PayType.alipay, tradeNo: req.tradeNo, amount, params: { tradeNO: `SBX${req.tradeNo}` } };
    }
    if (payType === PayType.weixin) {
      const timeStamp = String(Math.floor(this.ctx.clock.now() / 1000));
      const nonceStr = randomBytes(16).toString('hex');
      const pkg = `prepay_id=sbx_${req.tradeNo}`;
      // the wallet's own check of its parameters, with a key derived for that use only: nothing the
      // app receives is a notification signature
      const walletKey = createHmac('sha256', sandboxKey(this.ctx)).update('sandbox wallet parameters').digest();
      const paySign = createHmac('sha256', walletKey).update(`${timeStamp}\n${nonceStr}\n${pkg}\n`).digest('hex');
      return {
        kind: 'wallet',
        provider: PayType.weixin,
        tradeNo: req.tradeNo,
        amount,
        params: { timeStamp, nonceStr, package: pkg, signType: 'HMAC-SHA256', paySign },
      };
    }
    return {
      kind: 'redirect',
      provider: payType,
      tradeNo: req.tradeNo,
      amount,
      url: `${this.ctx.config.publicUrl}${SANDBOX_BASE}/checkout/${encodeURIComponent(req.tradeNo)}`,
    };
  }

  private async query(tradeNo: string): Promise<ProviderTradeState | null> {
    const rows = await this.ctx.db
      .select({ s: payments.providerState, amount: payments.amount, name: payments.providerName })
      .from(payments)
      .where(eq(payments.tradeNo, tradeNo))
      .limit(1);
    const r = rows[0];
    if (!r || r.name !== 'sandbox') return null;
    return { state: r.s as ProviderTradeState['state'], amount: money.of(r.amount).toFixed(2), providerTradeId: `SBX${tradeNo}` };
  }

  private async refund(req: ProviderRefundRequest): Promise<ProviderRefundResult> {
    if (this.unreachableRefunds > 0) {
      this.unreachableRefunds -= 1;
      throw new Error('sandbox provider unreachable');
    }
    if (this.refundMode === 'async') return { state: 'processing', providerRefundId: `SBXR${req.refundNo}` };
    const rows = await this.ctx.db
      .update(payments)
      .set({ providerState: 'refunded' })
      .where(and(eq(payments.tradeNo, req.tradeNo), eq(payments.providerName, 'sandbox')))
      .returning({ id: payments.id, state: payments.providerState });
    if (rows.length === 0) return { state: 'failed', detail: 'unknown trade' };
    return { state: 'succeeded', providerRefundId: `SBXR${req.refundNo}` };
  }

  private async verifyNotification(req: NotifyRequest): Promise<ProviderEvent> {
    const timestamp = req.headers[SANDBOX_HEADERS.timestamp] ?? '';
    const given = req.headers[SANDBOX_HEADERS.signature] ?? '';
    if (!/^\d{1,15}$/.test(timestamp)) throw new NotifyRejected('missing timestamp');
    const expected = Buffer.from(this.sign(timestamp, req.rawBody), 'hex');
    const got = Buffer.from(/^[0-9a-f]{64}$/.test(given) ? given : '', 'hex');
    if (got.length !== expected.length || !timingSafeEqual(got, expected)) throw new NotifyRejected('bad signature');
    let parsed: SandboxNotification;
    try {
      parsed = SandboxNotification.parse(JSON.parse(req.rawBody));
    } catch {
      throw new NotifyRejected('malformed');
    }
    const at = Number(timestamp);
    if (parsed.type === 'paid')
      return { type: 'paid', eventId: parsed.id, at, tradeNo: parsed.tradeNo, amount: parsed.amount, providerTradeId: `SBX${parsed.tradeNo}` };
    if (parsed.type === 'refunded') {
      if (!parsed.refundNo) throw new NotifyRejected('malformed');
      return { type: 'refunded', eventId: parsed.id, at, tradeNo: parsed.tradeNo, refundNo: parsed.refundNo, amount: parsed.amount };
    }
    return { type: parsed.type, eventId: parsed.id, at, tradeNo: parsed.tradeNo };
  }

  /** A trade of the sandbox (its cashier shows it), or null. */
  async trade(tradeNo: string): Promise<typeof payments.$inferSelect | null> {
    const rows = await this.ctx.db.select().from(payments).where(eq(payments.tradeNo, tradeNo)).limit(1);
    const p = rows[0];
    return p && p.providerName === 'sandbox' ? p : null;
  }

  /** The notification of an asynchronous refund's result (refundMode `async`). */
  refundNotification(r: { tradeNo: string; refundNo: string; amount: string }): NotifyRequest {
    return this.notification({ type: 'refunded', ...r });
  }

  /**
   * The sandbox customer's choice on the cashier page or in the wallet: the provider's side of an
   * open trade becomes paid, failed or cancelled, and (unless `notify` is false — a lost
   * notification, left for the query sweeper) the signed notification is produced for delivery.
   */
  async decide(tradeNo: string, choice: SandboxChoice, notify = true): Promise<NotifyRequest | null> {
    const providerState = choice === 'pay' ? 'paid' : choice === 'fail' ? 'failed' : 'cancelled';
    const rows = await this.ctx.db
      .update(payments)
      .set({ providerState })
      .where(and(eq(payments.tradeNo, tradeNo), eq(payments.providerName, 'sandbox'), eq(payments.providerState, 'open')))
      .returning();
    const pay = rows[0];
    if (!pay) return null;
    if (!notify) return null;
    const type = choice === 'pay' ? 'paid' : choice === 'fail' ? 'failed' : 'closed';
    return this.notification({ type, tradeNo, amount: money.of(pay.amount).toFixed(2) });
  }
}
