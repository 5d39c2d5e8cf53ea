/**
 * The API origin a build calls, from the one build variable `API_BASE_URL` (README "Configuration").
 *
 * - H5 is served by the API server itself, so without the variable it calls its own origin ('').
 * - A mini program has no origin of its own: its hosts refuse relative request URLs and resolve
 *   root-relative image paths inside the code package. A development build (`dev:weapp`,
 *   `NODE_ENV=development`) calls the local demo server (`npm start`, port 8080) by default; a
 *   production build without the variable stops with a message saying what to set, rather than ship
 *   a package that cannot reach any server.
 */
export const DEV_API_BASE_URL = 'http://localhost:8080';

export interface ApiBaseInput {
  /** TARO_ENV: weapp, alipay or h5. */
  taroEnv: string;
  /** NODE_ENV of the build (Taro sets `production` for `taro build`, `development` for `--watch`). */
  nodeEnv: string | undefined;
  /** The API_BASE_URL variable, if set. */
  value: string | undefined;
}

/** Thrown when a production mini-program build has no API origin. */
export class ApiBaseUrlError extends Error {}

/** The API origin the build compiles in, without a trailing slash; '' means the page's own origin. */
export function apiBaseUrl({ taroEnv, nodeEnv, value }: ApiBaseInput): string {
  const given = (value ?? '').trim().replace(/\/+$/, '');
  const mini = taroEnv !== 'h5';
  if (given) {
    if (!/^https?:\/\/[^/]+/.test(given)) {
      throw new ApiBaseUrlError(`API_BASE_URL must be an absolute http(s) origin such as https://api.example.com, not "${value}".`);
    }
    return given;
  }
  if (!mini) return '';
  if (nodeEnv === 'development') return DEV_API_BASE_URL;
  throw new ApiBaseUrlError(
    `API_BASE_URL is not set. A production ${taroEnv} build must know the API server it calls ` +
      `(mini programs refuse relative URLs): API_BASE_URL=https://api.example.com npm run build:${taroEnv}. ` +
      `For a build against the local demo server (npm start) use API_BASE_URL=${DEV_API_BASE_URL} ` +
      `or NODE_ENV=development.`,
  );
}
