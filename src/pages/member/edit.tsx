import { RouteScreen } from '@/components/RouteScreen';

/** member/edit (C§2): Edit your member name, birthday and other details here. */
export default function MemberEditPage() {
  return <RouteScreen route="member/edit" action="goMember" />;
}
