import { storage } from './storage';

const DEVICE_ID_KEY = 'deviceId';

/** A random id kept on the device: the fallback open id of C§2. */
export function deviceId(): string {
  const stored = storage.get<string>(DEVICE_ID_KEY);
  if (typeof stored === 'string' && stored !== '') return stored;
  const id = `dev-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  storage.set(DEVICE_ID_KEY, id);
  return id;
}
