import { bigint, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { JsonObject } from './json';

/**
 * Provider notifications seen (ORDER-7): one row per (provider, notification id), written in the
 * transaction that acts on it, so a replayed notification finds its id and changes nothing.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    tradeNo: text('trade_no'),
    kind: text('kind').notNull(),
    outcome: text('outcome').notNull(),
    receivedAt: bigint('received_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * Idempotency keys of the money-moving calls (docs/api.md "Idempotency"): the first call with a key
 * stores a hash of its body and, once answered, its answer; a retry with the same key and body gets
 * the stored answer, one with another body is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    call: text('call').notNull(),
    key: text('key').notNull(),
    bodyHash: text('body_hash').notNull(),
    /** pending while the first call runs; done with its answer. */
    state: text('state').notNull(),
    answer: jsonb('answer').$type<JsonObject>(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.call, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Refunds with a provider (SERVER-3/4): the outbox of provider refund calls. A row is written in the
 * transaction that decides the refund; a worker calls the provider until it answers, retrying with
 * backoff; the provider's result (answer or notification) settles the row once, under a status guard.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    paymentId: integer('payment_id').notNull(),
    orderId: integer('order_id'),
    /** Our refund number (the provider's out_refund_no / out_request_no). */
    refundNo: text('refund_no').notNull(),
    amount: numeric('amount', { precision: 14, scale: 4 }).notNull(),
    reason: text('reason').notNull(),
    /** pending (not yet accepted by the provider) | processing | succeeded | failed */
    state: text('state').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }),
    lastError: text('last_error'),
    providerRefundId: text('provider_refund_id'),
    data: jsonb('data').$type<JsonObject>(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('refunds_refund_no_idx').on(t.refundNo),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_due_idx').on(t.state, t.nextAttemptAt),
  ],
);
