/**
 * How the ordering screens speak to the customer (C§8): rule failures as toasts in the customer's
 * language, the notices of C§4 as dialogs (single "got it" button where the spec says so).
 */
import type { RuleError } from '@/domain/errors';
import { errorMessage, t } from '@/i18n';
import { rootStore } from '@/stores';

/** Toasts the message of a rule failure (C§8 "show info as a toast"). */
export function toastError(error: RuleError | null | undefined): void {
  if (error) rootStore.platform.ui.toast(errorMessage(error));
}

/** A plain toast. */
export function toast(message: string): void {
  rootStore.platform.ui.toast(message);
}

/** A dialog with one "got it" button (C§4 stock shortfall and other notices). */
export function notice(content: string, title?: string): Promise<boolean> {
  return rootStore.platform.ui.modal({ title, content, showCancel: false, confirmText: t('pages.ordering.gotIt') });
}

/** A dialog asking to confirm; resolves true on confirm. */
export function ask(content: string, confirmText?: string, cancelText?: string): Promise<boolean> {
  return rootStore.platform.ui.modal({
    content,
    showCancel: true,
    confirmText: confirmText ?? t('pages.ordering.confirm'),
    cancelText: cancelText ?? t('pages.ordering.cancel'),
  });
}
