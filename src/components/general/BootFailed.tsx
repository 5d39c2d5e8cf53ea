import { EmptyState } from '../EmptyState';
import { resetBoot } from '../ordering/boot';
import { errorMessage, t } from '@/i18n';
import type { ErrorCode } from '@/domain/errors';

/** The shop could not be loaded (C§8 "Order failed at get shop data"): says so and loads it again. */
export function BootFailed({ code, onRetry }: { code: ErrorCode | string; onRetry: () => void }) {
  return (
    <EmptyState
      title={t('pages.ordering.loadFailed')}
      description={errorMessage(code as ErrorCode)}
      actionText={t('pages.ordering.retry')}
      onAction={() => {
        resetBoot();
        onRetry();
      }}
    />
  );
}
