/**
 * Availability: sold out, stock and paused order types (CONSOLE-5). The pause panels first (one per
 * order type the shop takes: 15/30/60 minutes or a custom number, the reason the customer reads; a
 * running pause says until when and why, with Resume), then the products: search by name, filter by
 * category, and on each row the Sold out / Back on sale button and the stock field (empty: untracked).
 */
import { observer } from 'mobx-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { AvailabilityProduct } from '../../../src/api/contract/console-availability';
import type { PausableOrderType } from '../../../src/domain/order-type-pause';
import { useStore } from '../context';
import { money } from '../format';
import { PAUSE_CHOICES, parsePauseMinutes, type AvailabilityStore } from '../stores/availability';
import type { ConsoleApiError } from '../api';
import type { MessageKey, Params } from '../i18n';
import { errorText } from './texts';
import '../availability.css';

type T = (key: MessageKey, params?: Params) => string;

/** A refusal on the page: the typed value's own text, a product gone from the menu, or the server's. */
function availabilityError(t: T, err: ConsoleApiError): string {
  switch (err.code) {
    case 'stockInvalid':
      return t('availability.stockInvalid');
    case 'minutesInvalid':
      return t('availability.minutesInvalid');
    case 'reasonInvalid':
      return t('availability.reasonInvalid');
    case 'notFound':
      return t('availability.notFound');
    default:
      return errorText(t, err);
  }
}

/** An order type's name on its pause panel. */
function typeName(t: T, type: PausableOrderType): string {
  switch (type) {
    case 'takeaway':
      return t('availability.typeTakeaway');
    case 'selfPickup':
      return t('availability.typeSelfPickup');
    default:
      return t('availability.typeDine');
  }
}

const PausePanel = observer(function PausePanel({ type, a }: { type: PausableOrderType; a: AvailabilityStore }) {
  const store = useStore();
  const { t } = store.i18n;
  const [choice, setChoice] = useState<string>('30');
  const [custom, setCustom] = useState('');
  const [reason, setReason] = useState(() => t('availability.reasonDefault'));
  const running = a.pauseOf(type);
  const busy = a.pausing.has(type);
  const error = a.pauseErrors.get(type);
  const id = `pause-${type}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const minutes = choice === 'custom' ? parsePauseMinutes(custom) : Number(choice);
    await a.pause(type, minutes, reason);
  };
  return (
    <section className={`pause-panel${running ? ' pause-panel--paused' : ''}`} id={id} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="pause-panel__title">
        {typeName(t, type)}
      </h3>
      {running ? (
        <>
          <p className="pause-panel__state" role="status">
            <strong>{t('availability.pausedUntil', { time: running.untilText, reason: running.reason })}</strong>{' '}
            <span className="muted">{t('availability.pausedBy', { name: running.by })}</span>
          </p>
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void a.resume(type)}>
            {t('availability.resume')} <span className="visually-hidden">{typeName(t, type)}</span>
          </button>
        </>
      ) : (
        <form className="pause-panel__form" onSubmit={submit} noValidate>
          <p className="pause-panel__state muted">{t('availability.open')}</p>
          <fieldset className="pause-panel__minutes">
            <legend className="field__label">{t('availability.minutes')}</legend>
            {[...PAUSE_CHOICES.map(String), 'custom'].map((value) => (
              <label key={value} className={`chip${choice === value ? ' chip--on' : ''}`}>
                <input type="radio" name={`${id}-minutes`} value={value} checked={choice === value} onChange={() => setChoice(value)} className="pause-panel__radio" />
                {value === 'custom' ? t('availability.custom') : t('availability.minutesChoice', { n: value })}
              </label>
            ))}
            {choice === 'custom' ? (
              <span className="pause-panel__custom">
                <label className="visually-hidden" htmlFor={`${id}-custom`}>
                  {t('availability.customMinutes')}
                </label>
                <input
                  id={`${id}-custom`}
                  className="field__input field__input--short"
                  inputMode="numeric"
                  placeholder={t('availability.customMinutes')}
                  value={custom}
                  onChange={(e) => setCustom(e.target.value)}
                  aria-invalid={error?.code === 'minutesInvalid'}
                />
              </span>
            ) : null}
          </fieldset>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-reason`}>
              {t('availability.reason')}
            </label>
            <input
              id={`${id}-reason`}
              className="field__input"
              maxLength={60}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-describedby={`${id}-reason-hint`}
              aria-invalid={error?.code === 'reasonInvalid'}
            />
            <p id={`${id}-reason-hint`} className="field__hint">
              {t('availability.reasonHint')}
            </p>
          </div>
          <button type="submit" className="btn btn--danger" disabled={busy}>
            {t('availability.pause')} <span className="visually-hidden">{typeName(t, type)}</span>
          </button>
        </form>
      )}
      {error ? (
        <p className="field__error" role="alert">
          {availabilityError(t, error)}
        </p>
      ) : null}
    </section>
  );
});

