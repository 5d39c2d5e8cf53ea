import { RouteScreen } from '@/components/RouteScreen';

/** user/wechat-group (C§2): When the shop has a group, join it here to receive member transaction notices. */
export default function UserWechatGroupPage() {
  return <RouteScreen route="user/wechat-group" action="goHome" />;
}
