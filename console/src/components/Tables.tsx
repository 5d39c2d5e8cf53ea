/** The floor view: the shop's tables by area (CONSOLE-4). */
import { observer } from 'mobx-react';
import { useStore } from '../context';

export const TablesPage = observer(function TablesPage() {
  const store = useStore();
  const { t } = store.i18n;
  return (
    <main id="main" className="page">
      <h1>{t('tables.title')}</h1>
    </main>
  );
});
