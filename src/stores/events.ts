/** A small typed event emitter for store events (e.g. ORDER_TYPE_CHANGED, C§3). */
export class Emitter<Events extends Record<string, unknown>> {
  private readonly listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  /** Subscribes; returns the unsubscribe function. */
  on<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as (payload: never) => void);
    return () => {
      set.delete(listener as (payload: never) => void);
    };
  }

  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      (listener as (payload: Events[E]) => void)(payload);
    }
  }
}
