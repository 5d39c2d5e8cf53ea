/** Hash routes of the console: #/signin, #/board, #/settings, #/staff, #/password. */
import { action, makeObservable, observable } from 'mobx';

export const ROUTES = ['signin', 'board', 'settings', 'staff', 'password'] as const;
export type Route = (typeof ROUTES)[number];

export function parseHash(hash: string): Route | null {
  const name = hash.replace(/^#\/?/, '').split(/[?/]/)[0];
  return (ROUTES as readonly string[]).includes(name) ? (name as Route) : null;
}

export interface HashHost {
  get(): string;
  set(hash: string): void;
}

export class Router {
  route: Route;

  constructor(private readonly host: HashHost) {
    this.route = parseHash(host.get()) ?? 'board';
    makeObservable(this, { route: observable, go: action, sync: action });
  }

  go(route: Route): void {
    this.route = route;
    if (parseHash(this.host.get()) !== route) this.host.set(`#/${route}`);
  }

  /** The address bar changed (back button, typed hash). */
  sync(): void {
    this.route = parseHash(this.host.get()) ?? 'board';
  }
}
