import { useEffect } from 'react';
import Taro, { useRouter } from '@tarojs/taro';
import { usePageShow } from '@/components/ordering/hooks';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';

/**
 * user/address/list (C§2, USER-3): the saved addresses with default mark and gender; opened from the
 * confirm page (`select=1`) a tap chooses the takeaway address and goes back.
 */
export default observer(function UserAddressListPage() {
  const boot = useShopBoot({ ordering: false });
  const { address } = useStores();
  const selecting = (useRouter().params as Record<string, string | undefined>).select === '1';

  useEffect(() => {
    if (boot?.ok) void address.load().catch(() => undefined);
  }, [boot, address]);
  usePageShow(() => {
    if (boot?.ok) void address.load().catch(() => undefined);
  });

  const choose = async (id: number) => {
    if (!selecting) return;
    await address.select(id);
    await Taro.navigateBack();
  };
  const add = () => void Taro.navigateTo({ url: `/pages/user/address/add${selecting ? '?select=1' : ''}` });

  return (
    <PageShell route="user/address/list" className="address-list-page">
      {!boot || (address.loading && !address.loaded) ? (
        <Skeleton rows={3} />
      ) : address.list.length === 0 ? (
        <EmptyState title={t('pages.screens.user/address/list.title')} description={t('pages.screens.user/address/list.text')} actionText={t('pages.actions.addAddress')} onAction={add} />
      ) : (
        <View className="address-list">
          {address.list.map((a) => (
            <View key={a.id} id={`address-${a.id}`} className={`card address-item${address.selectedId === a.id ? ' address-item--on' : ''}`} onClick={() => void choose(a.id)}>
              <View className="address-item__main">
                <Text className="address-item__line">
                  {a.isDefault ? <Text className="tag tag--main">{t('pages.ordering.default')}</Text> : null}
                  {a.address} {a.houseNumber ?? ''}
                </Text>
                <Text className="muted">
                  {a.name} {a.gender === 1 ? t('pages.ordering.male') : a.gender === 2 ? t('pages.ordering.female') : ''} {a.phone}
                </Text>
                {a.addressGps ? null : <Text className="address-card__error">{t('errors.addressNoGps')}</Text>}
              </View>
              <View
                className="address-item__edit"
                id={`address-edit-${a.id}`}
                onClick={(e) => {
                  e.stopPropagation();
                  void Taro.navigateTo({ url: `/pages/user/address/update?addressId=${a.id}` });
                }}
              >
                <Text>{t('pages.ordering.edit')}</Text>
              </View>
            </View>
          ))}
          <View className="primary-button" id="address-add" onClick={add}>
            <Text>{t('pages.actions.addAddress')}</Text>
          </View>
        </View>
      )}
    </PageShell>
  );
});
