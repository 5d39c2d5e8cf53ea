/**
 * The floor view: the shop's tables by area (CONSOLE-4). Each tile shows the table's state by colour
 * and in words, its seats, the party and the diners at its live cart, the rounds, the running total
 * (timed fee included) and the minutes since the party sat down. A tile opens the table's panel: the
 * rounds (each with its ticket's Print / Reprint and when it was last printed), Open table for a party,
 * Settle in cash or by card for the total the server priced, Clear; and the `sessionControls` slot
 * where the table-session feature puts its own controls (joining the diners' cart, locking the code).
 */
import { observer } from 'mobx-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { FloorTable, FloorTableState, TableDetail } from '../../../src/api/contract/console-floor';
import { useStore } from '../context';
import { clockTime, money } from '../format';
import type { MessageKey } from '../i18n';
import { ticketHash } from '../stores/tickets';
import { Lines } from './Lines';
import { errorText } from './texts';
import '../floor.css';

const STATE_KEY: Record<FloorTableState, MessageKey> = {
  free: 'tables.stateFree',
  ordering: 'tables.stateOrdering',
  eating: 'tables.stateEating',
  billAsked: 'tables.stateBillAsked',
  paid: 'tables.statePaid',
};

/** How often the open floor reads its figures again while nothing happens. */
export const FLOOR_REFRESH_MS = 60_000;

/** The table-session feature's controls in the panel (given the table as it stands), when it is on. */
export type SessionControls = (detail: TableDetail) => ReactNode;

