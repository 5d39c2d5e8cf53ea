/** The sign-in page: username, password (with a show/hide toggle), inline errors, the language switch. */
import { observer } from 'mobx-react';
import { useState, type FormEvent } from 'react';
import { useStore } from '../context';
import { LanguageSwitch } from './LanguageSwitch';
import { errorText } from './texts';

export const SignInPage = observer(function SignInPage() {
  const store = useStore();
  const { t } = store.i18n;
  const session = store.session;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [show, setShow] = useState(false);
  const [missing, setMissing] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!username.trim() || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    void store.signIn(username.trim(), password);
  };

  const err = session.error;
  const message = missing
    ? t('signIn.required')
    : !err
      ? null
      : err.kind === 'wrong'
        ? t('signIn.wrong')
        : err.kind === 'locked'
          ? err.minutes !== null
            ? t('signIn.locked', { minutes: err.minutes })
            : t('signIn.lockedSoon')
          : errorText(t, err.error);

  return (
    <main id="main" className="signin">
      <div className="signin__lang">
        <LanguageSwitch id="signin-lang" />
      </div>
      <form className="signin__box" onSubmit={submit} noValidate aria-describedby={message ? 'signin-error' : undefined}>
        <h1 className="signin__title">{t('signIn.title')}</h1>
        <p className="muted">{t('signIn.subtitle')}</p>
        {session.expired && !message ? (
          <p className="notice" role="status">
            {t('signIn.expired')}
          </p>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor="signin-username">
            {t('signIn.username')}
          </label>
          <input
            id="signin-username"
            className="field__input"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            aria-invalid={message !== null}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="signin-password">
            {t('signIn.password')}
          </label>
          <div className="field__row">
            <input
              id="signin-password"
              className="field__input"
              name="password"
              type={show ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={message !== null}
            />
            <button type="button" className="btn btn--secondary" aria-pressed={show} aria-controls="signin-password" onClick={() => setShow(!show)}>
              {show ? t('signIn.hide') : t('signIn.show')}
            </button>
          </div>
        </div>
        {message ? (
          <p className="field__error" id="signin-error" role="alert">
            {message}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary btn--wide" disabled={session.signingIn}>
          {session.signingIn ? t('signIn.submitting') : t('signIn.submit')}
        </button>
      </form>
    </main>
  );
});
