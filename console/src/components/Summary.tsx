/** The shop's day summary (CONSOLE-6). */
import { observer } from 'mobx-react';
import { useStore } from '../context';

export const SummaryPage = observer(function SummaryPage() {
  const store = useStore();
  const { t } = store.i18n;
  return (
    <main id="main" className="page">
      <h1>{t('summary.title')}</h1>
    </main>
  );
});
