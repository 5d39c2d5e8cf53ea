/**
 * The owner's table-session rules on the settings page (TABLE-7; docs/console.md "Tables"): who opens a
 * free table — the first diner's scan, or staff (开台) — and whether a session's first round waits for
 * staff approval before the kitchen sees it.
 */
import { observer } from 'mobx-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { TableOpenBy } from '../../../src/api/contract/console-floor';
import { useStore } from '../context';
import { errorText } from './texts';

export const TableRules = observer(function TableRules() {
  const store = useStore();
  const { t } = store.i18n;
  const shopId = store.shopId;
  const r = store.tableRules;
  const [openBy, setOpenBy] = useState<TableOpenBy>('diner');
  const [hold, setHold] = useState(false);

  useEffect(() => {
    if (shopId !== null) void r.load(shopId);
  }, [shopId, r]);
  useEffect(() => {
    if (!r.rules) return;
    setOpenBy(r.rules.openBy);
    setHold(r.rules.holdFirstRound);
  }, [r.rules]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (shopId !== null) await r.save(shopId, { openBy, holdFirstRound: hold });
  };

  return (
    <form className="form" id="table-rules" onSubmit={submit} noValidate aria-labelledby="table-rules-title">
      <h2 id="table-rules-title">{t('tableRules.title')}</h2>
      {r.loading && !r.rules ? <p className="muted">{t('common.loading')}</p> : null}
      <fieldset className="field">
        <legend className="field__label">{t('tableRules.openBy')}</legend>
        {(['diner', 'staff'] as const).map((v) => (
          <div className="check" key={v}>
            <input id={`rules-open-${v}`} type="radio" name="rules-open" value={v} checked={openBy === v} onChange={() => setOpenBy(v)} />
            <label htmlFor={`rules-open-${v}`}>{t(v === 'diner' ? 'tableRules.openByDiner' : 'tableRules.openByStaff')}</label>
          </div>
        ))}
      </fieldset>
      <div className="check">
        <input id="rules-hold" type="checkbox" checked={hold} onChange={(e) => setHold(e.target.checked)} aria-describedby="rules-hold-hint" />
        <label htmlFor="rules-hold">{t('tableRules.hold')}</label>
        <p id="rules-hold-hint" className="field__hint">
          {t('tableRules.holdHint')}
        </p>
      </div>
      {r.error ? (
        <p className="field__error" role="alert">
          {errorText(t, r.error)}
        </p>
      ) : null}
      {r.saved ? (
        <p className="notice" role="status">
          {t('tableRules.saved')}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" id="rules-save" disabled={r.saving || !r.rules}>
        {r.saving ? t('settings.saving') : t('tableRules.save')}
      </button>
    </form>
  );
});
