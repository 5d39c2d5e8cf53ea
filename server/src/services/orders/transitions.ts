/**
 * The order status machine (C§4 "Order status values"): the one table of allowed transitions, by
 * action. Every status change of the server goes through `nextStatus` (docs/orders.md draws it).
 */
import { OrderStatus } from '../../../../src/domain/enums';

type S = OrderStatus;

/** Actions that move an order, by who takes them. */
export type OrderAction =
  // payment
  | 'pay' // a payment settled (provider callback, payQuery, member card)
  | 'expire' // the unpaid countdown ran out
  | 'close' // the customer cancels an unpaid order
  | 'reinstate' // a payment arrived after expiry and the stock is still there
  // merchant
  | 'accept'
  | 'refuse'
  | 'cook' // preparing: "to be delivered" (confirmed_new)
  | 'callRider'
  | 'riderConfirm'
  | 'riderPickUp'
  | 'riderException'
  | 'deliver' // handed to delivery / served
  | 'requestPay' // the bill of an unpaid counter order is asked for
  | 'complete'
  | 'refund' // a refund starts (online providers answer later)
  | 'refundDone'
  | 'refundFail'
  | 'merchantClose'
  // customer
  | 'confirmDelivered';

const ACCEPTED: S[] = [
  OrderStatus.confirmed,
  OrderStatus.confirmed_new,
  OrderStatus.wait_rider_pending,
  OrderStatus.rider_confirmed,
  OrderStatus.rider_picked_up,
  OrderStatus.rider_delivery_exception,
  OrderStatus.delivered,
];

/** from-statuses → to-status, per action. */
export const TRANSITIONS: Record<OrderAction, { from: readonly S[]; to: S }> = {
  pay: { from: [OrderStatus.nopay], to: OrderStatus.pending },
  expire: { from: [OrderStatus.nopay], to: OrderStatus.nopay_cancel },
  close: { from: [OrderStatus.nopay], to: OrderStatus.closed },
  reinstate: { from: [OrderStatus.nopay_cancel, OrderStatus.closed], to: OrderStatus.pending },
  accept: { from: [OrderStatus.pending], to: OrderStatus.confirmed },
  refuse: { from: [OrderStatus.pending], to: OrderStatus.refused },
  cook: { from: [OrderStatus.confirmed], to: OrderStatus.confirmed_new },
  callRider: { from: [OrderStatus.confirmed, OrderStatus.confirmed_new], to: OrderStatus.wait_rider_pending },
  riderConfirm: {
    from: [OrderStatus.wait_rider_pending, OrderStatus.rider_delivery_exception],
    to: OrderStatus.rider_confirmed,
  },
  riderPickUp: { from: [OrderStatus.rider_confirmed], to: OrderStatus.rider_picked_up },
  riderException: {
    from: [OrderStatus.rider_confirmed, OrderStatus.rider_picked_up],
    to: OrderStatus.rider_delivery_exception,
  },
  deliver: {
    from: [
      OrderStatus.confirmed,
      OrderStatus.confirmed_new,
      OrderStatus.rider_picked_up,
      OrderStatus.rider_delivery_exception,
    ],
    to: OrderStatus.delivered,
  },
  requestPay: {
    from: [OrderStatus.confirmed, OrderStatus.confirmed_new, OrderStatus.delivered],
    to: OrderStatus.need_pay,
  },
  complete: { from: [...ACCEPTED, OrderStatus.need_pay], to: OrderStatus.successed },
  refund: {
    from: [OrderStatus.pending, ...ACCEPTED, OrderStatus.successed, OrderStatus.refund_fail],
    to: OrderStatus.refunding,
  },
  refundDone: { from: [OrderStatus.refunding], to: OrderStatus.refund },
  refundFail: { from: [OrderStatus.refunding], to: OrderStatus.refund_fail },
  merchantClose: { from: [OrderStatus.pending, OrderStatus.need_pay, ...ACCEPTED], to: OrderStatus.closed },
  confirmDelivered: { from: ACCEPTED, to: OrderStatus.successed },
};

/** The status `action` leads to from `status`, or null when the table does not allow it. */
export function nextStatus(status: string, action: OrderAction): S | null {
  const t = TRANSITIONS[action];
  return (t.from as readonly string[]).includes(status) ? t.to : null;
}

/** Statuses an action may start from (for conditional updates). */
export function fromStatuses(action: OrderAction): S[] {
  return [...TRANSITIONS[action].from];
}

/** Statuses in which an unpaid order is waiting for its payment (the countdown runs). */
export const AWAITING_PAYMENT: readonly S[] = [OrderStatus.nopay];
/** Statuses in which the customer may still pay (C§4 "Payment can be retried"). */
export const PAYABLE: readonly S[] = [OrderStatus.nopay, OrderStatus.need_pay];
