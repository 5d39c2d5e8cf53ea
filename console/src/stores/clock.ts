/**
 * The console's clock (docs/architecture.md §20: time is a dependency). `now` is observable and moves
 * when `tick()` runs (every few seconds in the page, by hand in tests); `serverNow` corrects it by the
 * offset measured from the board's `serverTime`, so the overdue highlight follows the server's time.
 */
import { action, makeObservable, observable, computed } from 'mobx';

export class ClockStore {
  now: number;
  /** server time − local time, from the last board answer. */
  offset = 0;

  constructor(private readonly read: () => number) {
    this.now = read();
    makeObservable<ClockStore, never>(this, {
      now: observable,
      offset: observable,
      serverNow: computed,
      tick: action,
      setServerTime: action,
    });
  }

  get serverNow(): number {
    return this.now + this.offset;
  }

  tick(): void {
    this.now = this.read();
  }

  /** The server said it is `serverTime`: keep the difference. */
  setServerTime(serverTime: number): void {
    this.now = this.read();
    this.offset = serverTime - this.now;
  }
}
