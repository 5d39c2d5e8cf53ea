/**
 * Order status rules (C§4 "Order status values", ORDER-9): the display text of each of the 17 statuses
 * as a locale key, which statuses are final, which the customer may cancel, pay again or confirm as
 * delivered, and the step of the order-detail progress line.
 */
import { Limits, OrderSource, OrderStatus, OrderType } from './enums';

/**
 * Locale keys of the status texts (the `orderStatus` tree of locales/): one per status name, plus
 * `toBeConfirmed` for a fresh unpaid order, `inDelivery` for an accepted chat-app takeaway order, and
 * for orders the customer collects or eats in: `cooking` (the shop started making it) and
 * `readyForPickup` / `ready` (made: collect it, or it comes to the table).
 */
export const OrderStatusText = {
  toBeConfirmed: 'orderStatus.toBeConfirmed',
  inDelivery: 'orderStatus.inDelivery',
  cooking: 'orderStatus.cooking',
  readyForPickup: 'orderStatus.readyForPickup',
  ready: 'orderStatus.ready',
  nopay: 'orderStatus.nopay',
  nopay_cancel: 'orderStatus.nopay_cancel',
  need_pay: 'orderStatus.need_pay',
  pending: 'orderStatus.pending',
  successed: 'orderStatus.successed',
  refund_fail: 'orderStatus.refund_fail',
  refunding: 'orderStatus.refunding',
  confirmed_new: 'orderStatus.confirmed_new',
  wait_rider_pending: 'orderStatus.wait_rider_pending',
  rider_confirmed: 'orderStatus.rider_confirmed',
  rider_picked_up: 'orderStatus.rider_picked_up',
  rider_delivery_exception: 'orderStatus.rider_delivery_exception',
  confirmed: 'orderStatus.confirmed',
  delivered: 'orderStatus.delivered',
  refused: 'orderStatus.refused',
  closed: 'orderStatus.closed',
} as const;
export type OrderStatusTextKey = (typeof OrderStatusText)[keyof typeof OrderStatusText];

/** Every status text key, for a locale completeness check. */
export const ORDER_STATUS_TEXT_KEYS: readonly OrderStatusTextKey[] = Object.values(OrderStatusText);

/** What the display rules need to know about an order. */
export interface OrderStatusInput {
  status: OrderStatus;
  orderType: OrderType;
  /** When the order was placed, epoch ms. */
  createdAt: number;
  /** The current time, epoch ms. */
  now: number;
  /** Order source (C§3): `weixin` marks a chat-app takeaway order. */
  source?: string | null;
  /** The order names a table (served at the table rather than collected). */
  atTable?: boolean;
}

/** C§4: a chat-app takeaway order shows "in delivery" where others show "merchant accepted". */
function isChatAppTakeaway(order: Pick<OrderStatusInput, 'orderType' | 'source'>): boolean {
  return order.orderType === OrderType.takeaway && order.source === OrderSource.weixin;
}

/** C§4: an unpaid order younger than 60 s is still being confirmed by the payment provider. */
export function isNopayConfirming(createdAt: number, now: number): boolean {
  return now - createdAt < Limits.nopayConfirmingSeconds * 1000;
}

/** Orders made in the shop and collected or eaten there (not delivered by a rider). */
function isMadeInShop(orderType: OrderType): boolean {
  return orderType === OrderType.selfPickup || orderType === OrderType.dine || orderType === OrderType.openTable;
}

/** The customer collects the order at the counter (self pickup, or dine-in without a table). */
function isCollected(order: Pick<OrderStatusInput, 'orderType' | 'atTable'>): boolean {
  return order.orderType === OrderType.selfPickup || (order.orderType === OrderType.dine && order.atTable !== true);
}

/**
 * The locale key of an order's status text (C§4 "Display text by status"). For an order made in the
 * shop (self pickup, dine-in, open table) the staff's "cook" (confirmed_new) reads "cooking" rather
 * than "to be delivered", and "ready" (delivered) reads "ready for pickup" — or "ready" when it is
 * served at a table — rather than "merchant accepted" (docs/decisions.md, the staff console).
 */
export function orderStatusTextKey(order: OrderStatusInput): OrderStatusTextKey {
  switch (order.status) {
    case OrderStatus.nopay:
      return isNopayConfirming(order.createdAt, order.now) ? OrderStatusText.toBeConfirmed : OrderStatusText.nopay;
    case OrderStatus.confirmed_new:
      return isMadeInShop(order.orderType) ? OrderStatusText.cooking : OrderStatusText.confirmed_new;
    case OrderStatus.delivered:
      if (isMadeInShop(order.orderType)) return isCollected(order) ? OrderStatusText.readyForPickup : OrderStatusText.ready;
      return isChatAppTakeaway(order) ? OrderStatusText.inDelivery : OrderStatusText.delivered;
    case OrderStatus.confirmed:
      // C§4: merchant accepted, or in delivery for a chat-app takeaway order
      return isChatAppTakeaway(order) ? OrderStatusText.inDelivery : OrderStatusText[order.status];
    case OrderStatus.refund:
      // C§4: refund is shown as closed
      return OrderStatusText.closed;
    default:
      return OrderStatusText[order.status];
  }
}

