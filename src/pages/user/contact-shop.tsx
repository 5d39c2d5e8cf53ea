import { RouteScreen } from '@/components/RouteScreen';

/** user/contact-shop (C§2): The shop's phone number and address are shown here. */
export default function UserContactShopPage() {
  return <RouteScreen route="user/contact-shop" action="goHome" />;
}
