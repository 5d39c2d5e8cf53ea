import { RouteScreen } from '@/components/RouteScreen';

/** member/limit-card (C§2): Limit cards you buy and their remaining uses are shown here. */
export default function MemberLimitCardPage() {
  return <RouteScreen route="member/limit-card" action="goMember" />;
}
