import '@/i18n/areas/general';
import { useState } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Image } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { toast } from '@/components/ordering/feedback';
import { BootFailed } from '@/components/general/BootFailed';
import { openMap } from '@/platform/open-map';
import { parseGps } from '@/domain/contact';
import { mediaUrl } from '@/platform/media';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/general/general.scss';

function Row({ id, label, value, onTap }: { id: string; label: string; value: string; onTap?: () => void }) {
  return (
    <View className="general-row" id={id} onClick={onTap}>
      <Text className="general-row__label">{label}</Text>
      <Text className={`general-row__value${onTap ? ' link' : ''}`}>{value}</Text>
    </View>
  );
}

const ContactShop = observer(function ContactShop({ onRetry }: { onRetry: () => void }) {
  const boot = useShopBoot({ ordering: false });
  const { shop } = useStores();
  const s = shop.shop;
  if (!boot) return <Skeleton rows={4} />;
  if (!boot.ok || !s) return <BootFailed code={boot.ok ? 'getShopDataFailed' : boot.code} onRetry={onRetry} />;

  const phone = s.phone?.trim() ?? '';
  const address = s.address?.trim() ?? '';
  const point = parseGps(s.gpsAddress);
  const call = () => void Taro.makePhoneCall({ phoneNumber: phone }).catch(() => undefined);
  const copy = () =>
    void Taro.setClipboardData({ data: address })
      .then(() => toast(t('general.contact.copied')))
      .catch(() => undefined);
  const map = () => {
    if (!point) return toast(t('general.contact.noMap'));
    void openMap(point, s.name, address).catch(() => toast(t('general.contact.noMap')));
  };
  const next = shop.detail?.nextOpening;
  return (
    <View>
      <View className="card general-shop" id="contact-shop-card">
        {s.image ? <Image nativeProps={{ alt: '' }} className="general-shop__image" src={mediaUrl(s.image)} mode="aspectFill" /> : null}
        <View>
          <Text className="general-shop__name">{s.name}</Text>
          <Text className={`general-shop__state${shop.isOpen ? '' : ' general-shop__state--closed'}`} id="contact-open-state">
            {shop.isOpen ? t('general.contact.open') : next ? t('general.contact.nextOpening', { time: next }) : t('general.contact.closed')}
          </Text>
        </View>
      </View>
      <View className="general-actions">
        {phone ? (
          <View className="general-actions__item" id="contact-call" onClick={call}>
            <Text className="general-actions__icon">☏</Text>
            <Text>{t('general.contact.call')}</Text>
          </View>
        ) : null}
        {address ? (
          <View className="general-actions__item" id="contact-copy" onClick={copy}>
            <View className="general-icon general-icon--copy" />
            <Text>{t('general.contact.copy')}</Text>
          </View>
        ) : null}
        <View className="general-actions__item" id="contact-map" onClick={map}>
          <View className="general-icon general-icon--map" />
          <Text>{t('general.contact.map')}</Text>
        </View>
      </View>
      <View className="card" id="contact-details">
        {phone ? <Row id="contact-phone" label={t('general.contact.phone')} value={phone} onTap={call} /> : null}
        {address ? <Row id="contact-address" label={t('general.contact.address')} value={address} onTap={copy} /> : null}
        <Row
          id="contact-hours"
          label={t('general.contact.hours')}
          value={shop.todayHours ? t('general.contact.today', { hours: shop.todayHours }) : s.businessHours ?? ''}
        />
      </View>
    </View>
  );
});

/**
 * user/contact-shop (C§2, USER-4): the shop's name, picture and whether it is open now, and three ways
 * to reach it — call (Taro.makePhoneCall), copy the address (Taro.setClipboardData), open the map at the
 * shop's position (Taro.openLocation) — with its phone, address and opening hours.
 */
export default observer(function UserContactShopPage() {
  void useStores().session.language;
  const [attempt, setAttempt] = useState(0);
  return (
    <PageShell route="user/contact-shop" className="general-page">
      <ContactShop key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
    </PageShell>
  );
});
