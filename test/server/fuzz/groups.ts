/**
 * The contract's calls split over the fuzz files (so jest can run them in parallel workers). Every
 * call of `allCalls` is in exactly one group (checked by zod-arb.test.ts).
 */
import { activityCalls, addressCalls, beautyCalls, deliveryCalls, messageCalls, orderCalls, storeCalls, tableCalls, userCalls, vipCalls, type CallDef } from '../../../src/api/contract';
import { multiOrderCalls } from '../../../src/api/contract/multi-order';

const list = (...areas: object[]): CallDef[] => areas.flatMap((a) => Object.values(a) as CallDef[]);

export const FUZZ_GROUPS: Record<string, CallDef[]> = {
  'store/*': list(storeCalls),
  'user/*, address/*, delivery/*': list(userCalls, addressCalls, deliveryCalls),
  'order/*': list(orderCalls, multiOrderCalls),
  'vip/*, table/*, beauty/*, consumer/*': list(vipCalls, tableCalls, beautyCalls, messageCalls),
  'activity/*': list(activityCalls),
};
