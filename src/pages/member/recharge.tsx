import { RouteScreen } from '@/components/RouteScreen';

/** member/recharge (C§2): When the shop offers top-ups, choose an amount here to add to your member card. */
export default function MemberRechargePage() {
  return <RouteScreen route="member/recharge" action="goMember" />;
}
