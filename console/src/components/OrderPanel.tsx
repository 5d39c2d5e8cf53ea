/**
 * The order's detail panel: its lines with amounts, the engine's breakdown (goods, fees, discounts,
 * coupon, points, member discount, total, each discount row) and the audit list — who did what, when.
 */
import { observer } from 'mobx-react';
import { useEffect, useRef } from 'react';
import type { AuditEntry, BoardOrder } from '../../../src/api/contract/console';
import { useStore } from '../context';
import { money, shortTime } from '../format';
import { OrderStatus } from '../../../src/domain/enums';
import { dueText } from './OrderCard';
import { errorText } from './texts';

const FEES: ReadonlyArray<keyof BoardOrder & ('deliveryFee' | 'packFee' | 'dishwareAmount' | 'serviceCharge' | 'tableFee' | 'taxAmount' | 'roundingAmount')> = [
  'deliveryFee',
  'packFee',
  'dishwareAmount',
  'serviceCharge',
  'tableFee',
  'taxAmount',
  'roundingAmount',
];
const DISCOUNTS = ['couponAmount', 'pointsDeduction', 'vipDiscount'] as const;

export const OrderPanel = observer(function OrderPanel() {
  const store = useStore();
  const { t, lang } = store.i18n;
  const detail = store.board.detail;
  const closeRef = useRef<HTMLButtonElement>(null);
  const id = detail?.id;
  useEffect(() => {
    if (id === undefined) return;
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('.modal')) store.board.closeDetail();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [id, store]);
  if (!detail) return null;
  const order = store.board.orders.get(detail.id) ?? detail.order;
  const m = (v: number) => money(v, lang);
  const who = (a: AuditEntry) => (a.by === 'system' ? t('detail.system') : a.by === 'customer' ? t('detail.customer') : a.by);
  const statusText = (s: string | null) => (s && s in OrderStatus ? t(`status.${s as OrderStatus}`) : s);
  const what = (a: AuditEntry) => {
    const to = statusText(a.toStatus);
    if (!to) return a.action;
    const from = statusText(a.fromStatus);
    return from ? `${from} → ${to}` : to;
  };
  return (
    <div className="panel-backdrop" onMouseDown={(e) => e.target === e.currentTarget && store.board.closeDetail()}>
      <aside className="panel" role="dialog" aria-modal="true" aria-labelledby="panel-title" id="order-panel">
        <header className="panel__head">
          <h2 id="panel-title">
            {order ? (
              <>
                <span className="panel__seq">{order.daySeq ?? ''}</span> {t('detail.title', { no: order.orderNo })}
              </>
            ) : (
              t('detail.loading')
            )}
          </h2>
          <button ref={closeRef} type="button" className="btn btn--secondary" onClick={() => store.board.closeDetail()}>
            {t('detail.close')}
          </button>
        </header>
        {detail.error ? (
          <p className="field__error" role="alert">
            {errorText(t, detail.error)}
          </p>
        ) : null}
        {order ? (
          <div className="panel__body">
            <p className="panel__meta">
              {t(`type.${order.type}`)} · {t(`status.${order.status}`)} · {dueText(order, t, store.clock.now)}
            </p>
            <p className="panel__meta">{t('card.orderedAt', { time: shortTime(order.createdAt, store.clock.now) })}</p>
            {order.contact && (order.contact.contact_name || order.contact.contact_phone) ? (
              <p className="panel__meta">
                {t('detail.contact')}: {order.contact.contact_name} {order.contact.contact_phone} {order.contact.contact_address}
              </p>
            ) : null}
            {order.note ? (
              <p className="card__note">
                <strong>{t('card.note')}:</strong> {order.note}
              </p>
            ) : null}
            {order.merchantNote ? (
              <p className="panel__meta">
                {t('detail.merchantNote')}: {order.merchantNote}
              </p>
            ) : null}
            <h3>{t('detail.lines')}</h3>
            <table className="figures">
              <tbody>
                {order.lines.map((line, i) => (
                  <tr key={`${line.flag}-${i}`}>
                    <th scope="row">
                      {t('card.quantity', { count: line.quantity })} {line.name}
                      {line.specName ? ` (${line.specName})` : ''}
                      {line.tastesName ? <span className="line__extra">{line.tastesName}</span> : null}
                      {line.mealsetNames ? <span className="line__extra">{line.mealsetNames}</span> : null}
                    </th>
                    <td>{m(line.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <h3>{t('detail.breakdown')}</h3>
            <table className="figures" id="order-breakdown">
              <tbody>
                <tr>
                  <th scope="row">{t('detail.goodsAmount')}</th>
                  <td>{m(order.goodsAmount)}</td>
                </tr>
                {FEES.filter((k) => order[k] !== 0).map((k) => (
                  <tr key={k}>
                    <th scope="row">{t(`detail.${k}`)}</th>
                    <td>{m(order[k])}</td>
                  </tr>
                ))}
                {DISCOUNTS.filter((k) => order[k] !== 0).map((k) => (
                  <tr key={k}>
                    <th scope="row">
                      {t(`detail.${k}`)}
                      {k === 'couponAmount' && order.couponName ? ` (${order.couponName})` : ''}
                      {k === 'pointsDeduction' && order.pointsUsed ? ` (${order.pointsUsed})` : ''}
                    </th>
                    <td>{m(-order[k])}</td>
                  </tr>
                ))}
                {order.discountAmount !== 0 ? (
                  <tr>
                    <th scope="row">{t('detail.discountAmount')}</th>
                    <td>{m(-order.discountAmount)}</td>
                  </tr>
                ) : null}
                <tr className="figures__total">
                  <th scope="row">{t('detail.total')}</th>
                  <td>{m(order.total)}</td>
                </tr>
                <tr>
                  <th scope="row">{t('detail.paidAmount')}</th>
                  <td>
                    {m(order.paidAmount)} · {t(`payType.${order.payType}`)}
                  </td>
                </tr>
              </tbody>
            </table>
            {order.adjustments.length > 0 ? (
              <>
                <h3>{t('detail.adjustments')}</h3>
                <table className="figures">
                  <tbody>
                    {order.adjustments.map((a, i) => (
                      <tr key={i}>
                        <th scope="row">{a.name}</th>
                        <td>{m(-a.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            ) : null}
            <h3>{t('detail.audit')}</h3>
            {detail.loading && detail.audit.length === 0 ? (
              <p className="muted">{t('common.loading')}</p>
            ) : detail.audit.length === 0 ? (
              <p className="muted">{t('detail.auditEmpty')}</p>
            ) : (
              <table className="audit" id="order-audit">
                <thead>
                  <tr>
                    <th scope="col">{t('detail.auditWhen')}</th>
                    <th scope="col">{t('detail.auditWho')}</th>
                    <th scope="col">{t('detail.auditWhat')}</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.audit.map((a, i) => (
                    <tr key={i}>
                      <td>{shortTime(a.at, store.clock.now)}</td>
                      <td>{who(a)}</td>
                      <td>
                        {what(a)}
                        {a.note ? <span className="line__extra">{a.note}</span> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        ) : null}
      </aside>
    </div>
  );
});
