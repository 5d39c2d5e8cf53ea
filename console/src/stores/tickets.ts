/** Kitchen tickets: the print view of an order or a table round, and their prints (CONSOLE-3). */
import { makeObservable, observable, action } from 'mobx';
import type { ConsoleApi } from '../api';
import type { ClockStore } from './clock';

export class TicketsStore {
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
