import { RouteScreen } from '@/components/RouteScreen';

/** user/address/list (C§2): Add an address to choose it quickly for delivery orders. */
export default function UserAddressListPage() {
  return <RouteScreen route="user/address/list" action="addAddress" />;
}
