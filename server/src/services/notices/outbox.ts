/**
 * The customer-notice outbox (NOTICE-1), run by every node like the refunds' (services/payments/
 * refunds.ts): a due notice is claimed by one conditional update that records the attempt before the
 * provider is called (state `sending`, attempts + 1, a lease); the provider's answer settles it once.
 *
 * - sent: the provider took it. refused: the provider's final no (WeChat 43101, the customer did not
 *   subscribe — the server keeps no record of consent, WeChat's answer is the record). failed: an
 *   error no retry cures (a bad template, no trade to send an Alipay message with, too many tries).
 * - retry: the provider did not do it (down, busy, a gateway error, a connection never made): tried
 *   again with backoff — 5 s, 10 s, 20 s … at most 10 minutes, 8 attempts, and no later than an
 *   hour after the status change (a late "accepted" is noise).
 * - unknown: an attempt whose outcome never came back (the process died while the provider was
 *   being called, or the answer timed out). Neither WeChat's subscribe message nor Alipay's template
 *   message can be sent idempotently, so it is never repeated: the customer gets the message at most
 *   once (docs/decisions.md "Customer notices (NOTICE-1)"). A `sending` row whose lease ran out is
 *   such an attempt.
 *
 * Every final outcome is written to the order's audit (by `system`, action `notice`) in the
 * transaction that records it. A channel the server is not configured for is logged once and its
 * notices are skipped.
 */
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { perServer, type ServerContext } from '../../context';
import type { Db } from '../../db/client';
import { notices, orderAudit, shops, type NoticeRow } from '../../db/schema';
import { AlipayTransportError } from '../../platform/alipay-app';
import { WechatTransportError, type SubscribeMessage } from '../../platform/wechat';

/** How long a claimed notice is left to its worker (longer than any provider call's time limit). */
export const NOTICE_LEASE_MS = 60_000;
/** Backoff after the n-th failed attempt: 5 s, 10 s, 20 s … at most 10 minutes. */
export const noticeBackoffMs = (attempts: number): number => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);
/** Attempts before a notice is given up. */
export const NOTICE_MAX_ATTEMPTS = 8;
/** A notice not sent within this long of its status change is given up. */
export const NOTICE_TOO_LATE_MS = 60 * 60_000;

type Outcome =
  | { state: 'sent'; msgId?: string }
  | { state: 'refused' | 'failed' | 'unknown'; detail: string }
  | { state: 'retry'; detail: string };

/** Final states (nothing more happens to the notice). */
export const FINAL_NOTICE_STATES = ['sent', 'refused', 'failed', 'unknown', 'skipped'] as const;

/** WeChat errcodes: 43101 the customer did not subscribe (final); busy and rate limits retry. */
const WECHAT_RETRY = new Set([-1, 45009, 45011, 40001, 40014, 42001]);

