import { RouteScreen } from '@/components/RouteScreen';

/** user/info (C§2): View and edit your nickname, picture and phone number here. */
export default function UserInfoPage() {
  return <RouteScreen route="user/info" action="goMine" />;
}
