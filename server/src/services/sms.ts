import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { shops, smsCodes } from '../db/schema';
import { fail } from '../http/errors';

/** Sends a text message. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, text: string): Promise<void>;
}

/** One message the development provider "sent". */
export interface OutboxMessage {
  phone: string;
  text: string;
  code: string;
  at: number;
}

/**
 * Development provider (SMS_PROVIDER=dev, the default): writes each message to the server log and
 * keeps it in an in-memory outbox that tests and the demo can read.
 */
export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  readonly outbox: OutboxMessage[] = [];

  constructor(private readonly log?: FastifyBaseLogger) {}

  async send(phone: string, text: string): Promise<void> {
    const code = /(\d{6})/.exec(text)?.[1] ?? '';
    this.outbox.push({ phone, text, code, at: Date.now() });
    if (this.outbox.length > 1000) this.outbox.shift();
    this.log?.info({ phone, code }, `SMS to ${phone}: ${text}`);
  }

  /** The last code sent to `phone`. */
  lastCode(phone: string): string | undefined {
    for (let i = this.outbox.length - 1; i >= 0; i -= 1) if (this.outbox[i].phone === phone) return this.outbox[i].code;
    return undefined;
  }
}

/** The provider named by SMS_PROVIDER. Only the development provider ships; others plug in here. */
export function createSmsProvider(name: string, log?: FastifyBaseLogger): SmsProvider {
  if (name !== 'dev') log?.warn(`SMS_PROVIDER=${name} is not available; using the development provider`);
  return new DevSmsProvider(log);
}

/** Codes expire after 5 minutes; a code allows 5 tries (the right one included). */
export const SMS_CODE_TTL_MS = 5 * 60 * 1000;
export const SMS_MAX_ATTEMPTS = 5;

const hashCode = (phone: string, code: string): string => createHash('sha256').update(`${phone}:${code}`).digest('hex');

/** SMS verification codes with a per-shop quota (P§5: sending fails when the quota is zero). */
export class SmsService {
  constructor(
    private readonly db: Db,
    readonly provider: SmsProvider,
    private readonly now: () => number = Date.now,
  ) {}

  /** Sends a new 6-digit code to `phone`, charged to the shop's quota. Returns the code. */
  async sendCode(shopId: number, phone: string): Promise<string> {
    const charged = await this.db
      .update(shops)
      .set({ smsQuota: sql`${shops.smsQuota} - 1` })
      .where(and(eq(shops.id, shopId), gt(shops.smsQuota, 0)))
      .returning({ left: shops.smsQuota });
    if (charged.length === 0) throw fail('noSmsLeft');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    try {
      await this.provider.send(phone, `Your verification code is ${code}. It expires in 5 minutes.`);
    } catch {
      await this.db
        .update(shops)
        .set({ smsQuota: sql`${shops.smsQuota} + 1` })
        .where(eq(shops.id, shopId));
      throw fail('smsSendFailed');
    }
    await this.db.insert(smsCodes).values({
      phone,
      shopId,
      codeHash: hashCode(phone, code),
      expiresAt: new Date(this.now() + SMS_CODE_TTL_MS),
    });
    return code;
  }

  /** Checks and consumes the latest live code of `phone`; throws smsVerifyFailed when wrong or expired. */
  async verify(phone: string, code: string): Promise<void> {
    const rows = await this.db
      .select({ id: smsCodes.id })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, new Date(this.now()))))
      .orderBy(desc(smsCodes.id))
      .limit(1);
    const row = rows[0];
    if (!row) throw fail('smsVerifyFailed');
    // the try is counted before the code is compared, in one statement: guesses sent at once get
    // SMS_MAX_ATTEMPTS comparisons, as guesses sent one after another do
    const tried = await this.db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt), lt(smsCodes.attempts, SMS_MAX_ATTEMPTS)))
      .returning({ codeHash: smsCodes.codeHash });
    if (tried.length === 0 || tried[0].codeHash !== hashCode(phone, code)) throw fail('smsVerifyFailed');
    // consumed only if nobody else used it first
    const used = await this.db
      .update(smsCodes)
      .set({ usedAt: new Date(this.now()) })
      .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt)))
      .returning({ id: smsCodes.id });
    if (used.length === 0) throw fail('smsVerifyFailed');
  }

  /** SMS codes the shop has left. */
  async quota(shopId: number): Promise<number> {
    const rows = await this.db.select({ q: shops.smsQuota }).from(shops).where(eq(shops.id, shopId)).limit(1);
    return rows[0]?.q ?? 0;
  }
}
