import { ProviderPayScreen } from '@/components/ordering/ProviderPayScreen';
import { PayType } from '@/domain/enums';

/** order/allin-pay (C§2, ORDER-7): pays an order on the all-in-one provider's page. */
export default function OrderAllinPayPage() {
  return <ProviderPayScreen route="order/allin-pay" payType={PayType.allinpay} />;
}
