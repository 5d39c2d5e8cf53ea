import { EmptyState } from '../EmptyState';
import { errorMessage, t } from '@/i18n';
import type { ErrorCode } from '@/domain/errors';
import { useStores } from '@/stores';

/** The shop could not be loaded (C§8 "Order failed at get shop data"): says so and loads it again. */
export function BootFailed({ code, onRetry }: { code: ErrorCode | string; onRetry: () => void }) {
  const { boot } = useStores();
  return (
    <EmptyState
      title={t('pages.ordering.loadFailed')}
      description={errorMessage(code as ErrorCode)}
      actionText={t('pages.ordering.retry')}
      onAction={() => {
        boot.reset();
        onRetry();
      }}
    />
  );
}
