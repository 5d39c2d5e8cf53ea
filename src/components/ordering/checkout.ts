/**
 * "Confirm the order" from the cart (C§4 last bullet, CART-3), as the pages run it: the store decides
 * the step, this shows it — expiry dialog (fast food: confirm switches to dine, cancel calls the
 * shop), closed notice, the rule broken, the stock shortfall "got it" dialog naming the product — or
 * opens the confirm page.
 */
import Taro from '@tarojs/taro';
import { errorMessage, t } from '@/i18n';
import type { RootStore } from '@/stores/root';
import type { ShopStatusDialog } from '@/domain/shop-status';
import { notice, toastError } from './feedback';

/** Shows the shop status dialog of C§4 and runs the customer's answer. */
export async function showShopStatusDialog(root: RootStore, dialog: ShopStatusDialog): Promise<void> {
  const confirmed = await root.platform.ui.modal({
    content: errorMessage(dialog.code),
    showCancel: dialog.cancel !== null,
    confirmText: dialog.confirm === 'switchToDine' ? t('pages.ordering.switchToDine') : t('pages.ordering.gotIt'),
    cancelText: dialog.cancel === 'callShop' ? t('pages.ordering.callShop') : t('pages.ordering.cancel'),
  });
  const action = root.shop.answerStatusDialog(confirmed ? dialog.confirm : (dialog.cancel ?? 'dismiss'));
  const phone = root.shop.shop?.phone;
  if (action === 'callShop' && phone) void Taro.makePhoneCall({ phoneNumber: phone }).catch(() => undefined);
}

/** Runs the checkout of the cart; resolves true when the confirm page opened. */
export async function runCheckout(root: RootStore): Promise<boolean> {
  const step = await root.checkout.checkout();
  switch (step.step) {
    case 'expiredNotice':
      await showShopStatusDialog(root, step.dialog);
      return false;
    case 'closedNotice':
      await notice(errorMessage(step.error));
      return false;
    case 'none':
      return false;
    case 'invalid':
      toastError(step.error);
      return false;
    case 'stockShortage':
      // C§4: a single "got it" button; the cart already shrank to what is left
      await notice(errorMessage(step.error));
      return false;
    case 'confirm':
      await root.platform.ui.navigateTo(step.url);
      return true;
  }
}
