import { ProviderPayScreen } from '@/components/ordering/ProviderPayScreen';
import { PayType } from '@/domain/enums';

/** order/stripe-pay (C§2, ORDER-7): pays an order on the card provider's page. */
export default function OrderStripePayPage() {
  return <ProviderPayScreen route="order/stripe-pay" payType={PayType.stripe} />;
}
