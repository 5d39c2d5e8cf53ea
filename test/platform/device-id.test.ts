import fs from 'node:fs';
import path from 'node:path';
import { cryptoDeviceId, DEVICE_ID_KEY, DEVICE_ID_PATTERN, storedDeviceId, uuidFromBytes } from '../../src/platform/device-id-core';
import type { KeyValueStorage } from '../../src/platform/types';

const memoryStorage = (initial: Record<string, unknown> = {}): KeyValueStorage & { data: Record<string, unknown> } => {
  const data = { ...initial };
  return {
    data,
    get: <T>(k: string) => data[k] as T | undefined,
    set: (k, v) => {
      data[k] = v;
    },
    remove: (k) => {
      delete data[k];
    },
  } as KeyValueStorage & { data: Record<string, unknown> };
};

describe('the browser device id', () => {
  test('comes from Web Crypto, never from Math.random', () => {
    const spy = jest.spyOn(Math, 'random');
    const getRandomValues = jest.fn((a: Uint8Array) => a.fill(0xab));
    const id = cryptoDeviceId({ getRandomValues: getRandomValues as unknown as Crypto['getRandomValues'] });
    expect(getRandomValues).toHaveBeenCalledTimes(1);
    expect(spy).not.toHaveBeenCalled();
    // 16 bytes of 0xab with the version (4) and variant (10xx) bits set
    expect(id).toBe('abababab-abab-4bab-abab-abababababab');
    spy.mockRestore();
  });

  test('uses crypto.randomUUID when the browser has it', () => {
    const id = cryptoDeviceId({ getRandomValues: jest.fn() as never, randomUUID: () => '9b2d7c1e-5f4a-4e3b-8c2d-1a0b9c8d7e6f' });
    expect(id).toBe('9b2d7c1e-5f4a-4e3b-8c2d-1a0b9c8d7e6f');
  });

  test('the H5 build makes its id with Web Crypto and has no Math.random', () => {
    const source = fs.readFileSync(path.join(__dirname, '../../src/platform/device-id.h5.ts'), 'utf8');
    expect(source).toContain('cryptoDeviceId(globalThis.crypto)');
    expect(source).not.toMatch(/Math\.random/);
  });

  test('real ids are version-4 UUIDs and differ', () => {
    const ids = new Set(Array.from({ length: 50 }, () => cryptoDeviceId(globalThis.crypto)));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(DEVICE_ID_PATTERN);
  });

  test('is kept on the device once made', () => {
    const storage = memoryStorage();
    const first = storedDeviceId(storage, () => uuidFromBytes(new Uint8Array(16).fill(1)));
    expect(storedDeviceId(storage, () => 'never-used')).toBe(first);
    expect(storage.data[DEVICE_ID_KEY]).toBe(first);
  });

  test('an id of the old Math.random form is replaced', () => {
    const storage = memoryStorage({ [DEVICE_ID_KEY]: 'dev-lx2k3j-4f9a8b7c' });
    const id = storedDeviceId(storage, () => cryptoDeviceId(globalThis.crypto));
    expect(id).toMatch(DEVICE_ID_PATTERN);
    expect(storage.data[DEVICE_ID_KEY]).toBe(id);
  });
});
