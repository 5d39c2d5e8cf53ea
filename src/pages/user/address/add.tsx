import { RouteScreen } from '@/components/RouteScreen';

/** user/address/add (C§2): Enter the contact, phone and address; save it to use for delivery orders. */
export default function UserAddressAddPage() {
  return <RouteScreen route="user/address/add" action="back" />;
}
