/**
 * Browser image upload: the file picker and the multipart POST. `upload.h5.ts` loads this module on the
 * first upload, so it is not part of the start-up script (APP-4).
 */
import { Limits } from '../domain/enums';
import { ErrorCode } from '../domain/errors';
import type { PlatformResult, UploadTarget } from './types';

type UploadResult = PlatformResult<{ response: unknown }>;

/** Opens the browser file picker for one image; resolves null when the user picks nothing. */
export function pickImageFile(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/*';
    input.style.display = 'none';
    input.onchange = () => {
      const file = input.files?.[0] ?? null;
      input.remove();
      resolve(file);
    };
    // browsers fire "cancel" when the picker closes without a file
    input.addEventListener('cancel', () => {
      input.remove();
      resolve(null);
    });
    document.body.appendChild(input);
    input.click();
  });
}

/** POSTs one file as multipart form data (C§7 "Others"), with the 60 s upload timeout of C§9. */
export async function uploadFile(file: Blob, target: UploadTarget): Promise<UploadResult> {
  const form = new FormData();
  for (const [k, v] of Object.entries(target.formData ?? {})) form.append(k, v);
  form.append(target.name, file, (file as File).name ?? 'image');
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), Limits.requestTimeoutMs);
  try {
    const res = await fetch(target.url, {
      method: 'POST',
      body: form,
      headers: target.headers,
      signal: abort.signal,
    });
    if (!res.ok) return { ok: false, code: ErrorCode.avatarUploadFailed, detail: `HTTP ${res.status}` };
    const text = await res.text();
    let response: unknown = text;
    try {
      response = JSON.parse(text);
    } catch {
      // a plain-text answer is passed on as is
    }
    return { ok: true, value: { response } };
  } catch (e) {
    return { ok: false, code: ErrorCode.avatarUploadFailed, detail: String(e) };
  } finally {
    clearTimeout(timer);
  }
}

/** A file input, then fetch with FormData (the caller checked that the browser has both). */
export async function chooseAndUploadFile(target: UploadTarget): Promise<UploadResult> {
  const file = await pickImageFile();
  if (!file)
    return { ok: false, code: ErrorCode.avatarUploadFailed, cancelled: true, detail: 'no file chosen' };
  return uploadFile(file, target);
}
