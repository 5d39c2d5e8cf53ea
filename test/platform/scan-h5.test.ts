/**
 * @jest-environment jsdom
 */
import { ErrorCode } from '../../src/domain/errors';
import { scan } from '../../src/platform/scan.h5';

type Callback = (result: { getText(): string } | undefined, error: unknown, controls: { stop(): void }) => void;

const mockZxing = { callback: undefined as Callback | undefined, fail: undefined as unknown, stops: 0 };

jest.mock('@zxing/browser', () => ({
  BrowserMultiFormatReader: class {
    decodeFromVideoDevice(_device: unknown, _video: unknown, callback: Callback) {
      if (mockZxing.fail) return Promise.reject(mockZxing.fail);
      mockZxing.callback = callback;
      return Promise.resolve({ stop: () => (mockZxing.stops += 1) });
    }
  },
}));

const controls = { stop: () => (mockZxing.stops += 1) };
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  mockZxing.callback = undefined;
  mockZxing.fail = undefined;
  mockZxing.stops = 0;
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: jest.fn() }, configurable: true });
});

describe('h5 camera QR scan', () => {
  it('resolves with the decoded text and removes the camera layer', async () => {
    const scanning = scan.scanCode();
    await flush();
    expect(document.querySelector('[data-testid="qr-scanner"] video')).not.toBeNull();
    mockZxing.callback?.({ getText: () => 'https://shop.example/#/pages/index/index?id=7&table=A1' }, undefined, controls);
    await expect(scanning).resolves.toEqual({
      ok: true,
      value: { result: 'https://shop.example/#/pages/index/index?id=7&table=A1' },
    });
    expect(document.querySelector('[data-testid="qr-scanner"]')).toBeNull();
    expect(mockZxing.stops).toBeGreaterThan(0);
  });

  it('answers cancelled when the customer taps cancel', async () => {
    const scanning = scan.scanCode();
    await flush();
    document.querySelector<HTMLButtonElement>('[data-testid="qr-scanner"] button')!.click();
    await expect(scanning).resolves.toMatchObject({ ok: false, code: ErrorCode.cameraScanFailed, cancelled: true });
    expect(document.querySelector('[data-testid="qr-scanner"]')).toBeNull();
  });

  it('answers cameraScanFailed when the camera is refused', async () => {
    mockZxing.fail = new Error('NotAllowedError');
    await expect(scan.scanCode()).resolves.toMatchObject({ ok: false, code: ErrorCode.cameraScanFailed });
    expect(document.querySelector('[data-testid="qr-scanner"]')).toBeNull();
  });
});
