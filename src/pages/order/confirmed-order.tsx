import { useEffect, useState } from 'react';
import Taro from '@tarojs/taro';
import { View, Text } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { CartBreakdown } from '@/components/ordering/BreakdownRows';
import { Money, useMoneyText } from '@/components/ordering/Money';
import { PayPasswordKeyboard } from '@/components/ordering/PayPasswordKeyboard';
import { PayTypes } from '@/components/ordering/PayTypes';
import { followPayment, OrderPages } from '@/components/ordering/payment';
import { notice } from '@/components/ordering/feedback';
import { TableAlerts } from '@/components/table/TableAlerts';
import { OrderedRounds } from '@/components/table/TableParts';
import { TablePages } from '@/components/table/table-view';
import { ErrorCode } from '@/domain/errors';
import { PayType } from '@/domain/enums';
import { tableFee } from '@/domain/pricing/table-fee';
import { errorMessage, t } from '@/i18n';
import { useOrderingStores } from '@/components/ordering/use-ordering-stores';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';
import '@/components/table/table.scss';

/**
 * order/confirmed-order (C§2; ORDER-4, PRICE-9): the dishes the table has ordered, round by round
 * with who sent them, the seated time and the timed table fee, and the bill as the engine prices it
 * now (member prices, coupon, dishware, service charge, table fee). "Pay the bill" takes the table's
 * bill (table/canPay: one diner at a time) and settles it (table/confirm), then pays as any order.
 */
export default observer(function OrderConfirmedOrderPage() {
  const boot = useShopBoot();
  const root = useOrderingStores();
  void root.session.language;
  const money = useMoneyText();
  const [askPassword, setAskPassword] = useState(false);
  const [paying, setPaying] = useState(false);
  const table = boot?.ok ? root.table : null;

  useEffect(() => {
    if (!table) return;
    // a reload: sit down again at the table of this diner
    if (table.phase === 'idle') void table.resume();
    else if (table.order) void table.refresh();
  }, [table]);

  // the seated time and the table fee move on while the page is open
  useEffect(() => {
    const timer = setInterval(() => root.shop.tick(), 30_000);
    return () => clearInterval(timer);
  }, [root.shop]);

  if (!boot) {
    return (
      <PageShell route="order/confirmed-order">
        <Skeleton rows={5} />
      </PageShell>
    );
  }
  if (table && !table.order && (table.phase === 'loading' || (table.phase === 'idle' && !table.seatChecked))) {
    return (
      <PageShell route="order/confirmed-order">
        <Skeleton rows={5} />
      </PageShell>
    );
  }
  if (!table || !table.order) {
    return (
      <PageShell route="order/confirmed-order">
        <EmptyState title={t('pages.screens.order/confirmed-order.title')} description={t('pages.table.noOrder')} actionText={t('pages.actions.goMenu')} onAction={() => void Taro.switchTab({ url: TablePages.menu })} />
      </PageShell>
    );
  }
  const order = table.order;
  const b = table.settleBreakdown;
  const timing = table.timing;
  const seated = timing ? tableFee(timing, root.shop.now, 2) : null;

  const pay = async (payPassword?: string) => {
    const payType = root.checkout.effectivePayType;
    if (!payType || paying) return;
    if (payType === PayType.vip && !payPassword) {
      setAskPassword(true);
      return;
    }
    setAskPassword(false);
    setPaying(true);
    try {
      const outcome = await table.settle(payType, payPassword);
      switch (outcome.status) {
        case 'busy':
          await notice(t('pages.table.someonePaying'));
          return;
        case 'amountChanged':
          await notice(t('pages.table.amountChanged', { total: money(outcome.breakdown.total) }));
          return;
        case 'failed':
          await notice(errorMessage(outcome.error));
          return;
        case 'placed': {
          const placed = outcome.order;
          if (!placed.needPay) {
            await Taro.redirectTo({ url: OrderPages.success(placed.id) });
            return;
          }
          const payment = await root.order.pay(placed.id, payType, payPassword ? { payPassword } : {});
          await followPayment(payment);
          return;
        }
      }
    } finally {
      setPaying(false);
    }
  };

  const total = table.serverQuote?.total ?? b?.amountToPay ?? 0;
  return (
    <PageShell route="order/confirmed-order" className="table-page">
      <View className="card table-card" id="ordered-head">
        <Text className="table-card__name">{t('pages.table.title', { name: order.sTableName })}</Text>
        <Text className="muted">{t('pages.table.orderRow', { no: order.sOrderNo, people: order.nPerson })}</Text>
        {seated && timing?.isOpenTiming ? <Text className="muted">{t('pages.table.seated', { minutes: seated.minutes })}</Text> : null}
      </View>
      {table.held ? (
        <View className="card table-held" id="ordered-held" role="status">
          <Text>{errorMessage(ErrorCode.tableRoundHeld)}</Text>
        </View>
      ) : null}
      <OrderedRounds />
      {b ? <CartBreakdown breakdown={b} /> : null}
      {b ? <PayTypes /> : null}
      <View className="submit-bar table-bar">
        <View className="table-bar__secondary" id="ordered-add" onClick={() => void Taro.switchTab({ url: TablePages.menu })}>
          <Text>{t('pages.table.addDishes')}</Text>
        </View>
        <View className="submit-bar__sum">
          <Money value={total} className="price--large" />
        </View>
        <View
          className={`submit-bar__go${paying ? ' submit-bar__go--busy' : ''}${b && !table.held ? '' : ' submit-bar__go--off'}`}
          id="table-settle"
          aria-disabled={!b || table.held ? 'true' : undefined}
          onClick={() => (b && !table.held ? void pay() : undefined)}
        >
          {paying ? <View className="spinner spinner--small" /> : null}
          <Text>{t('pages.table.settle')}</Text>
        </View>
      </View>
      <PayPasswordKeyboard visible={askPassword} onClose={() => setAskPassword(false)} onComplete={(pwd) => void pay(pwd)} />
      <TableAlerts />
    </PageShell>
  );
});
