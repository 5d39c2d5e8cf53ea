/**
 * The shop list without a shop (C§2 entry without a shop id; SHOP-1): the shops of the link's brand,
 * or every shop, from store/publicList (no token). The list shows at once by name; once the device
 * position is known it is asked again and runs nearest first. A refused or unavailable position keeps
 * the list by name.
 */
import { makeObservable, observable } from 'mobx';
import type { Api } from '../../api';
import type { PublicListReq, PublicShop } from '../../api/contract/store';
import { isApiError } from '../../api/request';
import { ErrorCode } from '../../domain/errors';
import type { Platform } from '../../platform/types';
import { change } from '../named-action';
import type { RootStore } from '../root';

export interface ShopPickerDeps {
  api: Pick<Api, 'store'>;
  platform: Pick<Platform, 'location'>;
}

/** Where the device position stands: being asked, known (list by distance), refused or unavailable. */
export type LocatedState = 'asking' | 'located' | 'refused';

export class ShopPickerStore {
  shops: PublicShop[] | null = null;
  /** Why the list could not be read (shown with a retry). */
  error: ErrorCode | string | null = null;
  located: LocatedState = 'asking';
  /** The brand of the list on screen (null: every shop). */
  brand: number | null = null;
  private run = 0;

  constructor(private readonly deps: ShopPickerDeps) {
    makeObservable(this, { shops: observable.ref, error: observable, located: observable, brand: observable });
  }

  /**
   * Reads the list by name, and in parallel asks for the position; with a position the list is read
   * again, nearest first. A later `load` wins over an earlier one still running.
   */
  async load(brand: number | null): Promise<void> {
    const run = (this.run += 1);
    change('shopPicker/loading', () => {
      this.brand = brand;
      this.error = null;
      this.located = 'asking';
    });
    const base: PublicListReq = brand === null ? {} : { brand };
    const position = this.deps.platform.location.getLocation();
    const byName = this.read(run, base, false);
    const pos = await position;
    if (run !== this.run) return;
    if (!pos.ok) {
      change('shopPicker/refused', () => {
        this.located = 'refused';
      });
      await byName;
      return;
    }
    const { latitude, longitude, coordType } = pos.value;
    await byName;
    if (run !== this.run) return;
    await this.read(run, { ...base, position: { latitude, longitude, coordType } }, true);
  }

  private async read(run: number, req: PublicListReq, byDistance: boolean): Promise<void> {
    try {
      const res = await this.deps.api.store.publicList(req, { silent: true });
      if (run !== this.run) return;
      change('shopPicker/loaded', () => {
        this.shops = res.list;
        this.error = null;
        if (byDistance) this.located = 'located';
      });
    } catch (e) {
      if (run !== this.run) return;
      // a list already on screen stays; the position answer failing is not worth an error screen
      if (this.shops !== null && byDistance) return;
      change('shopPicker/failed', () => {
        this.error = isApiError(e) ? e.code : ErrorCode.getShopDataFailed;
      });
    }
  }
}

/** The shop list's store of `root` (first use only). */
export function shopPickerArea(root: RootStore): ShopPickerStore {
  return root.area('shopPicker', (r) => new ShopPickerStore({ api: r.api, platform: r.platform }));
}
