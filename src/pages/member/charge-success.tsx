import { RouteScreen } from '@/components/RouteScreen';

/** member/charge-success (C§2): After a top-up, the amount added and any gift amount are shown here. */
export default function MemberChargeSuccessPage() {
  return <RouteScreen route="member/charge-success" action="goMember" />;
}
