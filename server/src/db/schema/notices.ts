import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { JsonObject } from './json';

/**
 * Customer notices (NOTICE-1): the outbox of the messages that tell a customer their order moved —
 * the chat app's subscribe message, the payment app's template message, or an SMS. One row per
 * order, notice kind and template, written in the transaction of the status change
 * (services/notices/queue.ts) with everything the message says; a worker sends it
 * (services/notices/outbox.ts): claimed by a conditional update that records the attempt before the
 * provider is called, so no notice is sent twice by a retry, a restart or another node.
 */
export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id').notNull(),
    shopId: integer('shop_id').notNull(),
    userId: integer('user_id').notNull(),
    /** accepted | delivering (out for delivery, ready for pickup) | refunded | refused */
    kind: text('kind').notNull(),
    /** The order's status the change led to. */
    orderStatus: text('order_status').notNull(),
    /** weapp (subscribe message) | alipay (template message) | sms */
    channel: text('channel').notNull(),
    /** The shop's template id (`sms:<kind>` for an SMS). */
    templateId: text('template_id').notNull(),
    /** The customer's open id with the platform, or the phone of an SMS. */
    recipient: text('recipient').notNull(),
    /** What is sent: the page and data fields (or the SMS text), fixed when the notice is queued. */
    payload: jsonb('payload').$type<JsonObject>().notNull(),
    /**
     * pending (due at next_attempt_at) | sending (an attempt recorded, the provider being called;
     * next_attempt_at is the lease's end) | sent | refused (the provider's final no, e.g. 43101) |
     * failed (a final error) | unknown (an attempt whose outcome never came back: not repeated) |
     * skipped (the channel is not configured, or nothing to send with)
     */
    state: text('state').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }),
    lastError: text('last_error'),
    /** The provider's message id (WeChat's msgid), when it gives one. */
    providerMsgId: text('provider_msg_id'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
    sentAt: bigint('sent_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('notices_once_idx').on(t.orderId, t.kind, t.templateId),
    index('notices_due_idx').on(t.state, t.nextAttemptAt),
  ],
);

/**
 * Platform access tokens shared by every node (WeChat's access token): one row per app, refreshed by
 * one node at a time under `refreshing_until` (a lease), read by all.
 */
export const platformTokens = pgTable('platform_tokens', {
  /** `wechat:<appid>` */
  name: text('name').primaryKey(),
  token: text('token'),
  expiresAt: bigint('expires_at', { mode: 'number' }),
  refreshingUntil: bigint('refreshing_until', { mode: 'number' }),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

export type NoticeRow = typeof notices.$inferSelect;
