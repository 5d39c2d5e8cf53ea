/**
 * The owner's shop clock on the settings page (TIME-1; docs/console.md "Settings"): the shop's IANA
 * time zone, on whose wall clock hours, sale times, appointments, validity dates and the day summary
 * are read (daylight saving included). A zone the browser or the server does not know is refused by
 * name and nothing changes.
 */
import { observer } from 'mobx-react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useStore } from '../context';
import { errorText, offsetText } from './texts';

/** The zones this browser knows (for the suggestions and the check before sending); empty where it cannot list them. */
function knownZones(): readonly string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: 'timeZone') => string[] };
  try {
    return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
  } catch {
    return [];
  }
}

export const ShopClock = observer(function ShopClock() {
  const store = useStore();
  const { t } = store.i18n;
  const shopId = store.shopId;
  const c = store.shopClock;
  const zones = useMemo(knownZones, []);
  const [zone, setZone] = useState('');
  const [unknown, setUnknown] = useState<string | null>(null);

  useEffect(() => {
    if (shopId !== null) void c.load(shopId);
  }, [shopId, c]);
  useEffect(() => {
    if (c.clock) setZone(c.clock.timeZone ?? '');
  }, [c.clock]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = zone.trim();
    if (name === '' || (zones.length > 0 && !zones.includes(name) && !zones.some((z) => z.toLowerCase() === name.toLowerCase()))) {
      setUnknown(name);
      return;
    }
    setUnknown(null);
    if (shopId === null || !c.clock) return;
    const saved = await c.save(shopId, { ...c.clock, timeZone: name });
    if (!saved && c.error?.code === 'badRequest') setUnknown(name);
  };

  const refused = unknown !== null ? t('shopClock.unknown', { zone: unknown }) : c.error && c.error.code !== 'badRequest' ? errorText(t, c.error) : null;
  return (
    <form className="form" id="shop-clock" onSubmit={submit} noValidate aria-labelledby="shop-clock-title">
      <h2 id="shop-clock-title">{t('shopClock.title')}</h2>
      {c.loading && !c.clock ? <p className="muted">{t('common.loading')}</p> : null}
      <div className="field">
        <label className="field__label" htmlFor="shop-clock-zone">
          {t('shopClock.zone')}
        </label>
        <input
          id="shop-clock-zone"
          className="input"
          list="shop-clock-zones"
          value={zone}
          placeholder="Europe/Paris"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={unknown !== null}
          aria-describedby="shop-clock-hint"
          onChange={(e) => {
            setZone(e.target.value);
            setUnknown(null);
          }}
        />
        <datalist id="shop-clock-zones">
          {zones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <p id="shop-clock-hint" className="field__hint">
          {c.clock
            ? c.clock.timeZone
              ? t('shopClock.now', { zone: c.clock.timeZone, offset: offsetText(c.clock.utcOffsetMinutes) })
              : t('shopClock.fixed', { offset: offsetText(c.clock.utcOffsetMinutes) })
            : t('shopClock.hint')}
        </p>
      </div>
      {refused ? (
        <p className="field__error" role="alert">
          {refused}
        </p>
      ) : null}
      {c.saved ? (
        <p className="notice" role="status">
          {t('shopClock.saved')}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" id="shop-clock-save" disabled={c.saving || !c.clock}>
        {c.saving ? t('settings.saving') : t('shopClock.save')}
      </button>
    </form>
  );
});
