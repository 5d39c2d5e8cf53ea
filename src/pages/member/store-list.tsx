import { RouteScreen } from '@/components/RouteScreen';

/** member/store-list (C§2): Shops that accept your member card are listed here. */
export default function MemberStoreListPage() {
  return <RouteScreen route="member/store-list" action="goMember" />;
}
