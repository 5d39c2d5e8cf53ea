import type { ReactNode } from 'react';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import type { Adjustment, AdjustmentKind, Breakdown } from '@/domain/pricing';
import type { OrderAdjustment, OrderBreakdown } from '@/api/contract/order';
import * as money from '@/domain/money';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import { Money } from './Money';

/** Fee kinds have their own rows; every other adjustment is a discount row (docs/architecture.md §22 Screens). */
const FEE_KINDS: readonly AdjustmentKind[] = ['packFee', 'pickerPackFee', 'dishwareFee', 'deliveryFee', 'serviceFee', 'tableFee'];
/** Rows of their own: the coupon row, points, gift balance, tax and rounding. */
const OWN_ROW_KINDS: readonly AdjustmentKind[] = ['coupon', 'productCoupon', 'tax', 'points', 'giftAmount', 'rounding'];

export interface RowProps {
  label: string;
  value: number;
  kind?: 'discount' | 'plain' | 'total';
  id?: string;
  children?: ReactNode;
}

/** One right-aligned row of a breakdown. */
export function FigureRow({ label, value, kind = 'plain', id, children }: RowProps) {
  return (
    <View className={`figure-row figure-row--${kind}`} id={id}>
      <Text className="figure-row__label">{label}</Text>
      {children}
      <Money value={Math.abs(value)} negative={kind === 'discount' && value !== 0} className="figure-row__value" />
    </View>
  );
}

/** Discount rows of the engine's adjustments, one per source (activity, coupon…), in stage order. */
export function discountRows(adjustments: readonly Adjustment[], nameOf: (a: Adjustment) => string): Array<{ key: string; label: string; amount: number }> {
  const rows = new Map<string, { key: string; label: string; amount: number }>();
  for (const a of adjustments) {
    // discounts lower the amount due (negative); additions such as a markup redemption are lines
    if (FEE_KINDS.includes(a.kind) || OWN_ROW_KINDS.includes(a.kind) || a.amount >= 0) continue;
    const key = `${a.kind}:${a.sourceId ?? ''}`;
    const row = rows.get(key) ?? { key, label: nameOf(a), amount: 0 };
    row.amount = money.toWire(money.add(row.amount, Math.abs(a.amount)), 4);
    rows.set(key, row);
  }
  return [...rows.values()];
}

export interface CartBreakdownProps {
  breakdown: Breakdown;
  /** Rendered in place of the coupon row (the confirm page's picker row). */
  couponRow?: ReactNode;
  pointsRow?: ReactNode;
}

/**
 * The confirm page's breakdown from the pricing engine (docs/architecture.md §22 Screens): goods,
 * packaging, delivery, service charge, each discount on its own row, coupon row, points row, tax,
 * rounding.
 */
export const CartBreakdown = observer(function CartBreakdown({ breakdown: b, couponRow, pointsRow }: CartBreakdownProps) {
  const { promotion } = useStores();
  const nameOf = (a: Adjustment) => {
    const activity = a.sourceId !== null ? promotion.activities.find((x) => x.id === a.sourceId) : undefined;
    return activity?.name ?? t(`pages.ordering.adjustment.${a.kind}` as 'pages.ordering.adjustment.fullReduction');
  };
  return (
    <View className="card breakdown" id="breakdown">
      <FigureRow label={t('pages.ordering.goods')} value={b.originalAmount} />
      {b.fees.packaging > 0 ? <FigureRow label={t('pages.ordering.packFee')} value={b.fees.packaging} /> : null}
      {b.fees.pickerPack > 0 ? <FigureRow label={t('pages.ordering.pickerPackFee')} value={b.fees.pickerPack} /> : null}
      {b.fees.dishware > 0 ? <FigureRow label={t('pages.ordering.dishwareFee')} value={b.fees.dishware} /> : null}
      {b.fees.delivery > 0 ? <FigureRow label={t('pages.ordering.deliveryFee')} value={b.fees.delivery} id="row-delivery" /> : null}
      {b.fees.service > 0 ? <FigureRow label={t('pages.ordering.serviceFee')} value={b.fees.service} /> : null}
      {b.fees.table > 0 ? <FigureRow label={t('pages.ordering.tableFee')} value={b.fees.table} id="row-tableFee" /> : null}
      {discountRows(b.adjustments, nameOf).map((r) => (
        <FigureRow key={r.key} label={r.label} value={r.amount} kind="discount" />
      ))}
      {couponRow}
      {pointsRow}
      {b.giftAmount > 0 ? <FigureRow label={t('pages.ordering.giftAmount')} value={b.giftAmount} kind="discount" /> : null}
      {b.taxes.added > 0 ? <FigureRow label={t('pages.ordering.tax')} value={b.taxes.added} /> : null}
      {b.rounding !== 0 ? <FigureRow label={t('pages.ordering.rounding')} value={b.rounding} kind={b.rounding < 0 ? 'discount' : 'plain'} /> : null}
      <FigureRow label={t('pages.ordering.payable')} value={b.amountToPay} kind="total" id="row-total" />
    </View>
  );
});

