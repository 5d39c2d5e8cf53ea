/**
 * The address pages' editing store (USER-3): built once per identity by `RootStore.area` over the
 * root's address list, so its module travels in the address package.
 */
import { useStores } from '@/stores';
import { AddressEditStore } from '@/stores/areas/address-edit';

export function useAddressEdit(): AddressEditStore {
  return useStores().area('address-edit', (root) => new AddressEditStore({ api: root.api, address: root.address }));
}
