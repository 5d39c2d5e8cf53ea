/** The shop's day summary (CONSOLE-6): sales, refunds, net and the average ticket, by pay type, and the day's orders. */
import { observer } from 'mobx-react';
import { useEffect } from 'react';
import { ORDER_TYPES, PayType, type OrderType } from '../../../src/domain/enums';
import { useStore } from '../context';
import { money, type MoneyStyle } from '../format';
import type { MessageKey, Params } from '../i18n';
import { errorText, offsetText } from './texts';
import '../summary.css';

type T = (key: MessageKey, params?: Params) => string;


const PAY_TYPES: readonly string[] = Object.values(PayType);
const payTypeName = (t: T, payType: string): string =>
  payType === 'counterCard' ? t('summary.counterCard') : PAY_TYPES.includes(payType) ? t(`payType.${payType as PayType}`) : payType;
const typeName = (t: T, type: string): string => ((ORDER_TYPES as readonly string[]).includes(type) ? t(`type.${type as OrderType}`) : type);

export const SummaryPage = observer(function SummaryPage() {
  const store = useStore();
  const { t } = store.i18n;
  const lang = store.i18n.lang;
  const s = store.summary;
  const shopId = store.shopId;
  useEffect(() => {
    if (shopId === null) return undefined;
    void s.show();
    return () => s.hide();
  }, [shopId, s]);
  const d = s.summary;
  const style: MoneyStyle = { symbol: '', decimals: d?.decimals ?? 2 };
  const m = (v: number) => money(v, lang, style);
  return (
    <main id="main" className="page summary-page">
      <h1>{t('summary.title')}</h1>
      <p className="muted">{store.shopName}</p>
      <div className="summary-nav" role="group" aria-label={t('summary.dayLabel')}>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void s.step(-1)} disabled={!d}>
          ‹ {t('summary.previous')}
        </button>
        <label className="visually-hidden" htmlFor="summary-date">
          {t('summary.dayLabel')}
        </label>
        <input
          id="summary-date"
          type="date"
          className="field__input field__input--short"
          value={d?.date ?? ''}
          max={d?.today}
          onChange={(e) => {
            if (/^\d{4}-\d{2}-\d{2}$/.test(e.target.value)) void s.goTo(e.target.value);
          }}
        />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void s.step(1)} disabled={!d || d.date >= d.today}>
          {t('summary.next')} ›
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void s.goTo(null)} disabled={!d || d.date === d.today}>
          {t('summary.today')}
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void s.show()}>
          {t('summary.refresh')}
        </button>
      </div>
      {d ? (
        <p className="muted summary-bounds" id="summary-bounds">
          {t('summary.dayBounds', { offset: offsetText(d.utcOffsetMinutes) })}
          {d.date === d.today ? ` · ${t('summary.live')}` : ''}
        </p>
      ) : null}
      {s.error ? (
        <p className="field__error" role="alert">
          {errorText(t, s.error)}
        </p>
      ) : null}
      {!d ? (
        s.loading ? <p className="muted">{t('common.loading')}</p> : null
      ) : (
        <>
          <section className="kpis" aria-label={t('summary.title')}>
            <Kpi id="kpi-sales" label={t('summary.sales')} value={m(d.sales)} hint={t('summary.salesHint', { count: d.paidCount })} />
            <Kpi id="kpi-refunds" label={t('summary.refunds')} value={m(d.refunds)} hint={t('summary.refundsHint', { count: d.refundCount })} />
            <Kpi id="kpi-net" label={t('summary.net')} value={m(d.net)} strong />
            <Kpi id="kpi-average" label={t('summary.averageTicket')} value={m(d.averageTicket)} hint={t('summary.averageHint')} />
          </section>

          <section className="summary-section">
            <h2>{t('summary.byPayType')}</h2>
            {d.byPayType.length === 0 ? (
              <p className="muted">{t('summary.noPayments')}</p>
            ) : (
              <table className="summary-table" id="summary-pay-types">
                <thead>
                  <tr>
                    <th scope="col">{t('summary.payType')}</th>
                    <th scope="col">{t('summary.payments')}</th>
                    <th scope="col">{t('summary.salesCol')}</th>
                    <th scope="col">{t('summary.refundsCol')}</th>
                    <th scope="col">{t('summary.netCol')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.byPayType.map((p) => (
                    <tr key={p.payType} data-pay-type={p.payType}>
                      <th scope="row">{payTypeName(t, p.payType)}</th>
                      <td>{p.count}</td>
                      <td>{m(p.sales)}</td>
                      <td>{p.refundCount > 0 ? `${m(p.refunds)} (${p.refundCount})` : m(p.refunds)}</td>
                      <td>{m(p.net)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{t('summary.total')}</th>
                    <td>{d.paidCount}</td>
                    <td>{m(d.sales)}</td>
                    <td>{m(d.refunds)}</td>
                    <td>{m(d.net)}</td>
                  </tr>
                </tfoot>
              </table>
            )}
          </section>

          <section className="summary-section">
            <h2>{t('summary.orders')}</h2>
            {d.placed === 0 ? <p className="muted">{t('summary.empty')}</p> : null}
            <dl className="summary-list" id="summary-orders">
              <Row label={t('summary.placed')} value={String(d.placed)} />
              <Row label={t('summary.completed')} value={String(d.completed)} />
              <Row label={t('summary.cancelled')} value={String(d.cancelled)} />
              <Row label={t('summary.open')} value={String(d.open)} />
              <Row label={t('summary.awaiting')} value={t('summary.awaitingValue', { count: d.awaitingPayment.count, amount: m(d.awaitingPayment.amount) })} />
              {d.refundsPending.count > 0 ? (
                <Row label={t('summary.pending')} value={t('summary.pendingValue', { count: d.refundsPending.count, amount: m(d.refundsPending.amount) })} />
              ) : null}
            </dl>
            {d.byType.length > 0 ? (
              <>
                <h3>{t('summary.byType')}</h3>
                <dl className="summary-list">
                  {d.byType.map((x) => (
                    <Row key={x.type} label={typeName(t, x.type)} value={String(x.count)} />
                  ))}
                </dl>
              </>
            ) : null}
          </section>
        </>
      )}
    </main>
  );
});

function Kpi(props: { id: string; label: string; value: string; hint?: string; strong?: boolean }) {
  return (
    <div className={`kpi${props.strong ? ' kpi--strong' : ''}`} id={props.id}>
      <div className="kpi__label">{props.label}</div>
      <div className="kpi__value">{props.value}</div>
      {props.hint ? <div className="kpi__hint">{props.hint}</div> : null}
    </div>
  );
}

function Row(props: { label: string; value: string }) {
  return (
    <div className="summary-list__row">
      <dt>{props.label}</dt>
      <dd>{props.value}</dd>
    </div>
  );
}
