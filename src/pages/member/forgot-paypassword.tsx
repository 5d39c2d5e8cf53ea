import { RouteScreen } from '@/components/RouteScreen';

/** member/forgot-paypassword (C§2): Confirm it is you with a code sent to your phone, then set a new pay password. */
export default function MemberForgotPaypasswordPage() {
  return <RouteScreen route="member/forgot-paypassword" action="goMember" />;
}
