import '@/i18n/areas/general';
import { View, Text } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/general/general.scss';

const AGREEMENT = ['scope', 'account', 'orders', 'refunds', 'member'] as const;
const PRIVACY = ['collect', 'location', 'share', 'rights'] as const;

function Agreement() {
  return (
    <View className="card general-doc" id="protocol-agreement">
      <Text className="general-doc__title">{t('general.protocol.agreementTitle')}</Text>
      {AGREEMENT.map((k) => (
        <Text key={k} className="general-doc__para">
          {t(`general.protocol.agreement.${k}` as const)}
        </Text>
      ))}
    </View>
  );
}

function Privacy() {
  return (
    <View className="card general-doc" id="protocol-privacy">
      <Text className="general-doc__title">{t('general.protocol.privacyTitle')}</Text>
      {PRIVACY.map((k) => (
        <Text key={k} className="general-doc__para">
          {t(`general.protocol.privacy.${k}` as const)}
        </Text>
      ))}
    </View>
  );
}

/**
 * user/protocol (C§2, USER-4): the user agreement and the privacy policy that the login and
 * registration screens refer to, in the customer's language; `type=privacy` puts the privacy policy first.
 */
export default observer(function UserProtocolPage() {
  void useStores().session.language;
  const privacyFirst = (useRouter().params as Record<string, string | undefined>).type === 'privacy';
  return (
    <PageShell route="user/protocol" className="general-page">
      {privacyFirst ? <Privacy /> : <Agreement />}
      {privacyFirst ? <Agreement /> : <Privacy />}
      <Text className="muted" style={{ textAlign: 'center' }}>
        {t('general.protocol.updated')}
      </Text>
    </PageShell>
  );
});
