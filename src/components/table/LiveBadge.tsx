import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { t } from '@/i18n';
import { useStores } from '@/stores';

/** The live channel's state as a small badge (C§4 "Scan-order live channel"). */
export const LiveBadge = observer(function LiveBadge() {
  const { table } = useStores();
  const key =
    table.status === 'open' ? 'live' : table.status === 'reconnecting' ? 'reconnecting' : table.status === 'connecting' || table.status === 'idle' ? 'connecting' : 'offline';
  return (
    <View className={`live-badge live-badge--${key}`} id="table-live">
      <View className="live-badge__dot" />
      <Text>{t(`pages.table.${key}` as const)}</Text>
    </View>
  );
});
