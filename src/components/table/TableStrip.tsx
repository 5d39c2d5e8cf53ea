import { useEffect } from 'react';
import Taro from '@tarojs/taro';
import { OrderType } from '@/domain/enums';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { ErrorCode } from '@/domain/errors';
import { errorMessage, t } from '@/i18n';
import { useStores } from '@/stores';
import { LiveBadge } from './LiveBadge';
import { TableAlerts } from './TableAlerts';
import { TablePages } from './table-view';

/**
 * On the menu while at a table (TABLE-1): which table, how many are at it, the live state, and the
 * way to the table page; the room's dialogs (submitted, busy, Retry) show here too.
 */
export const TableStrip = observer(function TableStrip() {
  const { table, session } = useStores();
  const openTable = session.orderType === OrderType.openTable;
  // a reload or a restart on the menu: sit down again at the table of this diner
  useEffect(() => {
    if (openTable && table.phase === 'idle') void table.resume();
  }, [openTable, table]);
  if (table.phase !== 'joined' || !table.order) return null;
  return (
    <>
      <View className="table-strip" id="table-strip" onClick={() => void Taro.navigateTo({ url: TablePages.table })}>
        <Text className="table-strip__text">{t('pages.table.strip', { name: table.order.sTableName, count: Math.max(1, table.diners.length) })}</Text>
        <LiveBadge />
        {table.held ? (
          <Text className="table-strip__held" id="table-strip-held">
            {errorMessage(ErrorCode.tableRoundHeld)}
          </Text>
        ) : null}
        <Text className="table-strip__go">{t('pages.table.goTable')} ›</Text>
      </View>
      <TableAlerts />
    </>
  );
});