/** Sources the merchant names (the activity's or the coupon's name); the others get the product's words. */
const NAMED_SOURCES: ReadonlyArray<OrderAdjustment['source']> = ['activity', 'promotionCode', 'coupon'];

/** The label of a discount source the merchant does not name (C3.43: the VIP discount, the shop's). */
const sourceLabel = (source: OrderAdjustment['source']): string => {
  if (source === 'memberPrice') return t('pages.ordering.adjustment.memberPrice');
  if (source === 'shopRebate') return t('pages.ordering.adjustment.shopRebate');
  return t('pages.ordering.adjustment.memberDiscount');
};

/**
 * The recorded discounts, one row per source: line-level shares of one activity add up on its row.
 * Points and the gift balance have rows of their own (OrderFigures); a source the merchant does not
 * name is labelled in the customer's language, never with the engine's reason text.
 */
export function orderDiscountRows(adjustments: OrderBreakdown['adjustments']): Array<{ key: string; label: string; amount: number }> {
  const rows = new Map<string, { key: string; label: string; amount: number }>();
  for (const a of adjustments) {
    if (a.source === 'points' || a.source === 'giftAmount') continue;
    const named = NAMED_SOURCES.includes(a.source);
    const key = named ? `${a.source}:${a.activityId ?? ''}:${a.couponId ?? ''}:${a.name}` : a.source;
    const row = rows.get(key) ?? { key, label: named ? a.name : sourceLabel(a.source), amount: 0 };
    row.amount = money.toWire(money.add(row.amount, Math.abs(a.amount)), 4);
    rows.set(key, row);
  }
  return [...rows.values()];
}

/** The gift balance an order used (its giftAmount adjustments). */
const giftAmountOf = (adjustments: OrderBreakdown['adjustments']): number =>
  money.toWire(money.sum(adjustments.filter((a) => a.source === 'giftAmount').map((a) => Math.abs(a.amount))), 4);

/** An order's figures as the server recorded them (order detail, C§3 display fields). */
export function OrderFigures({ order, paid }: { order: OrderBreakdown; paid: boolean }) {
  const gift = giftAmountOf(order.adjustments);
  return (
    <View className="card breakdown" id="order-figures">
      <FigureRow label={t('pages.ordering.goods')} value={order.goodsAmount} />
      {order.packFee > 0 ? <FigureRow label={t('pages.ordering.packFee')} value={order.packFee} /> : null}
      {order.dishwareAmount > 0 ? <FigureRow label={t('pages.ordering.dishwareFee')} value={order.dishwareAmount} /> : null}
      {order.deliveryFee > 0 ? <FigureRow label={t('pages.ordering.deliveryFee')} value={order.deliveryFee} /> : null}
      {order.serviceCharge > 0 ? <FigureRow label={t('pages.ordering.serviceFee')} value={order.serviceCharge} /> : null}
      {order.tableFee > 0 ? <FigureRow label={t('pages.ordering.tableFee')} value={order.tableFee} /> : null}
      {orderDiscountRows(order.adjustments).map((r) => (
        <FigureRow key={r.key} label={r.label} value={r.amount} kind="discount" />
      ))}
      {order.pointsDeduction > 0 ? <FigureRow label={t('pages.ordering.points')} value={order.pointsDeduction} kind="discount" /> : null}
      {gift > 0 ? <FigureRow label={t('pages.ordering.giftAmount')} value={gift} kind="discount" /> : null}
      {order.taxAmount > 0 ? <FigureRow label={t('pages.ordering.tax')} value={order.taxAmount} /> : null}
      {order.roundingAmount !== 0 ? <FigureRow label={t('pages.ordering.rounding')} value={order.roundingAmount} kind={order.roundingAmount < 0 ? 'discount' : 'plain'} /> : null}
      <FigureRow label={paid ? t('pages.ordering.paid') : t('pages.ordering.orderTotal')} value={order.total} kind="total" id="order-total" />
    </View>
  );
}
