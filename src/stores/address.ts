/**
 * Delivery addresses (USER-3; C§3 Address, C§5 address rules): list, add, edit, delete, default,
 * gender, GPS required, the address chosen for a takeaway order and its distance from the shop, which
 * the server measures (delivery/getDistance) — the app never sends a distance of its own.
 */
import { computed, makeObservable, observable } from 'mobx';
import { locateOnMap } from './geo';
import type { Api } from '../api';
import { isApiError, ruleOf, settle } from '../api/request';
import type { SavedAddress } from '../api/contract/address';
import type { GetDistanceRes } from '../api/contract/delivery';
import { Gender } from '../domain/enums';
import type { Gender as GenderValue } from '../domain/enums';
import { ErrorCode, ruleError } from '../domain/errors';
import type { RuleError } from '../domain/errors';
import { checkPhone, parseGps } from '../domain/contact';
import type { Platform } from '../platform/types';
import { change } from './named-action';

/** The fields of the address form (C§3 Address). `addressGps` is "lat,lng" of the chosen point. */
export interface AddressForm {
  name: string;
  phone: string;
  gender?: GenderValue;
  province?: string;
  city?: string;
  county?: string;
  /** Detail address. */
  address: string;
  addressGps: string;
  houseNumber?: string;
  isDefault?: boolean;
}

export interface AddressDeps {
  api: Pick<Api, 'address' | 'delivery'>;
  platform: Pick<Platform, 'location'>;
  /** USER-5: the region of a phone typed without a calling code. */
  phoneRegion?: string | null;
}

/** The answer of a form action: the saved address, or the rule errors in the order the form shows them. */
export type AddressSaveResult = { ok: true; address: SavedAddress } | { ok: false; errors: RuleError[] };

const blank = (v: string | null | undefined): boolean => v === null || v === undefined || v.trim() === '';
const GENDERS: readonly number[] = Object.values(Gender);

/** "lat,lng" with 6 decimals (about 0.1 m), as addressGps is stored. */
export const formatGps = (latitude: number, longitude: number): string => `${latitude.toFixed(6)},${longitude.toFixed(6)}`;

/**
 * C§5 address rules, in the order the form reports them: name (`requiredName`), phone (`requiredPhone`
 * / `inputCorrectPhone`), detail address (`requiredAddress`), GPS info (`addressNoGps`).
 */
export function validateAddress(form: AddressForm, region: string | null = null): RuleError[] {
  const errors: Array<RuleError | null> = [
    blank(form.name) ? ruleError(ErrorCode.requiredName) : null,
    checkPhone(form.phone, region),
    blank(form.address) ? ruleError(ErrorCode.requiredAddress) : null,
    parseGps(form.addressGps) ? null : ruleError(ErrorCode.addressNoGps),
    form.gender !== undefined && !GENDERS.includes(form.gender) ? ruleError(ErrorCode.addressError) : null,
  ];
  return errors.filter((e): e is RuleError => e !== null);
}

/** The form of a saved address (for editing). */
export function formOf(a: SavedAddress): AddressForm {
  return {
    name: a.name,
    phone: a.phone,
    gender: (GENDERS.includes(a.gender ?? 0) ? (a.gender ?? 0) : 0) as GenderValue,
    province: a.province,
    city: a.city,
    county: a.county,
    address: a.address,
    addressGps: a.addressGps ?? '',
    houseNumber: a.houseNumber,
    isDefault: a.isDefault,
  };
}

const trimmed = (form: AddressForm) => ({
  ...form,
  name: form.name.trim(),
  phone: form.phone.replace(/[\s-]/g, ''),
  address: form.address.trim(),
  addressGps: form.addressGps.trim(),
});

export class AddressStore {
  list: SavedAddress[] = [];
  loading = false;
  loaded = false;
  saving = false;
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
      saving: observable,
      selectedId: observable,
      distance: observable.ref,
      distanceError: observable.ref,
      defaultAddress: computed,
      selected: computed,
      inRange: computed,
    });
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

  /** Adds an address after the C§5 checks. */
  async add(form: AddressForm): Promise<AddressSaveResult> {
    const errors = validateAddress(form, this.deps.phoneRegion ?? null);
    if (errors.length > 0) return { ok: false, errors };
    return this.save(() => this.deps.api.address.add(trimmed(form)));
  }

  /** Replaces the fields of an address after the C§5 checks. */
  async update(id: number, form: AddressForm): Promise<AddressSaveResult> {
    const errors = validateAddress(form, this.deps.phoneRegion ?? null);
    if (errors.length > 0) return { ok: false, errors };
    return this.save(() => this.deps.api.address.update({ id, ...trimmed(form) }));
  }

  /** Makes an address the default one. */
  async setDefault(id: number): Promise<AddressSaveResult> {
    const current = this.list.find((a) => a.id === id);
    if (!current) return { ok: false, errors: [ruleError(ErrorCode.addressError)] };
    return this.update(id, { ...formOf(current), isDefault: true });
  }

  /** Deletes an address (the server moves the default to the oldest remaining one). */
  async remove(id: number): Promise<boolean> {
    const res = await settle(this.deps.api.address.delete({ id }));
    if (!res.ok) return false;
    if (this.selectedId === id) {
      change('address/unselect', () => {
        this.selectedId = null;
        this.distance = null;
      });
    }
    await this.load();
    return true;
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

  /**
   * C§5 "address needs GPS info": the device position as "lat,lng", or `locationUnavailable` ("Cant get
   * location, please open and auth") when the platform gives none.
   */
  async locate(): Promise<{ ok: true; addressGps: string } | { ok: false; error: RuleError }> {
    // USER-6: in the shops' map system, as the delivery distance measures it
    const res = await locateOnMap(this.deps.platform.location, this.deps.api.delivery);
    if (!res.ok) return { ok: false, error: ruleError(ErrorCode.locationUnavailable) };
    return { ok: true, addressGps: formatGps(res.value.latitude, res.value.longitude) };
  }

  private async save(call: () => Promise<SavedAddress>): Promise<AddressSaveResult> {
    change('address/saving', () => {
      this.saving = true;
    });
    try {
      const address = await call();
      await this.load();
      return { ok: true, address };
    } catch (e) {
      if (isApiError(e)) return { ok: false, errors: [ruleError(e.code)] };
      throw e;
    } finally {
      change('address/saved', () => {
        this.saving = false;
      });
    }
  }
}
