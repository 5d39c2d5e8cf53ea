import type { KeyValueStorage } from './types';

/** Where the device id is kept. */
export const DEVICE_ID_KEY = 'deviceId';

/** A device id: a random version-4 UUID (122 random bits). */
export const DEVICE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A version-4 UUID from 16 random bytes. */
export function uuidFromBytes(bytes: Uint8Array): string {
  const b = Uint8Array.from(bytes.subarray(0, 16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id kept on this device (the fallback open id of C§2): the stored one when it has the current
 * form, else a new one from `newId`. Ids of the old form (time plus Math.random) are replaced.
 */
export function storedDeviceId(storage: KeyValueStorage, newId: () => string): string {
  const stored = storage.get<string>(DEVICE_ID_KEY);
  if (typeof stored === 'string' && DEVICE_ID_PATTERN.test(stored)) return stored;
  const id = newId();
  storage.set(DEVICE_ID_KEY, id);
  return id;
}

/** What a device id needs of Web Crypto. */
export interface WebCrypto {
  getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
  randomUUID?: () => string;
}

/** A new device id from a CSPRNG (Web Crypto): `randomUUID` where present, else 16 random bytes. */
export function cryptoDeviceId(webCrypto: WebCrypto): string {
  if (typeof webCrypto.randomUUID === 'function') return webCrypto.randomUUID();
  return uuidFromBytes(webCrypto.getRandomValues(new Uint8Array(16)));
}
