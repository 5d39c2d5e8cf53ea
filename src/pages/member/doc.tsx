import { RouteScreen } from '@/components/RouteScreen';

/** member/doc (C§2): Top-ups and payments with your member balance are listed here. Pull down to refresh. */
export default function MemberDocPage() {
  return <RouteScreen route="member/doc" action="goMember" />;
}
