import '@/i18n/areas/promo';
import { useState } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Input } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { toast, toastError } from '@/components/ordering/feedback';
import { openRoute } from '@/components/navigation';
import { usePromotionsArea } from '@/components/promo/use-promotions';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/promo/promo.scss';

/** Back to the order that asked for a code (the confirm page), else to the menu. */
function backToOrder(): Promise<unknown> {
  return Taro.getCurrentPages().length > 1 ? Taro.navigateBack() : openRoute('/pages/user/index-tab-1');
}

/**
 * order/search-activity-by-code (P§2, PROMO-4): the customer enters a code from the shop and sees the
 * activity it unlocks ("Coupon activity not exist" when none); "use on this order" hands it to the
 * order's pricing (the root's PromotionStore) and goes back to the confirm page, which shows its discount.
 */
export default observer(function OrderSearchActivityByCodePage() {
  const boot = useShopBoot({ ordering: false });
  const { promotion } = useStores();
  const area = usePromotionsArea();
  const [code, setCode] = useState('');

  const search = async () => {
    toastError(await area.searchCode(code));
  };
  const apply = async () => {
    const failed = await area.applyCode();
    if (failed) return toastError(failed);
    toast(t('promo.code.applied', { code: promotion.promotionCode ?? '' }));
    await backToOrder();
  };

  const found = area.codeActivity;
  return (
    <PageShell route="order/search-activity-by-code" className="promo-page">
      {!boot ? (
        <Skeleton rows={2} />
      ) : (
        <View>
          <View className="code-search">
            <Input
              className="code-search__input"
              id="code-input"
              value={code}
              maxlength={32}
              placeholder={t('promo.code.placeholder')}
              confirmType="search"
              onInput={(e) => setCode(e.detail.value)}
              onConfirm={() => void search()}
            />
            <View className="code-search__button" id="code-search" onClick={() => void search()}>
              <Text>{t('promo.actions.search')}</Text>
            </View>
          </View>
          <Text className="code-hint">{t('promo.code.hint')}</Text>
          {promotion.promotionCode && promotion.promotionCodeActivity ? (
            <View className="code-activity" id="code-applied">
              <Text className="code-activity__tag">{t('promo.code.applied', { code: promotion.promotionCode })}</Text>
              <Text className="code-activity__name">{promotion.promotionCodeActivity.name}</Text>
              <View className="ghost-button ghost-button--small" id="code-remove" onClick={() => area.removeCode()}>
                <Text>{t('promo.actions.remove')}</Text>
              </View>
            </View>
          ) : null}
          {found && found.id !== promotion.promotionCodeActivity?.id ? (
            <View>
              <View className="code-activity" id="code-activity">
                <Text className="code-activity__tag">{t('promo.code.found')}</Text>
                <Text className="code-activity__name">{found.name}</Text>
                {found.description ? <Text className="code-activity__text">{found.description}</Text> : null}
              </View>
              <View className={`primary-button${area.busy === 'apply' ? ' primary-button--busy' : ''}`} id="code-apply" onClick={() => void apply()}>
                <Text>{t('promo.actions.apply')}</Text>
              </View>
            </View>
          ) : null}
        </View>
      )}
    </PageShell>
  );
});
