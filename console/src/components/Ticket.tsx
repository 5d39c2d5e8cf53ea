/** A kitchen ticket's print view, 58 or 80 mm wide (CONSOLE-3). */
import { observer } from 'mobx-react';
import { useStore } from '../context';

export const TicketPage = observer(function TicketPage() {
  const store = useStore();
  const { t } = store.i18n;
  return (
    <main id="main" className="page">
      <h1>{t('ticket.print')}</h1>
    </main>
  );
});
