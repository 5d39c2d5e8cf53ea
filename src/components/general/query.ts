import { TAB_ROUTES } from '../navigation';

/** A query value as the page received it: decoded once when the host left it encoded. */
export function queryValue(raw: string | undefined): string {
  if (!raw) return '';
  try {
    return /%[0-9a-f]{2}/i.test(raw) ? decodeURIComponent(raw) : raw;
  } catch {
    return raw;
  }
}

/**
 * A route of the app from a query (`/pages/…?…`), or null for anything else: the error page retries
 * only pages of its own app, never an outside address.
 */
export function appRoute(raw: string | undefined): string | null {
  const value = queryValue(raw);
  const path = value.startsWith('/') ? value : `/${value}`;
  return /^\/pages\/[a-z0-9/_-]+(\?[^#\s]*)?$/i.test(path) && !path.startsWith('/pages/index/error') ? path : null;
}

/** Whether a route (with or without query) is a tab page (C§2: tab pages are only reached by tab switching). */
export function isTabRoute(route: string): boolean {
  return (TAB_ROUTES as readonly string[]).includes(route.replace(/^\//, '').split('?')[0]);
}
