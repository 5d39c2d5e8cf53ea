import { RouteScreen } from '@/components/RouteScreen';

/** member/bind-qrcode (C§2): Follow the official account here to receive member transaction notices. */
export default function MemberBindQrcodePage() {
  return <RouteScreen route="member/bind-qrcode" action="goMember" />;
}
