/**
 * The origin the app's page was served from, where the API lives when no API origin is built in.
 * A mini program has no page origin (its API origin is always built in). Taro resolves
 * `./page-origin` per build; the H5 file reads the browser's location.
 */
export const pageOrigin = (): string => '';
