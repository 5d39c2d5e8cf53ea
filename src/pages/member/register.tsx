import { RouteScreen } from '@/components/RouteScreen';

/** member/register (C§2): Enter your phone number to join and get member prices and points. */
export default function MemberRegisterPage() {
  return <RouteScreen route="member/register" action="goHome" />;
}
