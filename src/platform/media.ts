import { apiHost } from './env';

/**
 * The URL of a picture the server names (product, shop, avatar, upload): the server answers with
 * root-relative paths (`/demo-images/…`, `/avatars/…`, `/uploads/…`), which a mini program would
 * look for inside its own code package. They are resolved against the API origin (API_BASE_URL);
 * on H5 without one they stay relative to the page, which the server itself serves. Absolute URLs
 * (http(s), protocol-relative, data:, host temp files) pass unchanged. Every server picture goes
 * through this one function; pictures bundled with the app (imported assets) do not.
 */
export function mediaUrl(src: string): string;
export function mediaUrl(src: string | null | undefined): string | undefined;
export function mediaUrl(src: string | null | undefined): string | undefined {
  if (!src) return undefined;
  if (!src.startsWith('/') || src.startsWith('//')) return src;
  return `${apiHost()}${src}`;
}