export const TablesPage = observer(function TablesPage({ sessionControls }: { sessionControls?: SessionControls }) {
  const store = useStore();
  const { t } = store.i18n;
  const tables = store.tables;
  useEffect(() => {
    void tables.load();
    // the timed fee grows with time alone (no frame says so): the figures are read again each minute
    const every = window.setInterval(() => void tables.load(), FLOOR_REFRESH_MS);
    return () => window.clearInterval(every);
  }, [tables, store.shopId]);
  return (
    <main id="main" className="page page--floor">
      <h1>{t('tables.title')}</h1>
      {tables.error ? (
        <p className="board-error" role="alert">
          {errorText(t, tables.error)}
        </p>
      ) : null}
      {!tables.loaded && !tables.error ? <p role="status">{t('tables.loading')}</p> : null}
      {tables.loaded && tables.areas.length === 0 ? <p>{t('tables.empty')}</p> : null}
      {tables.areas.map((area) => (
        <section key={area.id ?? 'none'} className="floor-area" aria-labelledby={`area-${area.id ?? 'none'}`}>
          <h2 id={`area-${area.id ?? 'none'}`}>{area.name || t('tables.noArea')}</h2>
          <ul className="floor-grid">
            {area.tables.map((table) => (
              <li key={table.id}>
                <TableTile table={table} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {tables.selectedId !== null ? <TablePanel sessionControls={sessionControls} /> : null}
    </main>
  );
});

const TableTile = observer(function TableTile({ table }: { table: FloorTable }) {
  const store = useStore();
  const { t, lang } = store.i18n;
  const minutes = store.tables.seatedMinutes(table);
  const state = t(STATE_KEY[table.state]);
  return (
    <button
      type="button"
      id={`table-${table.id}`}
      className={`tile tile--${table.state}`}
      data-state={table.state}
      aria-label={t('tables.openPanel', { table: table.name, state })}
      aria-pressed={store.tables.selectedId === table.id}
      onClick={() => store.tables.select(table.id)}
    >
      <span className="tile__name">{table.name}</span>
      <span className="tile__state">{state}</span>
      <span className="tile__line">{t('tables.seats', { count: table.seats })}</span>
      {table.state !== 'free' ? (
        <>
          <span className="tile__line">
            {t('tables.people', { count: table.person })}
            {table.diners > 0 ? ` · ${t('tables.diners', { count: table.diners })}` : ''}
          </span>
          <span className="tile__line">{t('tables.rounds', { count: table.rounds })}</span>
          <span className="tile__total">{money(table.runningTotal, lang)}</span>
          {minutes !== null ? <span className="tile__line tile__minutes">{t('tables.minutes', { minutes })}</span> : null}
        </>
      ) : null}
    </button>
  );
});

const TablePanel = observer(function TablePanel({ sessionControls }: { sessionControls?: SessionControls }) {
  const store = useStore();
  const { t, lang } = store.i18n;
  const tables = store.tables;
  const table = tables.selected;
  const detail = tables.detail;
  const [person, setPerson] = useState('2');
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') tables.close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [tables]);
  if (!table) return null;
  const minutes = tables.seatedMinutes(table);
  const state = t(STATE_KEY[table.state]);
  const notice = tables.notice;
  const party = Number(person);
  const partyOk = Number.isInteger(party) && party >= 1 && (table.seats === 0 || party <= table.seats);
  const canClear = table.state === 'paid' || (table.state === 'ordering' && table.rounds === 0);
  const settleOpen = table.state === 'eating' || table.state === 'billAsked';
  const method = table.settleMethod === 'cash' ? t('tables.paidCash') : table.settleMethod === 'card' ? t('tables.paidCard') : t('tables.paidOnline');
  return (
    <div className="panel-backdrop" onClick={(e) => e.target === e.currentTarget && tables.close()}>
      <aside className="panel" role="dialog" aria-modal="true" aria-labelledby="table-panel-title" id="table-panel" data-state={table.state}>
        <header className="panel__head">
          <h2 id="table-panel-title">
            {t('tables.panelTitle', { table: table.name })} <span className={`badge tile--${table.state} table-badge`}>{state}</span>
          </h2>
          <button type="button" className="btn btn--secondary" onClick={() => tables.close()}>
            {t('tables.close')}
          </button>
        </header>
        <div className="panel__body">
          {table.area ? <p className="panel__meta">{table.area}</p> : null}
          {notice ? (
            <div className={`card__notice card__notice--${notice.kind === 'error' ? 'error' : 'changed'}`} role="status" id="table-notice">
              <span>
                {notice.kind === 'changed'
                  ? t('tables.changed', { state: t(STATE_KEY[notice.state]) })
                  : notice.kind === 'amount'
                    ? t('tables.amountChanged', { amount: money(notice.total, lang) })
                    : notice.kind === 'settled'
                      ? t('tables.settled', { no: notice.orderNo })
                      : errorText(t, notice)}
              </span>
              <button type="button" className="link" onClick={() => tables.dismissNotice()}>
                {t('common.close')}
              </button>
            </div>
          ) : null}

          {table.state !== 'free' ? (
            <table className="figures" id="table-figures">
              <tbody>
                <tr>
                  <th>{t('tables.people', { count: table.person })}</th>
                  <td>{table.seatedAt !== null && minutes !== null ? t('tables.seatedAt', { time: clockTime(table.seatedAt - store.clock.offset), minutes }) : ''}</td>
                </tr>
                <tr>
                  <th>{t('tables.sale')}</th>
                  <td>{money(table.saleAmount, lang)}</td>
                </tr>
                <tr>
                  <th>{t('tables.fee')}</th>
                  <td>{money(table.tableFee, lang)}</td>
                </tr>
                <tr className="figures__total">
                  <th>{t('tables.runningTotal')}</th>
                  <td id="table-running-total">{money(table.runningTotal, lang)}</td>
                </tr>
              </tbody>
            </table>
          ) : null}

          {table.state === 'free' || table.state === 'paid' ? (
            <form
              className="floor-open"
              onSubmit={(e) => {
                e.preventDefault();
                if (partyOk) void tables.open(party);
              }}
            >
              <label className="field__label" htmlFor="party-size">
                {t('tables.partySize')}
              </label>
              <div className="field__row">
                <input
                  id="party-size"
                  className="field__input field__input--short"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={table.seats > 0 ? table.seats : undefined}
                  value={person}
                  aria-invalid={!partyOk}
                  aria-describedby="party-size-hint"
                  onChange={(e) => setPerson(e.target.value)}
                />
                <button type="submit" className="btn btn--primary" id="table-open" disabled={!partyOk || tables.busy !== null} aria-busy={tables.busy === 'open'}>
                  {t('tables.openTable')}
                </button>
              </div>
              {table.seats > 0 ? (
                <p id="party-size-hint" className="field__hint">
                  {t('tables.partyHint', { count: table.seats })}
                </p>
              ) : null}
            </form>
          ) : null}

          {table.state === 'paid' ? (
            <p className="floor-paid" id="table-paid">
              {table.paidAt !== null ? t('tables.paidAt', { time: clockTime(table.paidAt - store.clock.offset) }) : t('tables.statePaid')} · {method}
            </p>
          ) : null}

          {settleOpen ? (
            <section className="floor-settle" aria-labelledby="settle-title">
              <h3 id="settle-title">{t('tables.settleTitle')}</h3>
              {detail && detail.settleTotal !== null ? (
                <>
                  <p className="floor-settle__total">
                    {t('tables.settleTotal')} <strong id="settle-total">{money(detail.settleTotal, lang)}</strong>
                  </p>
                  <div className="card__actions">
                    <button type="button" className="btn btn--primary" id="settle-cash" disabled={tables.busy !== null} aria-busy={tables.busy === 'settle'} onClick={() => void tables.settle('cash')}>
                      {t('tables.settleCash', { amount: money(detail.settleTotal, lang) })}
                    </button>
                    <button type="button" className="btn btn--secondary" id="settle-card" disabled={tables.busy !== null} onClick={() => void tables.settle('card')}>
                      {t('tables.settleCard', { amount: money(detail.settleTotal, lang) })}
                    </button>
                  </div>
                </>
              ) : detail ? (
                <p>{t('tables.settleNone')}</p>
              ) : null}
            </section>
          ) : null}

          {canClear && table.tableOrderId !== null ? (
            <div className="card__actions floor-clear">
              <button type="button" className="btn btn--secondary" id="table-clear" disabled={tables.busy !== null} aria-busy={tables.busy === 'clear'} onClick={() => void tables.clearTable()}>
                {t('tables.clear')}
              </button>
            </div>
          ) : null}

          {sessionControls && detail ? (
            <section className="floor-session" aria-label={t('tables.sessionTitle')} id="table-session">
              {sessionControls(detail)}
            </section>
          ) : null}

          {table.tableOrderId !== null ? (
            <section aria-labelledby="rounds-title" id="table-rounds">
              <h3 id="rounds-title">{t('tables.roundsTitle')}</h3>
              {detail && detail.rounds.length === 0 ? <p>{t('tables.noRounds')}</p> : null}
              {detail?.rounds.map((round) => (
                <article key={round.id} className="round" id={`round-${round.id}`} data-round={round.no}>
                  <header className="round__head">
                    <h4 className="round__title">{t('tables.roundTitle', { no: round.no, diner: round.diner, time: clockTime(round.addedAt - store.clock.offset) })}</h4>
                    {round.held ? null : (
                      <a className="btn btn--secondary btn--small" href={ticketHash('round', round.id)} target="_blank" rel="noopener" id={`round-${round.id}-print`}>
                        {round.printedAt === null ? t('tables.print') : t('tables.reprint')}
                      </a>
                    )}
                  </header>
                  {round.held ? (
                    <p className="round__held" id={`round-${round.id}-held`}>
                      {t('tables.roundHeld')}
                    </p>
                  ) : null}
                  <Lines lines={round.lines} note={round.note} t={t} />
                  <p className="round__printed" id={`round-${round.id}-printed`}>
                    {round.printedAt === null ? t('tables.notPrinted') : t('tables.printedAt', { time: clockTime(round.printedAt - store.clock.offset) })}
                  </p>
                </article>
              ))}
            </section>
          ) : null}
        </div>
      </aside>
    </div>
  );
});
