/**
 * One order on the board: the pickup number large, the order number, type, due time, the items as the
 * kitchen needs them (spec, tastes, meal-set choices, quantity), the note, the customer's contact or
 * table, payment and total; one button per action the order allows now. Clicking the card elsewhere
 * than a button opens the detail panel.
 */
import { observer } from 'mobx-react';
import { useState, type MouseEvent } from 'react';
import type { BoardOrder, ConsoleAction } from '../../../src/api/contract/console';
import { OrderType, PayStatus } from '../../../src/domain/enums';
import { useStore } from '../context';
import { money, shortTime } from '../format';
import { ticketHash } from '../stores/tickets';
import { Dialog } from './Dialog';
import { Lines } from './Lines';
import { actionLabel, errorText, refundStateText } from './texts';

/** Buttons that move the order forward come first and stand out; refusing and refunding stay apart. */
const PRIMARY: readonly ConsoleAction[] = ['accept', 'cook', 'ready', 'callRider', 'deliver', 'requestPay', 'cashPaid', 'complete'];

export function dueText(order: BoardOrder, t: ReturnType<typeof useStore>['i18n']['t'], now: number): string {
  if (order.type === OrderType.appointment) {
    const at = order.service?.startTime ?? order.appointmentTime;
    return at ? t('card.dueAt', { time: shortTime(at, now) }) : t('card.asap');
  }
  const when = order.type === OrderType.takeaway ? order.deliveryTime : order.type === OrderType.selfPickup ? order.pickupTime : null;
  if (when === null || when === 'ASAP') return t('card.asap');
  return t('card.dueAt', { time: shortTime(when, now) });
}