/** A channel of the server: whether it is configured, what to do before claiming, and the send. */
interface Channel {
  configured: boolean;
  /** Named in the "not configured" log line. */
  needs: string;
  /** Work that sends nothing (the access token), done before the attempt is recorded. */
  prepare(): Promise<void>;
  send(n: NoticeRow): Promise<Outcome>;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
type Data = Record<string, { value: string }>;

function transportOutcome(err: unknown): Outcome {
  if (err instanceof WechatTransportError || err instanceof AlipayTransportError)
    return err.delivered === 'no' ? { state: 'retry', detail: err.message } : { state: 'unknown', detail: err.message };
  // anything else thrown while calling: we cannot tell whether the provider got it
  return { state: 'unknown', detail: String((err as Error)?.message ?? err) };
}

function channelsOf(ctx: ServerContext): Record<string, Channel> {
  return {
    weapp: {
      configured: ctx.wechat !== null,
      needs: 'WEAPP_APP_ID and WEAPP_SECRET',
      prepare: async () => {
        await ctx.wechat?.accessToken();
      },
      async send(n) {
        const message: SubscribeMessage = {
          touser: n.recipient,
          template_id: n.templateId,
          page: str(n.payload.page),
          data: n.payload.data as unknown as Data,
          miniprogram_state: 'formal',
          lang: 'zh_CN',
        };
        let a;
        try {
          a = await ctx.wechat!.sendSubscribeMessage(message);
        } catch (err) {
          return transportOutcome(err);
        }
        const code = a.errcode ?? 0;
        const detail = `errcode ${code}: ${a.errmsg ?? ''}`.trim();
        if (code === 0) return { state: 'sent', ...(a.msgid !== undefined ? { msgId: String(a.msgid) } : {}) };
        if (code === 43101) return { state: 'refused', detail };
        if (WECHAT_RETRY.has(code)) return { state: 'retry', detail };
        return { state: 'failed', detail };
      },
    },
    alipay: {
      configured: ctx.alipayApp !== null,
      needs: 'ALIPAY_APP_ID and ALIPAY_PRIVATE_KEY',
      prepare: async () => undefined,
      async send(n) {
        const formId = str(n.payload.formId);
        if (!formId) return { state: 'failed', detail: 'no payment-app trade to send the template message with' };
        let a;
        try {
          a = await ctx.alipayApp!.sendTemplateMessage({
            to: n.recipient,
            formId,
            userTemplateId: n.templateId,
            page: str(n.payload.page),
            data: n.payload.data as unknown as Data,
          });
        } catch (err) {
          return transportOutcome(err);
        }
        const detail = `${a.code ?? '?'} ${a.sub_code ?? ''}: ${a.sub_msg ?? a.msg ?? ''}`.trim();
        if (a.code === '10000') return { state: 'sent' };
        // 20000: the service is unavailable; isp.*: Alipay's own error — both say try again
        if (a.code === '20000' || (a.sub_code ?? '').startsWith('isp.')) return { state: 'retry', detail };
        return { state: 'failed', detail };
      },
    },
    sms: {
      configured: true,
      needs: 'SMS_PROVIDER',
      prepare: async () => undefined,
      async send(n) {
        // an SMS is charged to the shop's quota like a verification code (P§5)
        const charged = await ctx.db
          .update(shops)
          .set({ smsQuota: sql`${shops.smsQuota} - 1` })
          .where(and(eq(shops.id, n.shopId), sql`${shops.smsQuota} > 0`))
          .returning({ id: shops.id });
        if (charged.length === 0) return { state: 'failed', detail: 'the shop has no SMS left' };
        try {
          await ctx.sms.provider.send(n.recipient, str(n.payload.text));
          return { state: 'sent' };
        } catch (err) {
          await ctx.db.update(shops).set({ smsQuota: sql`${shops.smsQuota} + 1` }).where(eq(shops.id, n.shopId));
          return { state: 'retry', detail: String((err as Error)?.message ?? err) };
        }
      },
    },
  };
}

/** Channels already logged as not configured on this server. */
const loggedUnconfigured = perServer((): Set<string> => new Set());

/** Settles a claimed notice with its outcome, and writes the audit line of a final one (one transaction). */
async function record(ctx: ServerContext, n: NoticeRow, outcome: Outcome): Promise<string> {
  const now = ctx.clock.now();
  const retry = outcome.state === 'retry';
  const giveUp = retry && (n.attempts >= NOTICE_MAX_ATTEMPTS || now + noticeBackoffMs(n.attempts) > n.createdAt + NOTICE_TOO_LATE_MS);
  const state = retry ? (giveUp ? 'failed' : 'pending') : outcome.state;
  const detail = 'detail' in outcome ? outcome.detail.slice(0, 400) : null;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(notices)
      .set({
        state,
        updatedAt: now,
        nextAttemptAt: state === 'pending' ? now + noticeBackoffMs(n.attempts) : null,
        ...(detail !== null ? { lastError: giveUp ? `gave up after ${n.attempts} attempts: ${detail}`.slice(0, 500) : detail } : {}),
        ...(outcome.state === 'sent' ? { sentAt: now, providerMsgId: outcome.msgId ?? null } : {}),
      })
      // this attempt's claim (or the `unknown` a lease that ran out gave it: the real answer wins)
      .where(and(eq(notices.id, n.id), eq(notices.attempts, n.attempts), inArray(notices.state, ['sending', 'unknown'])))
      .returning();
    if (!row) return 'skipped';
    if (state !== 'pending') await tx.insert(orderAudit).values(auditLine(row, now));
    return retry && !giveUp ? 'retry' : state;
  });
}

/** The audit line of a notice's outcome. */
function auditLine(n: NoticeRow, now: number) {
  const why = n.state === 'sent' ? '' : n.lastError ? ` (${n.lastError})` : '';
  return {
    orderId: n.orderId,
    shopId: n.shopId,
    by: 'system',
    action: 'notice',
    fromStatus: null,
    toStatus: n.orderStatus,
    note: `${n.kind} ${n.channel} ${n.templateId}: ${n.state}${why}`.slice(0, 140),
    at: now,
  };
}

