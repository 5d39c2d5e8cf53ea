import { useEffect, useState } from 'react';
import Taro, { useRouter } from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { Money, useMoneyText } from '@/components/ordering/Money';
import { toastError } from '@/components/ordering/feedback';
import { TableAlerts } from '@/components/table/TableAlerts';
import { DinersRow, LiveBadge, OrderedRounds, SharedCart } from '@/components/table/TableParts';
import { TablePages } from '@/components/table/table-view';
import { ErrorCode } from '@/domain/errors';
import { tableFee } from '@/domain/pricing/table-fee';
import { errorMessage, t } from '@/i18n';
import { useOrderingStores } from '@/components/ordering/use-ordering-stores';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';
import '@/components/table/table.scss';

/** The table's name, area, size and timed fee. */
const TableCard = observer(function TableCard() {
  const { table } = useOrderingStores();
  const money = useMoneyText();
  const info = table.info;
  if (!info) return null;
  const fee = info.fEachFee ?? 0;
  return (
    <View className="card table-card" id="table-card">
      <View className="table-card__head">
        <Text className="table-card__name">{t('pages.table.title', { name: info.sName })}</Text>
        {table.phase === 'joined' ? <LiveBadge /> : null}
      </View>
      <Text className="muted">{t('pages.table.area', { area: info.areaName ?? '', max: info.nMaxPerson ?? 0 })}</Text>
      {fee > 0 ? <Text className="muted">{t(info.nFeeType === 1 ? 'pages.table.feeHalf' : 'pages.table.feeHour', { fee: money(fee) })}</Text> : null}
    </View>
  );
});

/** A free table: how many are eating, then open it (table/order). */
const OpenForm = observer(function OpenForm() {
  const { table } = useOrderingStores();
  const max = table.info?.nMaxPerson && table.info.nMaxPerson > 0 ? table.info.nMaxPerson : 99;
  const [people, setPeople] = useState(Math.min(2, max));
  const [busy, setBusy] = useState(false);
  const open = async () => {
    if (busy) return;
    setBusy(true);
    const error = await table.open(people);
    setBusy(false);
    if (error) toastError(error);
    else void Taro.switchTab({ url: TablePages.menu });
  };
  return (
    <View className="card" id="table-open">
      <Text className="card__title">{t('pages.table.people')}</Text>
      <View className="people-picker">
        {Array.from({ length: Math.min(max, 12) }, (_, i) => i + 1).map((n) => (
          <View key={n} id={`people-${n}`} className={`people-picker__item${n === people ? ' people-picker__item--on' : ''}`} onClick={() => setPeople(n)}>
            <Text>{n}</Text>
          </View>
        ))}
      </View>
      <View className={`primary-button${busy ? ' primary-button--busy' : ''}`} id="table-open-go" onClick={() => void open()}>
        <Text>{t('pages.table.open')}</Text>
      </View>
    </View>
  );
});

/** Several orders on the table, none of them the caller's: pick one (C§4 nStatus 2). */
const PickOrder = observer(function PickOrder() {
  const { table } = useOrderingStores();
  return (
    <View className="card" id="table-pick">
      <Text className="card__title">{t('pages.table.pick')}</Text>
      {table.message ? <Text className="muted">{errorMessage(table.message)}</Text> : null}
      {table.orders.map((o) => (
        <View key={o.id} className="option-list__item" id={`table-order-${o.id}`} onClick={() => void table.join(o).then(() => Taro.switchTab({ url: TablePages.menu }))}>
          <Text>{t('pages.table.orderRow', { no: o.sOrderNo, people: o.nPerson })}</Text>
          <Text className="muted">›</Text>
        </View>
      ))}
    </View>
  );
});

/**
 * product/table (C§2, ORDER-4, TABLE-1…5): the scanned table. A free table asks for the number of
 * diners and opens; an occupied one joins its order and goes to the menu. At the table: who is
 * there, the shared cart with who added what, the rounds already ordered and the table's running
 * total; "Place order" sends the cart to the kitchen for everyone.
 */
/** TABLE-7: the session's first round waits for the staff ("waiting for the staff to confirm"). */
const HELD = ErrorCode.tableRoundHeld;

