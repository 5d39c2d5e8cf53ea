/** The console's frame: sign-in, or the header, the banners and the page of the route. */
import { observer } from 'mobx-react';
import { useStore } from '../context';
import { clockTime } from '../format';
import type { MessageKey } from '../i18n';
import { PasswordPage, SettingsPage, StaffPage } from './Admin';
import { AvailabilityPage } from './Availability';
import { BoardPage } from './Board';
import { LanguageSwitch } from './LanguageSwitch';
import { SignInPage } from './SignIn';
import { SummaryPage } from './Summary';
import { TablesPage } from './Tables';
import { TableSession } from './TableSession';
import { TicketPage } from './Ticket';

export const App = observer(function App() {
  const store = useStore();
  const { t } = store.i18n;
  if (store.session.checking) {
    return (
      <main id="main" className="splash">
        <p role="status">{t('app.loading')}</p>
      </main>
    );
  }
  if (!store.session.me || store.router.route === 'signin') return <SignInPage />;
  const route = store.router.route;
  // a kitchen ticket prints alone: no header, no banners
  if (route === 'ticket') return <TicketPage />;
  return (
    <div className="shell">
      <a className="skip" href="#main">
        {t('app.skip')}
      </a>
      <Header />
      <Banners />
      <Page />
    </div>
  );
});

const Page = observer(function Page() {
  switch (useStore().router.route) {
    case 'tables':
      return <TablesPage sessionControls={(detail) => <TableSession detail={detail} />} />;
    case 'availability':
      return <AvailabilityPage />;
    case 'summary':
      return <SummaryPage />;
    case 'settings':
      return <SettingsPage />;
    case 'staff':
      return <StaffPage />;
    case 'password':
      return <PasswordPage />;
    default:
      return <BoardPage />;
  }
});

const Header = observer(function Header() {
  const store = useStore();
  const { t } = store.i18n;
  const me = store.session.me!;
  const owner = me.role === 'owner';
  const route = store.router.route;
  const link = (to: 'board' | 'tables' | 'availability' | 'summary' | 'settings' | 'staff' | 'password', key: MessageKey) => (
    <a href={`#/${to}`} className={`nav__link${route === to ? ' nav__link--on' : ''}`} aria-current={route === to ? 'page' : undefined}>
      {t(key)}
    </a>
  );
  return (
    <header className="header">
      <div className="header__shop">
        {me.shops.length > 1 ? (
          <>
            <label htmlFor="shop-switch" className="visually-hidden">
              {t('header.shop')}
            </label>
            <select id="shop-switch" className="select select--shop" value={store.shopId ?? me.shopId} onChange={(e) => store.openShop(Number(e.target.value))}>
              {me.shops.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </>
        ) : (
          <span className="header__shop-name">{store.shopName}</span>
        )}
      </div>
      <nav className="nav" aria-label={t('header.nav')}>
        {link('board', 'header.board')}
        {link('tables', 'tables.title')}
        {link('availability', 'availability.title')}
        {link('summary', 'summary.title')}
        {owner ? link('settings', 'header.settings') : null}
        {owner ? link('staff', 'header.staff') : null}
        {link('password', 'header.password')}
      </nav>
      <div className="header__user">
        <span className="header__who">
          {t('header.signedInAs', { name: me.username })} · {owner ? t('header.owner') : t('header.staffRole')}
        </span>
        <span className="header__until" id="session-until">
          {t('header.until', { time: clockTime(me.sessionEndsAt - store.clock.offset) })}
        </span>
      </div>
      <div className="header__tools">
        <button type="button" className="btn btn--secondary btn--toggle" aria-pressed={store.sound.muted} onClick={() => store.sound.toggleMute()}>
          <span className={`sound-dot${store.sound.muted ? ' sound-dot--off' : ''}`} aria-hidden="true" />
          {t('header.mute')}
        </button>
        <LanguageSwitch id="header-lang" compact />
        <button type="button" className="btn btn--secondary" onClick={() => void store.signOut()}>
          {t('header.signOut')}
        </button>
      </div>
    </header>
  );
});

const Banners = observer(function Banners() {
  const store = useStore();
  const { t } = store.i18n;
  return (
    <div className="banners" aria-live="polite">
      {store.live.down ? (
        <p className="banner banner--offline" role="status" id="offline-banner">
          {t('banner.offline')}
        </p>
      ) : null}
      {store.sound.blocked ? (
        <button type="button" className="banner banner--sound" id="sound-banner" onClick={() => void store.sound.unblock()}>
          {t('banner.soundBlocked')}
        </button>
      ) : null}
    </div>
  );
});
