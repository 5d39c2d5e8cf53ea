/** The floor view of the shop's tables (CONSOLE-4). */
import { makeObservable, observable, action } from 'mobx';
import type { ConsoleApi } from '../api';
import type { ClockStore } from './clock';

export class TablesStore {
  shopId: number | null = null;

  constructor(
    private readonly api: ConsoleApi,
    private readonly clock: ClockStore,
  ) {
    makeObservable(this, { shopId: observable, setShop: action, clear: action });
  }

  setShop(shopId: number): void {
    this.shopId = shopId;
    void this.api;
    void this.clock;
  }

  clear(): void {
    this.shopId = null;
  }
}
