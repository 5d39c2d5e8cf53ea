/** The board: the type filter and the four columns, each scrolling on its own. */
import { observer } from 'mobx-react';
import type { ReactNode } from 'react';
import type { BoardColumn } from '../../../src/api/contract/console';
import { useStore } from '../context';
import { COLUMNS, FILTERS } from '../stores/board';
import { OrderCard } from './OrderCard';
import { OrderPanel } from './OrderPanel';
import { errorText } from './texts';

const COLUMN_KEY = { new: 'column.new', cooking: 'column.cooking', ready: 'column.ready', done: 'column.done' } as const;

export const BoardPage = observer(function BoardPage() {
  const store = useStore();
  const { t } = store.i18n;
  const board = store.board;
  const columns = board.columns;
  return (
    <main id="main" className="board-page">
      <h1 className="visually-hidden">{t('header.board')}</h1>
      <div className="filters" role="radiogroup" aria-label={t('filter.label')}>
        <span className="filters__label" aria-hidden="true">
          {t('filter.label')}
        </span>
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="radio"
            aria-checked={board.filter === f}
            className={`chip${board.filter === f ? ' chip--on' : ''}`}
            onClick={() => board.setFilter(f)}
          >
            {t(`filter.${f}`)}
          </button>
        ))}
      </div>
      {board.loadError && !board.loaded ? (
        <p className="field__error board-error" role="alert">
          {errorText(t, board.loadError)}{' '}
          <button type="button" className="btn btn--secondary" onClick={() => void board.load()}>
            {t('common.retry')}
          </button>
        </p>
      ) : null}
      {!board.loaded && !board.loadError ? <p className="muted board-loading">{t('app.loading')}</p> : null}
      {board.loaded ? (
        <div className="columns">
          {COLUMNS.map((c) => (
            <Column key={c} column={c} count={columns[c].length}>
              {columns[c].map((o) => (
                <OrderCard key={o.id} order={o} />
              ))}
            </Column>
          ))}
        </div>
      ) : null}
      <OrderPanel />
    </main>
  );
});

const Column = observer(function Column(props: { column: BoardColumn; count: number; children: ReactNode }) {
  const { t } = useStore().i18n;
  const headingId = `column-${props.column}-title`;
  return (
    <section className={`column column--${props.column}`} aria-labelledby={headingId} id={`column-${props.column}`}>
      <h2 className="column__title" id={headingId}>
        {t(COLUMN_KEY[props.column])} <span className="column__count">{props.count}</span>
      </h2>
      <div className="column__cards" tabIndex={0} aria-labelledby={headingId}>
        {props.count === 0 ? <p className="muted column__empty">{t('column.empty')}</p> : props.children}
      </div>
    </section>
  );
});
