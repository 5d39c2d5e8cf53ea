import { RouteScreen } from '@/components/RouteScreen';

/** user/address/update (C§2): This screen edits a saved delivery address. */
export default function UserAddressUpdatePage() {
  return <RouteScreen route="user/address/update" action="back" />;
}
