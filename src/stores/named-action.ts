import { action } from 'mobx';

/**
 * Runs a named state change (docs/architecture.md §11 Stores: `'session/setOrderType'`), so MobX tooling and
 * logs show which change happened. MobX 6's runInAction takes no name; a named action does.
 */
export function change<T>(name: string, fn: () => T): T {
  return action(name, fn)();
}
