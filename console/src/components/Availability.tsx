/** Availability: sold out, stock and paused order types (CONSOLE-5). */
import { observer } from 'mobx-react';
import { useStore } from '../context';

export const AvailabilityPage = observer(function AvailabilityPage() {
  const store = useStore();
  const { t } = store.i18n;
  return (
    <main id="main" className="page">
      <h1>{t('availability.title')}</h1>
    </main>
  );
});
