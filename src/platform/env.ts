/**
 * Build-time environment of the client. The Taro config defines the constants `ABROAD_ENV` (the
 * overseas build: English by default, `Abroad-Env: 1` on every call, flat delivery fee; C§1, C§7) and
 * `API_BASE_URL` (the API origin, from the build variable of the same name; config/api-base.ts).
 * Outside a Taro build (jest, tsx) they are undefined and the process environment is read instead.
 */
function processEnv(name: string): string | undefined {
  try {
    return process.env[name];
  } catch {
    // a mini program has no `process`
    return undefined;
  }
}

/** Whether this is the overseas build. */
export function isAbroadEnv(): boolean {
  return typeof ABROAD_ENV !== 'undefined' ? ABROAD_ENV === true : processEnv('ABROAD_ENV') === '1';
}

/** The API origin chosen by the environment (C§7); empty means the H5 page's own origin. */
export function apiHost(): string {
  const origin = typeof API_BASE_URL !== 'undefined' ? API_BASE_URL : (processEnv('API_BASE_URL') ?? '');
  return origin.replace(/\/+$/, '');
}
