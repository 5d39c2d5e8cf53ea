import { cryptoDeviceId, storedDeviceId } from './device-id-core';
import { storage } from './storage';

/**
 * The browser's device id: a random UUID from Web Crypto, kept in local storage. The server takes
 * it as a visitor's key only (never a login): member cards need an SMS login.
 */
export function deviceId(): string {
  return storedDeviceId(storage, () => cryptoDeviceId(globalThis.crypto));
}
