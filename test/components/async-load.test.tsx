import { guardChunkLoader } from '@/components/async-load';

function fakeOverlay() {
  return { showLoading: jest.fn(), showFailure: jest.fn(), hide: jest.fn() };
}

describe('guardChunkLoader (APP-4)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows nothing for a page chunk that loads within 200 ms', async () => {
    const overlay = fakeOverlay();
    const load = guardChunkLoader(() => new Promise((resolve) => setTimeout(resolve, 150)), overlay);
    const loading = load('product');
    jest.advanceTimersByTime(150);
    await loading;
    jest.advanceTimersByTime(1000);
    expect(overlay.showLoading).not.toHaveBeenCalled();
    expect(overlay.hide).toHaveBeenCalled();
  });

  it('shows the loading message once a page chunk takes longer than 200 ms', async () => {
    const overlay = fakeOverlay();
    const load = guardChunkLoader(() => new Promise((resolve) => setTimeout(resolve, 500)), overlay);
    const loading = load('product');
    jest.advanceTimersByTime(199);
    expect(overlay.showLoading).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(overlay.showLoading).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(300);
    await loading;
    expect(overlay.hide).toHaveBeenCalledTimes(1);
  });

  it('shows the reload message and passes the error on when a page chunk fails to load', async () => {
    const overlay = fakeOverlay();
    const failure = new Error('Loading chunk product failed');
    const load = guardChunkLoader(() => Promise.reject(failure), overlay);
    await expect(load('product')).rejects.toBe(failure);
    expect(overlay.showFailure).toHaveBeenCalledTimes(1);
    expect(overlay.hide).not.toHaveBeenCalled();
  });
});
