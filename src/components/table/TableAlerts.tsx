import { useEffect } from 'react';
import Taro from '@tarojs/taro';
import { observer } from 'mobx-react';
import { ErrorCode } from '@/domain/errors';
import { errorMessage, t } from '@/i18n';
import { useStores } from '@/stores';
import { ask, notice } from '@/components/ordering/feedback';
import { TablePages, dinerName } from './table-view';

/**
 * The table room's dialogs wherever the diner is (C§4 "Cart sync", "Scan-order live channel"):
 * "submitted" leads to the ordered dishes; a busy dish or a refused change says why; after the
 * reconnect attempts are used up, Retry connects again.
 */
export const TableAlerts = observer(function TableAlerts() {
  const { table } = useStores();
  const { submitted, notice: roomNotice, status } = table;

  useEffect(() => {
    if (!submitted) return;
    // the diner who placed the order is taken to the ordered dishes by the page itself
    if (submitted.mine) {
      table.dismissSubmitted();
      return;
    }
    void ask(t('pages.table.submittedOther', { name: dinerName(submitted.by, table.diners) }), t('pages.table.viewOrdered'), t('pages.ordering.gotIt')).then((go) => {
      table.dismissSubmitted();
      if (go) void Taro.navigateTo({ url: TablePages.ordered });
    });
  }, [submitted, table]);

  useEffect(() => {
    if (!roomNotice) return;
    void notice(roomNotice.reason || errorMessage(roomNotice.error)).then(() => table.dismissNotice());
  }, [roomNotice, table]);

  useEffect(() => {
    if (status !== 'failed') return;
    void ask(errorMessage(ErrorCode.syncConnectFailed), t('common.retry')).then((again) => {
      if (again) table.retry();
    });
  }, [status, table]);

  return null;
});
