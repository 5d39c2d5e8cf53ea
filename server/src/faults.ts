/**
 * Named fault points for the crash tests (SERVER-3, test/server/faults/): `faultPoint(name)` ends
 * the process with SIGKILL when the environment's FAULT_POINT names that point — in the middle of an
 * operation, as a power cut or the kernel's out-of-memory killer would. A no-op unless FAULT_POINT is
 * set, and always a no-op under NODE_ENV=production.
 */

/** The points placed in the operations (one each). */
export const FAULT_POINTS = {
  /** order/confirm: the order row, its stock and coupon are written, points and card not yet, not committed. */
  orderCreateAfterStock: 'order.create.afterStock',
  /** A paid notification: the trade row is marked paid, the order not yet moved, not committed. */
  paymentSettleAfterPaymentRow: 'payment.settle.afterPaymentRow',
  /** The refund outbox: the provider has refunded, the refund row is not yet settled. */
  refundAfterProvider: 'refund.afterProvider',
} as const;
export type FaultPointName = (typeof FAULT_POINTS)[keyof typeof FAULT_POINTS];

/** Kills the process here (SIGKILL, no clean-up of any kind) when FAULT_POINT names this point. */
export function faultPoint(name: FaultPointName): void {
  const armed = process.env.FAULT_POINT;
  if (!armed || armed !== name || process.env.NODE_ENV === 'production') return;
  process.kill(process.pid, 'SIGKILL');
}
