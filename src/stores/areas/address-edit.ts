/**
 * Editing the delivery addresses (USER-3; C§3 Address, C§5 address rules): add, edit, delete, default,
 * gender, GPS required (from the device position when asked). The list and the address chosen for a
 * takeaway order stay in the root's AddressStore, which each save reloads. Built by the address pages
 * through `root.area('address-edit', …)`, so this module travels in the address package.
 */
import { makeObservable, observable } from 'mobx';
import type { Api } from '../../api';
import { isApiError, settle } from '../../api/request';
import type { SavedAddress } from '../../api/contract/address';
import { Gender } from '../../domain/enums';
import type { Gender as GenderValue } from '../../domain/enums';
import { ErrorCode, ruleError } from '../../domain/errors';
import type { RuleError } from '../../domain/errors';
import { checkPhone, parseGps } from '../../domain/contact';
import type { AddressStore } from '../address';
import { locateOnMap } from '../geo';
import { change } from '../named-action';

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

export interface AddressEditDeps {
  api: Pick<Api, 'address' | 'delivery'>;
  /** The saved addresses and the selected one (its device position and phone region too). */
  address: AddressStore;
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

export class AddressEditStore {
  saving = false;

  constructor(private readonly deps: AddressEditDeps) {
    makeObservable(this, { saving: observable });
  }

  /** Adds an address after the C§5 checks. */
  async add(form: AddressForm): Promise<AddressSaveResult> {
    const errors = validateAddress(form, this.deps.address.phoneRegion);
    if (errors.length > 0) return { ok: false, errors };
    return this.save(() => this.deps.api.address.add(trimmed(form)));
  }

  /** Replaces the fields of an address after the C§5 checks. */
  async update(id: number, form: AddressForm): Promise<AddressSaveResult> {
    const errors = validateAddress(form, this.deps.address.phoneRegion);
    if (errors.length > 0) return { ok: false, errors };
    return this.save(() => this.deps.api.address.update({ id, ...trimmed(form) }));
  }

  /** Makes an address the default one. */
  async setDefault(id: number): Promise<AddressSaveResult> {
    const current = this.deps.address.list.find((a) => a.id === id);
    if (!current) return { ok: false, errors: [ruleError(ErrorCode.addressError)] };
    return this.update(id, { ...formOf(current), isDefault: true });
  }

  /** Deletes an address (the server moves the default to the oldest remaining one). */
  async remove(id: number): Promise<boolean> {
    const { address } = this.deps;
    const res = await settle(this.deps.api.address.delete({ id }));
    if (!res.ok) return false;
    if (address.selectedId === id) {
      change('address/unselect', () => {
        address.selectedId = null;
        address.distance = null;
      });
    }
    await address.load();
    return true;
  }

  /**
   * C§5 "address needs GPS info": the device position as "lat,lng", or `locationUnavailable` ("Cant get
   * location, please open and auth") when the platform gives none.
   */
  async locate(): Promise<{ ok: true; addressGps: string } | { ok: false; error: RuleError }> {
    // USER-6: in the shops' map system, as the delivery distance measures it
    const res = await locateOnMap(this.deps.address.location, this.deps.api.delivery);
    if (!res.ok) return { ok: false, error: ruleError(ErrorCode.locationUnavailable) };
    return { ok: true, addressGps: formatGps(res.value.latitude, res.value.longitude) };
  }

  private async save(call: () => Promise<SavedAddress>): Promise<AddressSaveResult> {
    change('address/saving', () => {
      this.saving = true;
    });
    try {
      const address = await call();
      await this.deps.address.load();
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
