/**
 * The contract of the consumer API: every call of C§7 and P§7, by area. The client imports the
 * types, the server registers and validates every call with these definitions.
 */
import type { CallDef } from './common';
import { activityCalls } from './activity';
import { addressCalls } from './address';
import { beautyCalls } from './beauty';
import { deliveryCalls } from './delivery';
import { messageCalls } from './message';
import { multiOrderCalls } from './multi-order';
import { orderCalls } from './order';
import { storeCalls } from './store';
import { tableCalls } from './table';
import { userCalls } from './user';
import { vipCalls } from './vip';

export * from './common';
export { activityCalls, addressCalls, beautyCalls, deliveryCalls, messageCalls, orderCalls, storeCalls, tableCalls, userCalls, vipCalls };

/** Every call, by area. */
export const calls = {
  store: storeCalls,
  user: userCalls,
  address: addressCalls,
  delivery: deliveryCalls,
  order: orderCalls,
  table: tableCalls,
  beauty: beautyCalls,
  vip: vipCalls,
  activity: activityCalls,
  message: messageCalls,
  multiOrder: multiOrderCalls,
} as const;

/** Every call definition as one flat list (route coverage checks). */
export const allCalls: CallDef[] = Object.values(calls).flatMap((area) => Object.values(area) as CallDef[]);
