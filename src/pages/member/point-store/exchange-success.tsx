import { RouteScreen } from '@/components/RouteScreen';

/** member/point-store/exchange-success (C§2): After an exchange, the coupon or gift you received is shown here. */
export default function MemberPointStoreExchangeSuccessPage() {
  return <RouteScreen route="member/point-store/exchange-success" action="goMember" />;
}
