import { RouteScreen } from '@/components/RouteScreen';

/** user/protocol (C§2): The user agreement and privacy policy are shown here. */
export default function UserProtocolPage() {
  return <RouteScreen route="user/protocol" action="back" />;
}
