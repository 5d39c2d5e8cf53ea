import { cryptoDeviceId, storedDeviceId, uuidFromBytes, type WebCrypto } from './device-id-core';
import { storage } from './storage';

/**
 * A new device id: Web Crypto where the host has it. Mini-program hosts have no synchronous CSPRNG;
 * there the id only keys the visitor's local state (they sign in with the host login code), so a
 * non-cryptographic fill is accepted on those hosts alone. Browsers use device-id.h5.ts.
 */
function newDeviceId(): string {
  const webCrypto = (globalThis as { crypto?: WebCrypto }).crypto;
  if (webCrypto && typeof webCrypto.getRandomValues === 'function') return cryptoDeviceId(webCrypto);
  return uuidFromBytes(Uint8Array.from({ length: 16 }, () => Math.floor(Math.random() * 256)));
}

/** A random id kept on the device: the fallback open id of C§2. */
export function deviceId(): string {
  return storedDeviceId(storage, newDeviceId);
}
