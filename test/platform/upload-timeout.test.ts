/**
 * C§9 "Timeouts 60000 ms" for uploads: the mini programs hand the host upload 60 s, and the browser
 * upload aborts its POST once 60 s have passed without an answer (jest's fake clock, no real wait).
 */
import Taro from '@tarojs/taro';
import { ErrorCode } from '../../src/domain/errors';
import { uploadFile } from '../../src/platform/upload-browser';
import { taroUpload } from '../../src/platform/upload-taro';

jest.mock('@tarojs/taro', () => ({
  __esModule: true,
  default: { chooseImage: jest.fn(), uploadFile: jest.fn() },
}));

const taro = Taro as unknown as Record<string, jest.Mock>;
const target = { url: 'https://api.example.com/user/uploadAvatar', name: 'file', headers: { Token: 't' }, formData: { shopId: '1' } };

afterEach(() => {
  jest.useRealTimers();
  jest.resetAllMocks();
});

describe('upload timeouts (C§9)', () => {
  test('a mini program asks the host upload for a 60 000 ms timeout', async () => {
    taro.chooseImage.mockResolvedValue({ tempFilePaths: ['wxfile://tmp/a.png'] });
    taro.uploadFile.mockResolvedValue({ statusCode: 200, data: '{"url":"https://cdn.example.com/a.png"}' });
    const res = await taroUpload.chooseAndUpload(target);
    expect(res).toEqual({ ok: true, value: { response: { url: 'https://cdn.example.com/a.png' } } });
    expect(taro.uploadFile).toHaveBeenCalledWith(expect.objectContaining({ url: target.url, filePath: 'wxfile://tmp/a.png', timeout: 60_000 }));
  });

  test('a browser upload still waits at 59 999 ms and gives up at 60 000 ms', async () => {
    jest.useFakeTimers();
    let aborted = false;
    // a server that never answers: the request settles only when its signal aborts
    const fetchMock = jest.fn(
      (_url: string, init: { signal: AbortSignal }) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    );
    const saved = globalThis.fetch;
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    try {
      const pending = uploadFile(new Blob(['png']), target);
      await jest.advanceTimersByTimeAsync(59_999);
      expect(aborted).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(aborted).toBe(true);
      await expect(pending).resolves.toMatchObject({ ok: false, code: ErrorCode.avatarUploadFailed });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      globalThis.fetch = saved;
    }
  });
});
