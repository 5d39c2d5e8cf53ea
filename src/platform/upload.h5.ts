/**
 * Browser image upload: a file input, then fetch with FormData (`upload-browser.ts`, loaded on the first
 * upload, so it is not part of the start-up script: APP-4).
 */
import { ErrorCode } from '../domain/errors';
import type { ImageUploadAdapter } from './types';

export const upload: ImageUploadAdapter = {
  async chooseAndUpload(target) {
    if (typeof document === 'undefined' || typeof fetch !== 'function') {
      return { ok: false, code: ErrorCode.platformUnsupported, detail: 'no file picker here' };
    }
    let browser: typeof import('./upload-browser');
    try {
      browser = await import(/* webpackChunkName: "upload" */ './upload-browser');
    } catch (e) {
      return { ok: false, code: ErrorCode.asyncLoadFailed, detail: String(e) };
    }
    return browser.chooseAndUploadFile(target);
  },
};