/** One attempt at one due notice. */
async function attempt(ctx: ServerContext, due: NoticeRow, channels: Record<string, Channel>): Promise<string> {
  const channel = channels[due.channel];
  if (!channel || !channel.configured) {
    const logged = loggedUnconfigured(ctx);
    if (!logged.has(due.channel)) {
      logged.add(due.channel);
      ctx.log.warn(`customer notices through ${due.channel} are not configured (${channel?.needs ?? 'unknown channel'}): they are skipped`);
    }
    await ctx.db
      .update(notices)
      .set({ state: 'skipped', lastError: 'not configured', nextAttemptAt: null, updatedAt: ctx.clock.now() })
      .where(and(eq(notices.id, due.id), eq(notices.state, 'pending')));
    return 'skipped';
  }
  try {
    await channel.prepare();
  } catch (err) {
    // nothing was sent: the attempt is not counted, the notice waits like after an outage
    const t = ctx.clock.now();
    ctx.log.warn({ err, noticeId: due.id }, 'notice not sent: the channel is not ready; retried later');
    await ctx.db
      .update(notices)
      .set({ lastError: String((err as Error)?.message ?? err).slice(0, 500), nextAttemptAt: t + noticeBackoffMs(due.attempts + 1), updatedAt: t })
      .where(and(eq(notices.id, due.id), eq(notices.state, 'pending'), lte(notices.nextAttemptAt, t)));
    return 'retry';
  }
  const now = ctx.clock.now();
  // the attempt is recorded before the provider is called: a claim only one worker wins
  const [claimed] = await ctx.db
    .update(notices)
    .set({ state: 'sending', attempts: sql`${notices.attempts} + 1`, nextAttemptAt: now + NOTICE_LEASE_MS, updatedAt: now })
    .where(and(eq(notices.id, due.id), eq(notices.state, 'pending'), lte(notices.nextAttemptAt, now)))
    .returning();
  if (!claimed) return 'skipped';
  if (now > claimed.createdAt + NOTICE_TOO_LATE_MS) return record(ctx, claimed, { state: 'failed', detail: 'too late: the status change is more than an hour old' });
  let outcome: Outcome;
  try {
    outcome = await channel.send(claimed);
  } catch (err) {
    outcome = transportOutcome(err);
  }
  if (outcome.state === 'retry' || outcome.state === 'unknown')
    ctx.log.warn({ noticeId: claimed.id, channel: claimed.channel, outcome }, 'customer notice not confirmed');
  return record(ctx, claimed, outcome);
}

/** Whether any attempt's lease ran out (`settleLostAttempts`' condition), prepared once per server. */
const lostQuery = perServer((ctx) =>
  ctx.db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.state, 'sending'), lte(notices.nextAttemptAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('notices_lost_any'),
);

/**
 * Attempts whose lease ran out while `sending` (the worker died mid-send, or its call hangs): their
 * outcome is unknown and they are not repeated.
 */
export async function settleLostAttempts(ctx: ServerContext): Promise<number> {
  const now = ctx.clock.now();
  // the usual pass finds none: one prepared look, and no transaction; a lease that runs out after
  // the look is settled by the next pass, as one running out after the update would be
  if ((await lostQuery(ctx).execute({ now })).length === 0) return 0;
  return ctx.db.transaction(async (tx) => {
    const lost = await tx
      .update(notices)
      .set({ state: 'unknown', nextAttemptAt: null, updatedAt: now, lastError: 'the attempt got no answer (the sender stopped mid-send); not repeated' })
      .where(and(eq(notices.state, 'sending'), lte(notices.nextAttemptAt, now)))
      .returning();
    if (lost.length) await tx.insert(orderAudit).values(lost.map((n) => auditLine(n, now)));
    return lost.length;
  });
}

/** The due notices of every order (the worker's pass, after every order change), prepared once per server. */
const dueQuery = perServer((ctx) =>
  ctx.db
    .select()
    .from(notices)
    .where(and(eq(notices.state, 'pending'), lte(notices.nextAttemptAt, sql.placeholder('now'))))
    .orderBy(notices.nextAttemptAt, notices.id)
    .limit(50)
    .prepare('notices_due'),
);

/** One pass of the outbox (optionally of one order's notices): how each due notice went. */
export async function runNoticeOutbox(ctx: ServerContext, orderId?: number): Promise<string[]> {
  await settleLostAttempts(ctx);
  const now = ctx.clock.now();
  const due =
    orderId === undefined
      ? await dueQuery(ctx).execute({ now })
      : await ctx.db
          .select()
          .from(notices)
          .where(and(eq(notices.state, 'pending'), lte(notices.nextAttemptAt, now), eq(notices.orderId, orderId)))
          .orderBy(notices.nextAttemptAt, notices.id)
          .limit(50);
  const channels = channelsOf(ctx);
  const out: string[] = [];
  for (const n of due) out.push(await attempt(ctx, n, channels));
  return out;
}

/** The outbox as the merchant CLI lists it (newest first). */
export async function listNotices(db: Db, opts: { open?: boolean; orderId?: number; limit?: number } = {}): Promise<NoticeRow[]> {
  return db
    .select()
    .from(notices)
    .where(
      and(
        opts.open ? inArray(notices.state, ['pending', 'sending', 'failed', 'unknown']) : undefined,
        opts.orderId === undefined ? undefined : eq(notices.orderId, opts.orderId),
      ),
    )
    .orderBy(desc(notices.id))
    .limit(opts.limit ?? 50);
}
