import { RouteScreen } from '@/components/RouteScreen';

/** member/edit-paypassword (C§2): Set a 6-digit pay password to pay with your member balance. */
export default function MemberEditPaypasswordPage() {
  return <RouteScreen route="member/edit-paypassword" action="goMember" />;
}
