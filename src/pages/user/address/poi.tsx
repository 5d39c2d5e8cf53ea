import { RouteScreen } from '@/components/RouteScreen';

/** user/address/poi (C§2): Choose the delivery spot on the map; nearby places are listed here. */
export default function UserAddressPoiPage() {
  return <RouteScreen route="user/address/poi" action="back" />;
}
