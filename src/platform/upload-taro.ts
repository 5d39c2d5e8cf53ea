import Taro from '@tarojs/taro';
import { Limits } from '../domain/enums';
import { ErrorCode } from '../domain/errors';
import { failure } from './taro-result';
import type { ImageUploadAdapter } from './types';

const parse = (data: unknown): unknown => {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
};

/** Mini programs: the host image picker, then a multipart upload (C§9: 60 s upload timeout). */
export const taroUpload: ImageUploadAdapter = {
  async chooseAndUpload(target) {
    let filePath: string;
    try {
      const chosen = await Taro.chooseImage({ count: 1, sizeType: ['compressed'], sourceType: ['album', 'camera'] });
      filePath = chosen.tempFilePaths[0];
    } catch (e) {
      return failure(ErrorCode.avatarUploadFailed, e);
    }
    try {
      const res = await Taro.uploadFile({
        url: target.url,
        filePath,
        name: target.name,
        header: target.headers,
        formData: target.formData,
        timeout: Limits.requestTimeoutMs,
      });
      if (res.statusCode < 200 || res.statusCode > 299) {
        return { ok: false, code: ErrorCode.avatarUploadFailed, detail: `HTTP ${res.statusCode}` };
      }
      return { ok: true, value: { response: parse(res.data) } };
    } catch (e) {
      return failure(ErrorCode.avatarUploadFailed, e);
    }
  },
};