const ProductLine = observer(function ProductLine({ p, a }: { p: AvailabilityProduct; a: AvailabilityStore }) {
  const store = useStore();
  const { t, lang } = store.i18n;
  const [stock, setStock] = useState(p.stock === null ? '' : String(p.stock));
  useEffect(() => setStock(p.stock === null ? '' : String(p.stock)), [p.stock]);
  const busy = a.saving.has(p.id);
  const error = a.rowErrors.get(p.id);
  const soldOut = p.status === 1;
  const submitStock = (e: FormEvent) => {
    e.preventDefault();
    void a.setStock(p.id, stock);
  };
  return (
    <tr id={`product-${p.id}`} className={soldOut ? 'avail-row avail-row--out' : 'avail-row'}>
      <th scope="row">{p.name}</th>
      <td>{p.category}</td>
      <td className="avail-num">{money(p.price, lang)}</td>
      <td>
        <span className={`badge ${soldOut ? 'badge--soldout' : 'badge--onsale'}`}>{soldOut ? t('availability.soldOut') : t('availability.onSale')}</span>
        {!soldOut && p.stock === 0 ? <span className="avail-note">{t('availability.noStockLeft')}</span> : null}
      </td>
      <td>
        <form className="avail-stock" onSubmit={submitStock} noValidate>
          <label className="visually-hidden" htmlFor={`stock-${p.id}`}>
            {t('availability.stockOf', { name: p.name })}
          </label>
          <input
            id={`stock-${p.id}`}
            className="field__input avail-stock__input"
            inputMode="numeric"
            placeholder={t('availability.untracked')}
            value={stock}
            onChange={(e) => setStock(e.target.value)}
            aria-invalid={error?.code === 'stockInvalid'}
          />
          <button type="submit" className="btn btn--secondary btn--small" disabled={busy}>
            {t('availability.setStock')} <span className="visually-hidden">{t('availability.stockOf', { name: p.name })}</span>
          </button>
        </form>
      </td>
      <td>
        <button
          type="button"
          className={`btn btn--small ${soldOut ? 'btn--primary' : 'btn--danger'}`}
          disabled={busy}
          onClick={() => void a.setSoldOut(p.id, !soldOut)}
        >
          {soldOut ? t('availability.backOnSale') : t('availability.markSoldOut')} <span className="visually-hidden">{p.name}</span>
        </button>
        {error ? (
          <p className="field__error avail-error" role="alert">
            {availabilityError(t, error)}
          </p>
        ) : null}
      </td>
    </tr>
  );
});

export const AvailabilityPage = observer(function AvailabilityPage() {
  const store = useStore();
  const { t } = store.i18n;
  const a = store.availability;
  const shopId = store.shopId;

  useEffect(() => {
    if (shopId !== null) void a.load();
  }, [shopId, a]);

  const visible = a.visible;
  return (
    <main id="main" className="page avail-page">
      <h1>{t('availability.title')}</h1>
      <p className="muted">{store.shopName}</p>
      <p className="avail-intro">{t('availability.intro')}</p>
      {a.error ? (
        <p className="field__error" role="alert">
          {errorText(t, a.error)}
        </p>
      ) : null}
      {a.loading && !a.loaded ? <p className="muted">{t('availability.loading')}</p> : null}

      <h2>{t('availability.pausesTitle')}</h2>
      {a.loaded && a.types.length === 0 ? <p className="muted">{t('availability.noTypes')}</p> : null}
      <div className="pause-panels">
        {a.types.map((type) => (
          <PausePanel key={type} type={type} a={a} />
        ))}
      </div>

      <h2>{t('availability.productsTitle')}</h2>
      <div className="avail-filters">
        <div className="field">
          <label className="field__label" htmlFor="avail-search">
            {t('availability.search')}
          </label>
          <input id="avail-search" type="search" className="field__input" value={a.query} onChange={(e) => a.setQuery(e.target.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="avail-category">
            {t('availability.category')}
          </label>
          <select
            id="avail-category"
            className="select"
            value={a.categoryId === null ? '' : String(a.categoryId)}
            onChange={(e) => a.setCategory(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">{t('availability.allCategories')}</option>
            {a.categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <p className="muted avail-count" aria-live="polite">
          {t('availability.shown', { count: visible.length })}
        </p>
      </div>
      <p className="field__hint">{t('availability.stockHint')}</p>
      <table className="table avail-table" id="availability-products">
        <thead>
          <tr>
            <th scope="col">{t('availability.name')}</th>
            <th scope="col">{t('availability.category')}</th>
            <th scope="col">{t('availability.price')}</th>
            <th scope="col">{t('availability.status')}</th>
            <th scope="col">{t('availability.stock')}</th>
            <th scope="col">{t('availability.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {visible.map((p) => (
            <ProductLine key={p.id} p={p} a={a} />
          ))}
        </tbody>
      </table>
      {a.loaded && visible.length === 0 ? <p className="muted">{t('availability.noProducts')}</p> : null}
    </main>
  );
});