/** Statuses after which nothing more happens to the order. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = [
  OrderStatus.nopay_cancel,
  OrderStatus.successed,
  OrderStatus.refund,
  OrderStatus.refused,
  OrderStatus.closed,
];

/** Unpaid statuses: the customer may cancel them and pay them again (C§4). */
const UNPAID_STATUSES: readonly OrderStatus[] = [OrderStatus.nopay, OrderStatus.need_pay];

/** Statuses in which the merchant has accepted the order and it is on its way or ready. */
const CONFIRM_DELIVERED_STATUSES: readonly OrderStatus[] = [
  OrderStatus.confirmed,
  OrderStatus.delivered,
  OrderStatus.confirmed_new,
  OrderStatus.rider_confirmed,
  OrderStatus.rider_picked_up,
  OrderStatus.rider_delivery_exception,
];

/** Whether the status is final. */
export function isFinalOrderStatus(status: OrderStatus): boolean {
  return FINAL_ORDER_STATUSES.includes(status);
}

/** Whether the customer may cancel the order: only unpaid orders (C§4). */
export function canCancelOrder(status: OrderStatus): boolean {
  return UNPAID_STATUSES.includes(status);
}

/** Whether the customer may retry payment (C§4 "Payment can be retried"). */
export function canPayAgain(status: OrderStatus): boolean {
  return UNPAID_STATUSES.includes(status);
}

/** Whether the customer may confirm receipt (order/confirmDelivered, C§7) of an accepted order. */
export function canConfirmDelivered(status: OrderStatus): boolean {
  return CONFIRM_DELIVERED_STATUSES.includes(status);
}

/** Steps of the order-detail progress line. */
export type ProgressStep = 'placed' | 'accepted' | 'cooking' | 'delivering' | 'done';

/** The steps shown for an order type: only takeaway has a delivering step. */
export function progressSteps(orderType: OrderType): ProgressStep[] {
  return orderType === OrderType.takeaway
    ? ['placed', 'accepted', 'cooking', 'delivering', 'done']
    : ['placed', 'accepted', 'cooking', 'done'];
}

/**
 * Where an order stands on the progress line, or null when it has left it (cancelled, refused,
 * refunded, closed): the detail page then shows the status text alone.
 */
export function orderProgress(
  order: Pick<OrderStatusInput, 'status' | 'orderType' | 'source'>,
): { step: ProgressStep; index: number; steps: ProgressStep[] } | null {
  const steps = progressSteps(order.orderType);
  const at = (step: ProgressStep) => {
    // a step the order type does not show (delivering outside takeaway) folds into the one before done
    const index = steps.indexOf(step);
    const shown = index >= 0 ? step : 'cooking';
    return { step: shown, index: steps.indexOf(shown), steps };
  };
  switch (order.status) {
    case OrderStatus.nopay:
    case OrderStatus.need_pay:
    case OrderStatus.pending:
      return at('placed');
    case OrderStatus.confirmed:
      return at(isChatAppTakeaway(order) ? 'delivering' : 'accepted');
    case OrderStatus.delivered:
      // made in the shop: ready once cooked; takeaway: as accepted (C§4)
      if (isMadeInShop(order.orderType)) return at('cooking');
      return at(isChatAppTakeaway(order) ? 'delivering' : 'accepted');
    case OrderStatus.confirmed_new:
    case OrderStatus.wait_rider_pending:
    case OrderStatus.rider_confirmed:
      return at('cooking');
    case OrderStatus.rider_picked_up:
    case OrderStatus.rider_delivery_exception:
      return at('delivering');
    case OrderStatus.successed:
      return at('done');
    default:
      return null;
  }
}

/** Statuses in which an order's pickup number matters: paid or taken on, and not yet over. */
const PICKUP_NUMBER_STATUSES: readonly OrderStatus[] = [
  OrderStatus.pending,
  OrderStatus.confirmed,
  OrderStatus.confirmed_new,
  OrderStatus.delivered,
  OrderStatus.need_pay,
];

/**
 * Whether the order detail shows the shop's number of the day large: an order collected at the counter
 * (self pickup, dine-in without a table) that has its number and is paid or accepted and not yet
 * completed, refused, cancelled or refunded.
 */
export function showsPickupNumber(order: {
  status: OrderStatus;
  orderType: OrderType;
  daySeq: number | null;
  atTable?: boolean;
}): boolean {
  return order.daySeq !== null && order.daySeq > 0 && isCollected(order) && PICKUP_NUMBER_STATUSES.includes(order.status);
}
