/** Texts that depend on data: an action's button name, an error's message. */
import type { BoardOrder, ConsoleAction } from '../../../src/api/contract/console';
import { OrderStatus, OrderType } from '../../../src/domain/enums';
import type { ConsoleApiError } from '../api';
import type { MessageKey, Params } from '../i18n';

type T = (key: MessageKey, params?: Params) => string;

/** The button's name says what it does: `deliver` hands a delivery to the courier, a rider's ride ends, a dine-in order is served. */
export function actionLabel(t: T, order: BoardOrder, action: ConsoleAction): string {
  switch (action) {
    case 'deliver':
      if (order.type === OrderType.dine || order.type === OrderType.openTable) return t('action.served');
      if (order.type === OrderType.takeaway && (order.status === OrderStatus.confirmed || order.status === OrderStatus.confirmed_new)) {
        return t('action.outForDelivery');
      }
      return t('action.delivered');
    default:
      return t(`action.${action}`);
  }
}

export function errorText(t: T, err: Pick<ConsoleApiError, 'code' | 'info'>): string {
  switch (err.code) {
    case 'networkError':
    case 'requestTimeout':
      return t('errors.network');
    case 'forbidden':
    case 'staffForbidden':
      return t('errors.forbidden');
    case 'orderNotFound':
      return t('errors.notFound');
    case 'tooManyRequests':
      return t('errors.tooMany');
    case 'serverError':
      return t('errors.server');
    default:
      return err.info ? t('errors.generic', { message: err.info }) : t('errors.server');
  }
}

/** An offset from UTC as the console writes it: +01:00, −03:30. */
export const offsetText = (minutes: number): string => {
  const sign = minutes < 0 ? '−' : '+';
  const a = Math.abs(minutes);
  return `${sign}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
};

/** A refund's state on the card (the server names it queued, retrying, failed or done). */
export function refundStateText(t: T, state: string): string {
  return state === 'queued' || state === 'retrying' || state === 'failed' || state === 'done' ? t(`refundState.${state}`) : state;
}
