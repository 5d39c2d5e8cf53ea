/**
 * Browser QR scanning with the camera (@zxing/browser): the camera layer and the decoding. `scan.h5.ts`
 * loads this module (and the library with it) on the first scan, so neither is part of the start-up
 * script (APP-4).
 */
import { ErrorCode } from '../domain/errors';
import { translate } from '../i18n';
import type { PlatformResult } from './types';

type ScanResult = PlatformResult<{ result: string }>;

/** A full-screen layer with the camera preview and a cancel button. */
function createOverlay(): { root: HTMLDivElement; video: HTMLVideoElement; cancel: HTMLButtonElement } {
  const root = document.createElement('div');
  root.setAttribute('data-testid', 'qr-scanner');
  root.style.cssText =
    'position:fixed;inset:0;z-index:9999;background:#000;display:flex;flex-direction:column';
  const video = document.createElement('video');
  video.setAttribute('playsinline', 'true');
  video.muted = true;
  video.style.cssText = 'flex:1;width:100%;object-fit:cover';
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = translate('common.cancel');
  cancel.style.cssText = 'min-height:44px;margin:16px;border:0;border-radius:22px;font-size:16px';
  root.append(video, cancel);
  document.body.appendChild(root);
  return { root, video, cancel };
}

/** Scans one code with the camera (the caller checked that the browser gives camera access). */
async function scanWithCamera(): Promise<ScanResult> {
  let zxing: typeof import('@zxing/browser');
  try {
    zxing = await import(/* webpackChunkName: "qr-scanner" */ '@zxing/browser');
  } catch (e) {
    return { ok: false, code: ErrorCode.asyncLoadFailed, detail: String(e) };
  }
  const { root, video, cancel } = createOverlay();
  return new Promise<ScanResult>((resolve) => {
    let controls: { stop(): void } | undefined;
    let done = false;
    const finish = (answer: ScanResult) => {
      if (done) return;
      done = true;
      controls?.stop();
      root.remove();
      resolve(answer);
    };
    cancel.onclick = () =>
      finish({ ok: false, code: ErrorCode.cameraScanFailed, cancelled: true, detail: 'cancelled' });
    const reader = new zxing.BrowserMultiFormatReader();
    reader
      .decodeFromVideoDevice(undefined, video, (result, _error, c) => {
        controls = c;
        if (result) finish({ ok: true, value: { result: result.getText() } });
      })
      .then((c) => {
        controls = c;
        if (done) c.stop();
      })
      // camera refused or absent (C§8 "camera scan failed")
      .catch((e: unknown) => finish({ ok: false, code: ErrorCode.cameraScanFailed, detail: String(e) }));
  });
}

export { scanWithCamera };
