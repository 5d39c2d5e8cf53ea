import { View, Text } from '@tarojs/components';
import { ConfirmLine } from '@/components/ordering/ConfirmLine';
import { observer } from 'mobx-react';
import { FigureRow, discountRows } from '@/components/ordering/BreakdownRows';
import type { Adjustment } from '@/domain/pricing';
import { errorMessage, t } from '@/i18n';
import type { MultiShopPart } from '@/stores/areas/multi-order';

/**
 * One shop of a multi-shop order (ORDER-10): its lines and its own figures — packaging, delivery,
 * each discount on its own row named by the shop's activity — and the shop's total, all from the
 * domain pricing of that shop.
 */
export const MultiShopCard = observer(function MultiShopCard({ part, index }: { part: MultiShopPart; index: number }) {
  const b = part.breakdown;
  const nameOf = (a: Adjustment) => {
    const activity = a.sourceId !== null ? part.facts.activities.find((x) => x.id === a.sourceId) : undefined;
    return activity?.name ?? t(`pages.ordering.adjustment.${a.kind}` as 'pages.ordering.adjustment.fullReduction');
  };
  return (
    <View className="card multi-shop" id={`multi-shop-${part.shopId}`}>
      <View className="multi-shop__head">
        <Text className="multi-shop__index">{index + 1}</Text>
        <Text className="multi-shop__name">{part.name}</Text>
      </View>
      {b.lines.map((l) => (
        <ConfirmLine key={l.flag} line={l} chosen={part.lines.find((x) => x.flag === l.flag)} />
      ))}
      <View className="breakdown multi-shop__figures">
        <FigureRow label={t('pages.ordering.goods')} value={b.originalAmount} />
        {b.fees.packaging > 0 ? <FigureRow label={t('pages.ordering.packFee')} value={b.fees.packaging} /> : null}
        {b.fees.pickerPack > 0 ? <FigureRow label={t('pages.ordering.pickerPackFee')} value={b.fees.pickerPack} /> : null}
        {b.fees.dishware > 0 ? <FigureRow label={t('pages.ordering.dishwareFee')} value={b.fees.dishware} /> : null}
        {b.fees.delivery > 0 ? <FigureRow label={t('pages.ordering.deliveryFee')} value={b.fees.delivery} /> : null}
        {b.fees.service > 0 ? <FigureRow label={t('pages.ordering.serviceFee')} value={b.fees.service} /> : null}
        {discountRows(b.adjustments, nameOf).map((r) => (
          <FigureRow key={r.key} label={r.label} value={r.amount} kind="discount" />
        ))}
        {b.taxes.added > 0 ? <FigureRow label={t('pages.ordering.tax')} value={b.taxes.added} /> : null}
        {b.rounding !== 0 ? <FigureRow label={t('pages.ordering.rounding')} value={b.rounding} kind={b.rounding < 0 ? 'discount' : 'plain'} /> : null}
        <FigureRow label={t('multi.confirm.shopTotal')} value={b.amountToPay} kind="total" id={`multi-shop-total-${part.shopId}`} />
      </View>
      {part.error ? <Text className="multi-shop__error">{errorMessage(part.error)}</Text> : null}
    </View>
  );
});
