import { RouteScreen } from '@/components/RouteScreen';

/** member/limit-card-history (C§2): Each use of your limit cards is listed here. */
export default function MemberLimitCardHistoryPage() {
  return <RouteScreen route="member/limit-card-history" action="goMember" />;
}
