/**
 * The table-session controls of a table's panel (TABLE-7; docs/console.md "Tables"): the table's
 * scan-order link with its code (what its QR code prints), Rotate code (the old code admits nobody new
 * at once; diners seated stay), how many are seated by the code, and — when the shop holds a session's
 * first round — Approve first round. Rendered in the panel's `sessionControls` slot (Tables.tsx).
 */
import { observer } from 'mobx-react';
import type { TableDetail } from '../../../src/api/contract/console-floor';
import { useStore } from '../context';
import { clockTime } from '../format';

export const TableSession = observer(function TableSession({ detail }: { detail: TableDetail }) {
  const store = useStore();
  const { t } = store.i18n;
  const tables = store.tables;
  const s = detail.session;
  if (!s) return null;
  const running = detail.table.tableOrderId !== null && detail.table.state !== 'paid';
  return (
    <>
      <h3>{t('tables.sessionTitle')}</h3>
      <label className="field" htmlFor="table-link">
        <span className="field__label">{t('tables.sessionLink')}</span>
        <input id="table-link" className="field__input" readOnly value={s.link} onFocus={(e) => e.currentTarget.select()} />
      </label>
      <p className="muted" id="table-code-set">
        {s.codeSetAt === null ? t('tables.sessionCodeOriginal') : t('tables.sessionCodeSetAt', { time: clockTime(s.codeSetAt - store.clock.offset) })}
        {' · '}
        {t('tables.sessionOpenBy', { who: t(s.settings.openBy === 'staff' ? 'tables.openByStaff' : 'tables.openByDiner') })}
      </p>
      {running ? (
        <p id="table-seated">{t('tables.sessionSeated', { count: s.seated })}</p>
      ) : null}
      {running && s.held ? (
        <div className="floor-session__held" id="table-held">
          <p role="status">{t('tables.heldNotice')}</p>
          <button type="button" className="btn btn--primary" id="table-approve" disabled={tables.busy !== null} aria-busy={tables.busy === 'approve'} onClick={() => void tables.approve()}>
            {t('tables.approve')}
          </button>
        </div>
      ) : null}
      <p className="muted">{t('tables.rotateHint')}</p>
      <button type="button" className="btn btn--secondary" id="table-rotate" disabled={tables.busy !== null} aria-busy={tables.busy === 'rotate'} onClick={() => void tables.rotateCode()}>
        {t('tables.rotateCode')}
      </button>
    </>
  );
});
