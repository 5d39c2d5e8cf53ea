/**
 * The shop list without a shop (C§2 entry without a shop id; SHOP-1): the shops of the link's brand,
 * or every shop, from store/publicList (no token). The list shows at once by name; once the device
 * position is known it is asked again and runs nearest first. A refused or unavailable device position
 * falls back on where the network address puts the customer (C§7 "IP location", city-level: nearest to
 * the area); without either the list stays by name.
 */
import { makeObservable, observable } from 'mobx';
import type { Api } from '../../api';
import type { PublicListReq, PublicShop } from '../../api/contract/store';
import { isApiError } from '../../api/request';
import { ErrorCode } from '../../domain/errors';
import type { Platform } from '../../platform/types';
import { roughPosition } from '../geo';
import { change } from '../named-action';
import type { RootStore } from '../root';

export interface ShopPickerDeps {
  api: Pick<Api, 'store' | 'delivery'>;
  platform: Pick<Platform, 'location'>;
}

/**
 * Where the position stands: being asked, known from the device (list by distance), known only from the
 * network address (list by distance to the area), or neither (list by name).
 */
export type LocatedState = 'asking' | 'located' | 'area' | 'refused';

export class ShopPickerStore {
  shops: PublicShop[] | null = null;
  /** Why the list could not be read (shown with a retry). */
  error: ErrorCode | string | null = null;
  located: LocatedState = 'asking';
  /** The brand of the list on screen (null: every shop). */
  brand: number | null = null;
  /** The city the network address names, when the list runs by distance to the area. */
  area: string | null = null;
  private run = 0;

  constructor(private readonly deps: ShopPickerDeps) {
    makeObservable(this, { shops: observable.ref, error: observable, located: observable, brand: observable, area: observable });
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
    const position = roughPosition(this.deps.platform.location, this.deps.api.delivery);
    const byName = this.read(run, base, false);
    const pos = await position;
    if (run !== this.run) return;
    if (!pos) {
      change('shopPicker/refused', () => {
        this.located = 'refused';
      });
      await byName;
      return;
    }
    const { latitude, longitude, coordType } = pos;
    await byName;
    if (run !== this.run) return;
    await this.read(run, { ...base, position: { latitude, longitude, coordType } }, pos.source === 'device' ? 'located' : 'area', pos.city ?? null);
  }

  private async read(run: number, req: PublicListReq, byDistance: false | 'located' | 'area', area: string | null = null): Promise<void> {
    try {
      const res = await this.deps.api.store.publicList(req, { silent: true });
      if (run !== this.run) return;
      change('shopPicker/loaded', () => {
        this.shops = res.list;
        this.error = null;
        if (byDistance) {
          this.located = byDistance;
          this.area = byDistance === 'area' ? area : null;
        }
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