export const OrderCard = observer(function OrderCard({ order }: { order: BoardOrder }) {
  const store = useStore();
  const { t, lang } = store.i18n;
  const board = store.board;
  const [dialog, setDialog] = useState<'refuse' | 'refund' | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const overdue = board.overdue(order);
  const notice = board.notices.get(order.id);
  const busy = board.busy.get(order.id);
  const titleId = `card-${order.id}-title`;
  const now = store.clock.now;
  const paid = order.payStatus === PayStatus.success;

  const open = (e: MouseEvent) => {
    if ((e.target as HTMLElement).closest('button, a, input, textarea, select, [role="dialog"], .modal')) return;
    void board.openDetail(order.id);
  };

  const run = (action: ConsoleAction) => {
    if (action === 'refuse') {
      setReason('');
      setReasonError(false);
      setDialog('refuse');
    } else if (action === 'refund') setDialog('refund');
    else void board.act(order, action);
  };

  const actions = [...order.actions].sort((a, b) => Number(!PRIMARY.includes(a)) - Number(!PRIMARY.includes(b)));

  return (
    <article
      className={`card card--${order.column}${overdue !== null ? ' card--overdue' : ''}`}
      aria-labelledby={titleId}
      id={`order-${order.id}`}
      data-order-id={order.id}
      data-status={order.status}
      onClick={open}
    >
      <header className="card__head">
        <button type="button" className="card__open" id={titleId} aria-label={t('card.open', { no: order.orderNo })} onClick={() => void board.openDetail(order.id)}>
          <span className="card__seq-label">{t('card.pickupNo')}</span>
          <span className="card__seq">{order.daySeq ?? '—'}</span>
        </button>
        <div className="card__meta">
          <span className={`badge badge--${order.type}`}>{t(`type.${order.type}`)}</span>
          {order.type === OrderType.dine || order.type === OrderType.openTable ? null : <span className="card__due">{dueText(order, t, now)}</span>}
          {overdue !== null ? <span className="badge badge--overdue">{t('card.overdue', { minutes: overdue })}</span> : null}
        </div>
      </header>
      <p className="card__no">
        {t('card.orderNo', { no: order.orderNo })} · {t('card.orderedAt', { time: shortTime(order.createdAt, now) })}
      </p>
      <p className="card__status">{t(`status.${order.status}`)}</p>
      {order.tableNo || order.people ? (
        <p className="card__table">
          {order.tableNo ? t('card.table', { table: order.tableNo }) : null}
          {order.tableNo && order.people ? ' · ' : null}
          {order.people ? t('card.people', { count: order.people }) : null}
        </p>
      ) : null}
      {order.service ? (
        <p className="card__service">{t('card.service', { name: order.service.serviceUserName, minutes: order.service.duration })}</p>
      ) : null}
      <Lines lines={order.lines} note={order.note} t={t} />
      {order.contact && (order.contact.contact_name || order.contact.contact_phone || order.contact.contact_address) ? (
        <address className="card__contact">
          <span>
            {order.contact.contact_name} {order.contact.contact_phone}
          </span>
          {order.contact.contact_address ? <span>{order.contact.contact_address}</span> : null}
        </address>
      ) : null}
      {order.multiGroupNo ? <p className="card__extra">{t('card.multi', { no: order.multiGroupNo })}</p> : null}
      {order.refuseReason ? <p className="card__extra">{t('card.refused', { reason: order.refuseReason })}</p> : null}
      {order.refundState ? <p className="card__extra">{t('card.refundState', { state: refundStateText(t, order.refundState) })}</p> : null}
      <p className="card__pay">
        <span className={paid ? 'pay pay--paid' : 'pay pay--unpaid'}>
          {paid ? t('card.paid') : t('card.unpaid')} · {t(`payType.${order.payType}`)}
        </span>
        <span className="card__total">
          {t('card.total')} <strong>{money(order.total, lang)}</strong>
        </span>
      </p>
      <p className="card__print">
        <a className="btn btn--secondary btn--small" href={ticketHash('order', order.id)} target="_blank" rel="noopener" id={`order-${order.id}-print`} aria-label={`${t('ticket.print')} ${order.orderNo}`}>
          {t('ticket.print')}
        </a>
      </p>
      {notice ? (
        <div className={`card__notice card__notice--${notice.kind}`} role="status">
          <span>
            {notice.kind === 'changed'
              ? t('card.changed', { status: t(`status.${notice.status}`) })
              : notice.kind === 'gone'
                ? t('card.gone')
                : errorText(t, notice)}
          </span>
          <button type="button" className="link" onClick={() => board.dismissNotice(order.id)}>
            {t('common.close')}
          </button>
        </div>
      ) : null}
      {actions.length > 0 ? (
        <div className="card__actions" role="group" aria-label={t('action.group', { no: order.orderNo })}>
          {actions.map((a) => (
            <button
              key={a}
              type="button"
              className={`btn ${a === 'refuse' || a === 'refund' ? 'btn--danger' : a === actions[0] ? 'btn--primary' : 'btn--secondary'}`}
              disabled={busy !== undefined}
              aria-busy={busy === a}
              onClick={() => run(a)}
            >
              {actionLabel(t, order, a)}
            </button>
          ))}
        </div>
      ) : null}
      {dialog === 'refuse' ? (
        <Dialog title={t('refuse.title', { no: order.orderNo })} onCancel={() => setDialog(null)}>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              const text = reason.trim();
              if (!text) {
                setReasonError(true);
                return;
              }
              setDialog(null);
              void board.act(order, 'refuse', text);
            }}
          >
            <label className="field__label" htmlFor={`refuse-${order.id}`}>
              {t('refuse.reason')}
            </label>
            <textarea
              id={`refuse-${order.id}`}
              className="field__input"
              maxLength={140}
              rows={3}
              value={reason}
              aria-describedby={`refuse-${order.id}-hint`}
              aria-invalid={reasonError}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(false);
              }}
            />
            <p id={`refuse-${order.id}-hint`} className={reasonError ? 'field__error' : 'field__hint'}>
              {reasonError ? t('refuse.required') : t('refuse.reasonHint')}
            </p>
            <div className="modal__actions">
              <button type="button" className="btn btn--secondary" onClick={() => setDialog(null)}>
                {t('common.cancel')}
              </button>
              <button type="submit" className="btn btn--danger">
                {t('refuse.submit')}
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
      {dialog === 'refund' ? (
        <Dialog title={t('refund.title', { no: order.orderNo })} onCancel={() => setDialog(null)}>
          <p>{t('refund.body', { amount: money(order.paidAmount || order.total, lang) })}</p>
          <div className="modal__actions">
            <button type="button" className="btn btn--secondary" onClick={() => setDialog(null)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => {
                setDialog(null);
                void board.act(order, 'refund');
              }}
            >
              {t('refund.submit')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </article>
  );
});
