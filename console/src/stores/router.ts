/**
 * Hash routes of the console: #/signin, #/board, #/tables, #/availability, #/summary, #/settings,
 * #/staff, #/password, and #/ticket/<kind>/<id> (a kitchen ticket's print view). `params` are the
 * path segments after the route's name.
 */
import { action, makeObservable, observable } from 'mobx';

export const ROUTES = ['signin', 'board', 'tables', 'availability', 'summary', 'ticket', 'settings', 'staff', 'password'] as const;
export type Route = (typeof ROUTES)[number];

export function parseHash(hash: string): Route | null {
  const name = hash.replace(/^#\/?/, '').split(/[?/]/)[0];
  return (ROUTES as readonly string[]).includes(name) ? (name as Route) : null;
}

/** The path segments after the route's name (`#/ticket/round/12?w=58` → ['round', '12']). */
export function hashParams(hash: string): string[] {
  return hash
    .replace(/^#\/?/, '')
    .split('?')[0]
    .split('/')
    .slice(1)
    .filter((p) => p !== '')
    .map((p) => decodeURIComponent(p));
}

export interface HashHost {
  get(): string;
  set(hash: string): void;
}

export class Router {
  route: Route;
  params: string[];

  constructor(private readonly host: HashHost) {
    this.route = parseHash(host.get()) ?? 'board';
    this.params = hashParams(host.get());
    makeObservable(this, { route: observable, params: observable.ref, go: action, sync: action });
  }

  go(route: Route, params: readonly (string | number)[] = []): void {
    this.route = route;
    this.params = params.map(String);
    const hash = `#/${[route, ...this.params.map((p) => encodeURIComponent(p))].join('/')}`;
    if (parseHash(this.host.get()) !== route || hashParams(this.host.get()).join('/') !== this.params.join('/')) this.host.set(hash);
  }

  /** The address bar changed (back button, typed hash). */
  sync(): void {
    this.route = parseHash(this.host.get()) ?? 'board';
    this.params = hashParams(this.host.get());
  }
}
