import { RouteScreen } from '@/components/RouteScreen';

/** user/index-tab-1 (C§2): Once a shop is chosen, its menu appears here by category, ready to add to your cart. */
export default function UserIndexTab1Page() {
  return <RouteScreen route="user/index-tab-1" action="chooseShop" tab />;
}
