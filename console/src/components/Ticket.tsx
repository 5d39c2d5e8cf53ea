/**
 * A kitchen ticket's print view, 58 or 80 mm wide (CONSOLE-3): the order type, table and pickup number
 * on top, then only the items of that order or table round, the note, and when it is printed. The
 * tools above it (width, Print, the list of earlier prints) are not printed (floor.css). Print records
 * the print on the server, then opens the browser's print; a counter PC started with Chromium's
 * `--kiosk-printing` prints straight to its default printer (docs/console.md "Kitchen tickets").
 * `#/ticket/<kind>/<id>?w=58|80` opens it; `&print=1` prints once as soon as it is shown.
 */
import { observer } from 'mobx-react';
import { useEffect, useRef } from 'react';
import { OrderType } from '../../../src/domain/enums';
import { useStore } from '../context';
import { clockTime, shortTime } from '../format';
import { TICKET_WIDTHS, ticketQuery, ticketRef } from '../stores/tickets';
import { errorText } from './texts';
import '../floor.css';

const browserPrint = (): void => window.print();

export const TicketPage = observer(function TicketPage({ print = browserPrint, hash }: { print?: () => void; hash?: string }) {
  const store = useStore();
  const { t } = store.i18n;
  const tickets = store.tickets;
  const ref = ticketRef(store.router.params);
  const query = ticketQuery(hash ?? (typeof window === 'undefined' ? '' : window.location.hash));
  const autoPrinted = useRef(false);

  const kind = ref?.kind ?? null;
  const id = ref?.id ?? null;
  const shopId = store.shopId;
  const initialWidth = query.width;
  // the ticket the address names, once the shop is known (the session restored)
  useEffect(() => {
    if (kind !== null && id !== null && shopId !== null) void tickets.open(kind, id, initialWidth);
  }, [kind, id, shopId, initialWidth, tickets]);

  const ticket = tickets.ticket;
  useEffect(() => {
    if (query.autoPrint && ticket && !autoPrinted.current) {
      autoPrinted.current = true;
      void tickets.print(print);
    }
  }, [ticket, query.autoPrint, tickets, print]);

  const width = tickets.width;
  const now = store.clock.serverNow;
  const local = (at: number) => at - store.clock.offset;
  return (
    <main id="main" className={`ticket-page ticket-page--${width}`}>
      <div className="ticket-tools no-print" role="group" aria-label={t('ticket.title')}>
        <a className="btn btn--secondary" href="#/board">
          {t('ticket.back')}
        </a>
        <span className="ticket-tools__label" id="ticket-width-label">
          {t('ticket.width')}
        </span>
        <div className="ticket-tools__widths" role="group" aria-labelledby="ticket-width-label">
          {TICKET_WIDTHS.map((w) => (
            <button key={w} type="button" id={`ticket-width-${w}`} className={`chip${width === w ? ' chip--on' : ''}`} aria-pressed={width === w} onClick={() => tickets.setWidth(w)}>
              {t('ticket.mm', { mm: w })}
            </button>
          ))}
        </div>
        <button type="button" className="btn btn--primary" id="ticket-print" disabled={!ticket || tickets.printing} aria-busy={tickets.printing} onClick={() => void tickets.print(print)}>
          {t('ticket.print')}
        </button>
      </div>
      {tickets.error ? (
        <p className="board-error no-print" role="alert">
          {errorText(t, tickets.error)}
        </p>
      ) : null}
      {!ref ? (
        <p className="board-error no-print" role="alert">
          {t('errors.notFound')}
        </p>
      ) : null}
      {ref && !ticket && !tickets.error ? (
        <p role="status" className="no-print">
          {t('ticket.loading')}
        </p>
      ) : null}
      {ticket ? (
        <>
          <article className={`ticket ticket--${width}`} id="ticket" data-kind={ticket.kind} data-width={width} aria-label={t('ticket.title')}>
            <header className="ticket__head">
              <p className="ticket__type">{t(`type.${ticket.type}`)}</p>
              {ticket.tableNo ? <p className="ticket__big">{t('ticket.table', { table: ticket.tableNo })}</p> : null}
              {ticket.area ? <p>{ticket.area}</p> : null}
              {ticket.pickupNo !== null ? <p className="ticket__big">{t('ticket.pickupNo', { no: ticket.pickupNo })}</p> : null}
              {ticket.roundNo !== null ? <p className="ticket__big">{t('ticket.round', { no: ticket.roundNo })}</p> : null}
              <p>{t('ticket.orderNo', { no: ticket.orderNo })}</p>
              {ticket.people ? <p>{t('ticket.people', { count: ticket.people })}</p> : null}
              {ticket.diner ? <p>{t('ticket.diner', { name: ticket.diner })}</p> : null}
              <p>{t('ticket.at', { time: shortTime(local(ticket.at), local(now)) })}</p>
              {ticket.due !== null && ticket.type !== OrderType.dine ? (
                <p className="ticket__due">{ticket.due === 'ASAP' ? t('ticket.asap') : t('ticket.due', { time: shortTime(local(ticket.due), local(now)) })}</p>
              ) : null}
            </header>
            <ul className="ticket__lines">
              {ticket.lines.map((line, i) => (
                <li key={`${line.flag}-${i}`} className="ticket__line">
                  <span className="ticket__qty">{line.quantity} ×</span>
                  <span className="ticket__item">
                    <span className="ticket__name">
                      {line.name}
                      {line.specName ? ` (${line.specName})` : ''}
                    </span>
                    {line.tastesName ? <span className="ticket__extra">{line.tastesName}</span> : null}
                    {line.mealsetNames ? <span className="ticket__extra">{line.mealsetNames}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
            {ticket.note ? (
              <p className="ticket__note">
                {t('ticket.note')}: {ticket.note}
              </p>
            ) : null}
            <p className="ticket__foot">{clockTime(local(now))}</p>
          </article>
          <section className="ticket-prints no-print" aria-labelledby="ticket-prints-title" id="ticket-prints">
            <h2 id="ticket-prints-title">{t('ticket.printsTitle')}</h2>
            {ticket.prints.length === 0 ? (
              <p>{t('ticket.never')}</p>
            ) : (
              <ul>
                {ticket.prints.map((p, i) => (
                  <li key={`${p.at}-${i}`}>{t('ticket.printLine', { time: shortTime(local(p.at), local(now)), mm: p.width, by: p.by })}</li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </main>
  );
});
