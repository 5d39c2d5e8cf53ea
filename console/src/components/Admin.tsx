/** The owner's settings and staff pages, and everyone's password change. */
import { observer } from 'mobx-react';
import { useEffect, useState, type FormEvent } from 'react';
import type { StaffAccount, StaffRole } from '../../../src/api/contract/console';
import { StaffUsername } from '../../../src/api/contract/console';
import { useStore } from '../context';
import { shortTime } from '../format';
import { parseMinutes } from '../stores/admin';
import { Dialog } from './Dialog';
import { ShopClock } from './ShopClock';
import { TableRules } from './TableRules';
import { errorText } from './texts';

export const SettingsPage = observer(function SettingsPage() {
  const store = useStore();
  const { t } = store.i18n;
  const shopId = store.shopId;
  const s = store.settings;
  const [autoAccept, setAutoAccept] = useState(false);
  const [minutes, setMinutes] = useState('');
  const [autoRefuse, setAutoRefuse] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);

  useEffect(() => {
    if (shopId !== null) void s.load(shopId);
  }, [shopId, s]);
  useEffect(() => {
    if (!s.settings) return;
    setAutoAccept(s.settings.autoAccept);
    setMinutes(s.settings.answerMinutes === null ? '' : String(s.settings.answerMinutes));
    setAutoRefuse(s.settings.autoRefuse);
  }, [s.settings]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (shopId === null) return;
    const answerMinutes = parseMinutes(minutes);
    if (answerMinutes === undefined) return setInvalid(t('settings.minutesInvalid'));
    if (autoRefuse && answerMinutes === null) return setInvalid(t('settings.autoRefuseNeedsMinutes'));
    setInvalid(null);
    const saved = await s.save(shopId, { autoAccept, answerMinutes, autoRefuse });
    if (saved) store.board.setSettings(saved);
  };

  return (
    <main id="main" className="page">
      <h1>{t('settings.title')}</h1>
      <p className="muted">{store.shopName}</p>
      {s.loading && !s.settings ? <p className="muted">{t('common.loading')}</p> : null}
      <form className="form" onSubmit={submit} noValidate>
        <div className="check">
          <input id="set-auto-accept" type="checkbox" checked={autoAccept} onChange={(e) => setAutoAccept(e.target.checked)} aria-describedby="set-auto-accept-hint" />
          <label htmlFor="set-auto-accept">{t('settings.autoAccept')}</label>
          <p id="set-auto-accept-hint" className="field__hint">
            {t('settings.autoAcceptHint')}
          </p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="set-minutes">
            {t('settings.answerMinutes')}
          </label>
          <input
            id="set-minutes"
            className="field__input field__input--short"
            inputMode="numeric"
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            aria-describedby="set-minutes-hint"
            aria-invalid={invalid !== null}
          />
          <p id="set-minutes-hint" className="field__hint">
            {t('settings.answerMinutesHint')}
          </p>
        </div>
        <div className="check">
          <input id="set-auto-refuse" type="checkbox" checked={autoRefuse} onChange={(e) => setAutoRefuse(e.target.checked)} aria-describedby="set-auto-refuse-hint" />
          <label htmlFor="set-auto-refuse">{t('settings.autoRefuse')}</label>
          <p id="set-auto-refuse-hint" className="field__hint">
            {t('settings.autoRefuseHint')}
          </p>
        </div>
        {invalid || s.error ? (
          <p className="field__error" role="alert">
            {invalid ?? errorText(t, s.error!)}
          </p>
        ) : null}
        {s.saved ? (
          <p className="notice" role="status">
            {t('settings.saved')}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={s.saving || !s.settings}>
          {s.saving ? t('settings.saving') : t('settings.save')}
        </button>
      </form>
      <TableRules />
      <ShopClock />
    </main>
  );
});

export const StaffPage = observer(function StaffPage() {
  const store = useStore();
  const { t } = store.i18n;
  const shopId = store.shopId;
  const staff = store.staff;
  const me = store.session.me!;
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [invalid, setInvalid] = useState(false);
  const [removing, setRemoving] = useState<StaffAccount | null>(null);

  useEffect(() => {
    if (shopId !== null) void staff.load(shopId);
    return () => staff.forgetPassword();
  }, [shopId, staff]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (shopId === null) return;
    if (!StaffUsername.safeParse(username.trim()).success) return setInvalid(true);
    setInvalid(false);
    if (await staff.add(shopId, username.trim(), role)) setUsername('');
  };

  return (
    <main id="main" className="page">
      <h1>{t('staff.title')}</h1>
      <p className="muted">{store.shopName}</p>
      {staff.error ? (
        <p className="field__error" role="alert">
          {errorText(t, staff.error)}
        </p>
      ) : null}
      <table className="table" id="staff-list">
        <thead>
          <tr>
            <th scope="col">{t('staff.username')}</th>
            <th scope="col">{t('staff.role')}</th>
            <th scope="col">{t('staff.created')}</th>
            <th scope="col">{t('staff.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {staff.accounts.map((a) => (
            <tr key={a.id}>
              <td>
                {a.username} {a.id === me.id ? t('staff.you') : null}
                {a.lockedUntil && a.lockedUntil > store.clock.serverNow ? (
                  <span className="badge badge--overdue">{t('staff.locked', { time: shortTime(a.lockedUntil - store.clock.offset, store.clock.now) })}</span>
                ) : null}
              </td>
              <td>{a.role === 'owner' ? t('header.owner') : t('header.staffRole')}</td>
              <td>{shortTime(a.createdAt - store.clock.offset, store.clock.now)}</td>
              <td>
                {a.id !== me.id ? (
                  <button type="button" className="btn btn--danger btn--small" onClick={() => setRemoving(a)}>
                    {t('staff.remove')} <span className="visually-hidden">{a.username}</span>
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!staff.loading && staff.accounts.length <= 1 ? <p className="muted">{t('staff.empty')}</p> : null}
      <h2>{t('staff.addTitle')}</h2>
      <form className="form form--row" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="staff-username">
            {t('staff.username')}
          </label>
          <input
            id="staff-username"
            className="field__input"
            autoComplete="off"
            autoCapitalize="none"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            aria-describedby="staff-username-hint"
            aria-invalid={invalid}
          />
          <p id="staff-username-hint" className={invalid ? 'field__error' : 'field__hint'}>
            {t('staff.usernameHint')}
          </p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="staff-role">
            {t('staff.role')}
          </label>
          <select id="staff-role" className="select" value={role} onChange={(e) => setRole(e.target.value === 'owner' ? 'owner' : 'staff')}>
            <option value="staff">{t('header.staffRole')}</option>
            <option value="owner">{t('header.owner')}</option>
          </select>
        </div>
        <button type="submit" className="btn btn--primary" disabled={staff.adding}>
          {t('staff.add')}
        </button>
      </form>
      {staff.created ? (
        <div className="notice notice--password" role="status" id="staff-password">
          <p>{t('staff.passwordOnce', { name: staff.created.username })}</p>
          <code className="password">{staff.created.password}</code>
        </div>
      ) : null}
      {removing ? (
        <Dialog title={t('staff.removeTitle', { name: removing.username })} onCancel={() => setRemoving(null)}>
          <p>{t('staff.removeBody')}</p>
          <div className="modal__actions">
            <button type="button" className="btn btn--secondary" onClick={() => setRemoving(null)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => {
                const id = removing.id;
                setRemoving(null);
                if (shopId !== null) void staff.remove(shopId, id);
              }}
            >
              {t('staff.remove')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </main>
  );
});

export const PasswordPage = observer(function PasswordPage() {
  const store = useStore();
  const { t } = store.i18n;
  const p = store.password;
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  useEffect(() => () => p.clear(), [p]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (next.length < 8) return setInvalid(t('password.tooShort'));
    if (next !== repeat) return setInvalid(t('password.mismatch'));
    setInvalid(null);
    if (await p.change(current, next)) {
      setCurrent('');
      setNext('');
      setRepeat('');
    }
  };
  const serverError = p.error ? (p.error.code === 'staffSignInFailed' ? t('password.wrong') : errorText(t, p.error)) : null;

  return (
    <main id="main" className="page">
      <h1>{t('password.title')}</h1>
      <form className="form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor="pw-current">
            {t('password.current')}
          </label>
          <input id="pw-current" className="field__input" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="pw-next">
            {t('password.next')}
          </label>
          <input
            id="pw-next"
            className="field__input"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.target.value)}
            aria-describedby="pw-next-hint"
          />
          <p id="pw-next-hint" className="field__hint">
            {t('password.hint')}
          </p>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="pw-repeat">
            {t('password.repeat')}
          </label>
          <input id="pw-repeat" className="field__input" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
        </div>
        {invalid || serverError ? (
          <p className="field__error" role="alert">
            {invalid ?? serverError}
          </p>
        ) : null}
        {p.saved ? (
          <p className="notice" role="status">
            {t('password.saved')}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={p.saving || !current}>
          {t('password.save')}
        </button>
      </form>
    </main>
  );
});
