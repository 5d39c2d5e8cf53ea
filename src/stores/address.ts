/**
 * Delivery addresses (USER-3; C§3 Address): the saved list, the address chosen for a takeaway order
 * and its distance from the shop, which the server measures (delivery/getDistance) — the app never
 * sends a distance of its own. Adding, editing and deleting (C§5 address rules) is the address
 * package's `AddressEditStore` (areas/address-edit.ts), which reloads this list after each save.
 */
import { computed, makeObservable, observable } from 'mobx';
import type { Api } from '../api';
import { ruleOf, settle } from '../api/request';
import type { SavedAddress } from '../api/contract/address';
import type { GetDistanceRes } from '../api/contract/delivery';
import type { RuleError } from '../domain/errors';
import type { Platform } from '../platform/types';
import { change } from './named-action';

export interface AddressDeps {
  api: Pick<Api, 'address' | 'delivery'>;
  /** The device position the address form fills GPS info from. */
  platform: Pick<Platform, 'location'>;
  /** USER-5: the region of a phone typed without a calling code (the address form checks it). */
  phoneRegion?: string | null;
}

export class AddressStore {
  list: SavedAddress[] = [];
  loading = false;
  loaded = false;
  /** The address chosen for the takeaway order. */
  selectedId: number | null = null;
  /** The server's distance answer for the selected address. */
  distance: GetDistanceRes | null = null;
  distanceError: RuleError | null = null;

  constructor(private readonly deps: AddressDeps) {
    makeObservable(this, {
      list: observable.ref,
      loading: observable,
      loaded: observable,
      selectedId: observable,
      distance: observable.ref,
      distanceError: observable.ref,
      defaultAddress: computed,
      selected: computed,
      inRange: computed,
    });
  }

  /** USER-5: the region of a phone typed without a calling code. */
  get phoneRegion(): string | null {
    return this.deps.phoneRegion ?? null;
  }

  /** Where the device position comes from (the address form's GPS info). */
  get location(): Platform['location'] {
    return this.deps.platform.location;
  }

  get defaultAddress(): SavedAddress | null {
    return this.list.find((a) => a.isDefault) ?? null;
  }

  get selected(): SavedAddress | null {
    return this.list.find((a) => a.id === this.selectedId) ?? null;
  }

  /** C§5: the selected address is inside the delivery range (unknown until measured). */
  get inRange(): boolean | null {
    return this.distance && this.distance.addressId === this.selectedId ? this.distance.inRange : null;
  }

  /** address/list; the default address is selected when none is. */
  async load(): Promise<void> {
    change('address/loading', () => {
      this.loading = true;
    });
    try {
      const res = await this.deps.api.address.list();
      change('address/load', () => {
        this.list = res.list;
        this.loaded = true;
        if (this.selectedId !== null && !res.list.some((a) => a.id === this.selectedId)) this.selectedId = null;
      });
      if (this.selectedId === null && this.defaultAddress?.id !== undefined) await this.select(this.defaultAddress.id);
    } finally {
      change('address/loaded', () => {
        this.loading = false;
      });
    }
  }

  /**
   * Chooses the takeaway address and asks the server for its distance (C§5: the delivery must be in
   * range; the fee tiers read the distance). The distance failure (no GPS, shop address wrong) is kept.
   */
  async select(id: number | null): Promise<void> {
    change('address/select', () => {
      this.selectedId = id;
      this.distance = null;
      this.distanceError = null;
    });
    if (id === null) return;
    const res = await settle(this.deps.api.delivery.getDistance({ addressId: id }));
    if (this.selectedId !== id) return;
    change('address/distance', () => {
      if (res.ok) this.distance = res.data;
      else this.distanceError = ruleOf(res.error);
    });
  }
}
