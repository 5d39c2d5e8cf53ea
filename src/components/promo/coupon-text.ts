/** The words and figures of a coupon (PROMO-1): its face, threshold, state and every condition of P§3. */
import type { CouponCondition, CouponFace, CouponListState } from '@/domain/coupons/conditions';
import { getLanguage, t } from '@/i18n';
import { formatDayText } from '@/domain/formats';

type MoneyText = (value: number) => string;

/** The big figure of a coupon: ¥10, 8.8折 / 12% off, or "voucher". */
export function faceText(face: CouponFace, money: MoneyText): string {
  if (face.kind === 'rate') return t('promo.face.rate', { rate: face.rate, off: face.off });
  if (face.kind === 'product') return t('promo.face.product');
  return money(face.amount);
}

export function stateText(state: CouponListState): string {
  return t(`promo.state.${state}` as const);
}

/** One condition in the customer's language. */
export function conditionText(c: CouponCondition, money: MoneyText, currentShopId: number | null): string {
  switch (c.key) {
    case 'minAmount':
      return t('promo.conditions.minAmount', { amount: money(c.amount) });
    case 'noThreshold':
      return t('promo.conditions.noThreshold');
    case 'minQuantity':
      return t('promo.conditions.minQuantity', { count: c.count });
    case 'orderType':
      return t('promo.conditions.orderType', { types: c.orderTypes.map((o) => t(`promo.orderTypes.${o}` as const)).join(' / ') });
    case 'cardPayOnly':
      return t('promo.conditions.cardPayOnly');
    case 'userType':
      return c.user === 'member' ? t('promo.conditions.userTypeMember') : t('promo.conditions.userTypeNormal');
    case 'validDates':
      if (c.start && c.end) return t('promo.conditions.validDates', { start: formatDayText(c.start, getLanguage()), end: formatDayText(c.end, getLanguage()) });
      if (c.start) return t('promo.conditions.validFrom', { start: formatDayText(c.start, getLanguage()) });
      if (c.end) return t('promo.conditions.validUntil', { end: formatDayText(c.end, getLanguage()) });
      return t('promo.conditions.validAlways');
    case 'validDays':
      return t('promo.conditions.validDays', { days: c.days });
    case 'shops':
      return t('promo.conditions.shops', {
        shops:
          c.shopIds.length === 1 && c.shopIds[0] === currentShopId
            ? t('promo.conditions.thisShop')
            : t('promo.conditions.shopCount', { count: c.shopIds.length }),
      });
    case 'chain':
      return t('promo.conditions.chain');
    case 'products':
      return t('promo.conditions.products', { names: c.names.join('、') });
    default:
      return '';
  }
}
