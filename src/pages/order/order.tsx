import { useEffect, useState } from 'react';
import Taro from '@tarojs/taro';
import { View, Text, Textarea } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { Money } from '@/components/ordering/Money';
import { toastError } from '@/components/ordering/feedback';
import { TableAlerts } from '@/components/table/TableAlerts';
import { DinersRow, SharedCart } from '@/components/table/TableParts';
import { TablePages } from '@/components/table/table-view';
import { t } from '@/i18n';
import { useOrderingStores } from '@/components/ordering/use-ordering-stores';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';
import '@/components/table/table.scss';

/**
 * order/order (C§2, C§4 "confirm the order … order/order for openTable"; ORDER-4, TABLE-3): the
 * table's shared cart as everyone at the table filled it, a note for the kitchen, and "Place order":
 * the server takes the room's lines as they are (table/userAddProducts), re-priced from its menu, and
 * everyone at the table gets "submitted".
 */
export default observer(function OrderOrderPage() {
  const boot = useShopBoot();
  const root = useOrderingStores();
  void root.session.language;
  const [note, setNote] = useState('');
  const table0 = boot?.ok ? root.table : null;
  // a reload: sit down again at the table of this diner
  useEffect(() => {
    if (table0 && table0.phase === 'idle') void table0.resume();
  }, [table0]);
  if (!boot) {
    return (
      <PageShell route="order/order">
        <Skeleton rows={5} />
      </PageShell>
    );
  }
  const table = boot.ok ? root.table : null;
  if (table && (table.phase === 'loading' || (table.phase === 'idle' && !table.seatChecked))) {
    return (
      <PageShell route="order/order">
        <Skeleton rows={5} />
      </PageShell>
    );
  }
  if (!table || table.phase !== 'joined' || !table.order) {
    return (
      <PageShell route="order/order">
        <EmptyState title={t('pages.screens.order/order.title')} description={t('pages.table.noOrder')} actionText={t('pages.actions.goMenu')} onAction={() => void Taro.switchTab({ url: TablePages.menu })} />
      </PageShell>
    );
  }
  const units = table.lines.reduce((n, l) => n + l.quantity, 0);
  // the goods of the shared cart as the engine prices them (tastes and meal-set surcharges included)
  const amount = root.checkout.breakdown?.goodsAmount ?? 0;
  const send = async () => {
    const error = await table.submit(note.trim());
    if (error) toastError(error);
    else {
      setNote('');
      await Taro.redirectTo({ url: TablePages.ordered });
    }
  };
  return (
    <PageShell route="order/order" className="table-page">
      <View className="card table-card">
        <Text className="table-card__name">{t('pages.table.title', { name: table.order.sTableName })}</Text>
        <Text className="muted">{t('pages.table.sendHint')}</Text>
      </View>
      <DinersRow />
      <SharedCart />
      <View className="card">
        <Text className="card__title">{t('pages.table.noteTitle')}</Text>
        <Textarea className="note-input" id="table-note" value={note} maxlength={140} placeholder={t('pages.ordering.notePlaceholder')} onInput={(e) => setNote(e.detail.value)} />
      </View>
      <View className="submit-bar">
        <View className="submit-bar__sum">
          <Text className="submit-bar__label">×{units}</Text>
          <Money value={amount} className="price--large" />
        </View>
        <View className={`submit-bar__go${table.submitting ? ' submit-bar__go--busy' : ''}${units === 0 ? ' submit-bar__go--off' : ''}`} id="table-submit" onClick={() => void send()}>
          {table.submitting ? <View className="spinner spinner--small" /> : null}
          <Text>{t('pages.table.send')}</Text>
        </View>
      </View>
      <TableAlerts />
    </PageShell>
  );
});
