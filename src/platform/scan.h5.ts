/**
 * Browser QR scanning with the camera: the camera layer and @zxing/browser are loaded with a dynamic
 * `import()` on the first scan (`scan-camera.ts`), so they are not part of the start-up script (APP-4).
 */
import { ErrorCode } from '../domain/errors';
import type { PlatformResult, ScanAdapter } from './types';

const hasCamera = (): boolean =>
  typeof document !== 'undefined' &&
  typeof navigator !== 'undefined' &&
  typeof navigator.mediaDevices?.getUserMedia === 'function';

async function scanCode(): Promise<PlatformResult<{ result: string }>> {
  if (!hasCamera()) {
    return { ok: false, code: ErrorCode.platformUnsupported, detail: 'this browser gives no camera access' };
  }
  let camera: typeof import('./scan-camera');
  try {
    camera = await import(/* webpackChunkName: "scan-camera" */ './scan-camera');
  } catch (e) {
    return { ok: false, code: ErrorCode.asyncLoadFailed, detail: String(e) };
  }
  return camera.scanWithCamera();
}

export const scan: ScanAdapter = { scanCode };