export default observer(function ProductTablePage() {
  const boot = useShopBoot();
  const root = useOrderingStores();
  const router = useRouter();
  const { session } = root;
  void session.language;
  const ready = boot?.ok === true;
  const table = ready ? root.table : null;

  useEffect(() => {
    if (!table || table.phase !== 'idle') return;
    const params = router.params as Record<string, string | undefined>;
    const tableId = params.tableId && /^\d+$/.test(params.tableId) ? Number(params.tableId) : undefined;
    const tableNo = params.tableNo ?? session.newTableNo ?? session.tableNo ?? undefined;
    // a link straight to this page may carry the table's code too (TABLE-7)
    if (params.tableCode && params.tableCode !== session.tableCode) session.patch({ tableCode: params.tableCode });
    const scanned = async () => {
      // back at the table this diner sat at (a reload, a restart) unless another table was asked for
      if (tableId === undefined && (await table.resume()) && (!tableNo || table.info?.sName === tableNo)) return;
      if (tableId === undefined && !tableNo) return;
      const route = await table.enter(tableId !== undefined ? { tableId } : { tableNo });
      if (route?.kind === 'productTab') void Taro.switchTab({ url: TablePages.menu });
    };
    void scanned();
  }, [table, router.params, session]);

  if (!boot || (table && (table.phase === 'loading' || (table.phase === 'idle' && (!table.seatChecked || session.newTableNo || session.tableNo))))) {
    return (
      <PageShell route="product/table">
        <Skeleton rows={5} />
      </PageShell>
    );
  }
  if (!table || table.phase === 'error' || table.phase === 'idle') {
    const text = table?.error ? errorMessage(table.error) : !ready && boot && !boot.ok ? errorMessage(boot.code as ErrorCode) : t('pages.table.noOrder');
    return (
      <PageShell route="product/table">
        <EmptyState title={t('pages.screens.product/table.title')} description={text} actionText={t('pages.actions.goMenu')} onAction={() => void Taro.switchTab({ url: TablePages.menu })} />
      </PageShell>
    );
  }
  const order = table.order;
  return (
    <PageShell route="product/table" className="table-page">
      <TableCard />
      {table.phase === 'free' ? <OpenForm /> : null}
      {table.phase === 'pick' ? <PickOrder /> : null}
      {table.phase === 'joined' && order ? (
        <>
          {table.held ? (
            <View className="card table-held" id="table-held">
              <Text>{errorMessage(HELD)}</Text>
            </View>
          ) : null}
          <DinersRow />
          <SharedCart />
          <OrderedRounds />
          <View className="card table-total" id="table-total">
            <View className="breakdown-row">
              <Text>{t('pages.table.orderedTotal')}</Text>
              <Money value={order.fSaleAmount} />
            </View>
            {order.fTableAmount > 0 ? (
              <View className="breakdown-row">
                <Text>{t('pages.table.tableFee', { hours: table.timing ? tableFee(table.timing, root.shop.now, 2).billedHours : 0 })}</Text>
                <Money value={order.fTableAmount} />
              </View>
            ) : null}
          </View>
          <View className="submit-bar table-bar">
            <View className="table-bar__secondary" id="table-add" onClick={() => void Taro.switchTab({ url: TablePages.menu })}>
              <Text>{t('pages.table.addDishes')}</Text>
            </View>
            {table.batches.length > 0 ? (
              <View className="table-bar__secondary" id="table-ordered-go" onClick={() => void Taro.navigateTo({ url: TablePages.ordered })}>
                <Text>{t('pages.table.viewOrdered')}</Text>
              </View>
            ) : null}
            <View
              className={`submit-bar__go${table.lines.length === 0 ? ' submit-bar__go--off' : ''}`}
              id="table-send"
              onClick={() => (table.lines.length > 0 ? void Taro.navigateTo({ url: TablePages.send }) : undefined)}
            >
              <Text>{t('pages.table.send')}</Text>
            </View>
          </View>
          <TableAlerts />
        </>
      ) : null}
    </PageShell>
  );
});
