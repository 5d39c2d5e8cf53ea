import { RouteScreen } from '@/components/RouteScreen';

/** member/point-consume-list (C§2): Points you earn and spend are listed here. */
export default function MemberPointConsumeListPage() {
  return <RouteScreen route="member/point-consume-list" action="goMember" />;
}
