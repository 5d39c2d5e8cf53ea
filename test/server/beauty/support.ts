/** Shared steps of the appointment tests: submissions at the demo beauty salon at a fixed clock. */
import type { OrderSubmission } from '../../../src/api/contract/order';
import { BEAUTY_PRODUCT as P, BEAUTY_USER as U } from '../../../server/src/demo/ids';

type Body = Omit<OrderSubmission, 'expectedTotal'> & { expectedTotal?: number };

const HOUR = 3600_000;
/** The test clock: 2026-11-23 12:00 at the salon (UTC+8), a Monday. */
export const NOW = Date.UTC(2026, 10, 23, 4, 0, 0);
/** Tuesday 2026-11-24 at the salon's `h`:`m` (UTC+8), epoch ms. */
export const tomorrowAt = (h: number, m = 0): number => Date.UTC(2026, 10, 24, h - 8, m);
export const TOMORROW = '2026-11-24';
export { HOUR };

/** A hydrating facial (¥298, 90 minutes, senior beautician) with Lin tomorrow at 14:00, paid by the chat-app wallet. */
export const facial = (over: Partial<Body> = {}): Body => ({
  type: 'appointment',
  payType: 'weixin',
  products: [{ id: P.hydraFacial, quantity: 1, flag: 'f' }],
  appointment: tomorrowAt(14),
  serviceUser: { id: U.lin },
  contact_name: '李女士',
  contact_phone: '13812345678',
  ...over,
});
