/**
 * Toast and modal (APP-4): on H5 Taro's toast and modal code is loaded on first use (`ui.h5.ts`), so the
 * start-up script does not carry it; the mini programs and tests call it at once (`ui.ts`). Either way
 * the calls keep their order and their answers.
 */
import type { UiAdapter } from '../../src/platform/types';

// one Taro for every module registry of the tests (each test starts from fresh modules)
const mockTaro = {
  showToast: jest.fn(),
  showModal: jest.fn(),
  navigateTo: jest.fn(),
  setNavigationBarTitle: jest.fn(),
};
jest.mock('@tarojs/taro', () => ({ __esModule: true, default: mockTaro }));

const taro = mockTaro;

/** A fresh `ui.h5.ts`, whose toast and modal module fails to load the first `failures` times. */
function loadH5Ui(failures = 0): { ui: UiAdapter; loads: () => number } {
  let attempts = 0;
  let ui!: UiAdapter;
  jest.isolateModules(() => {
    jest.doMock('../../src/platform/interaction-taro', () => {
      attempts += 1;
      if (attempts <= failures) throw new Error('chunk load failed');
      return jest.requireActual('../../src/platform/interaction-taro');
    });
    ui = jest.requireActual<{ ui: UiAdapter }>('../../src/platform/ui.h5').ui;
  });
  return { ui, loads: () => attempts };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  jest.resetModules();
  taro.showToast.mockResolvedValue({ errMsg: 'showToast:ok' });
  taro.showModal.mockResolvedValue({ errMsg: 'showModal:ok', confirm: true, cancel: false });
  taro.navigateTo.mockResolvedValue({ errMsg: 'navigateTo:ok' });
});

afterEach(() => {
  jest.resetAllMocks();
  jest.dontMock('../../src/platform/interaction-taro');
});

describe('the bundled toast and modal (mini programs)', () => {
  it('shows a toast at once, 1500 ms by default (C§9)', () => {
    const { ui } = jest.requireActual<{ ui: UiAdapter }>('../../src/platform/ui');
    ui.toast('已保存');
    expect(taro.showToast.mock.calls).toEqual([[{ title: '已保存', icon: 'none', duration: 1500 }]]);
  });
});

describe('the H5 toast and modal, loaded on first use', () => {
  it('shows toasts in the order they were asked for, once the code is there, loading it once', async () => {
    const { ui, loads } = loadH5Ui();
    ui.toast('一');
    ui.toast('二', { icon: 'success', durationMs: 3000 });
    ui.toast('');
    expect(taro.showToast).not.toHaveBeenCalled();
    await flush();
    expect(taro.showToast.mock.calls).toEqual([
      [{ title: '一', icon: 'none', duration: 1500 }],
      [{ title: '二', icon: 'success', duration: 3000 }],
    ]);
    expect(loads()).toBe(1);
  });

  it('answers a modal with the choice', async () => {
    const { ui } = loadH5Ui();
    taro.showModal.mockResolvedValueOnce({ errMsg: 'showModal:ok', confirm: false, cancel: true });
    await expect(ui.modal({ content: '确定取消这个订单吗？' })).resolves.toBe(false);
    await expect(
      ui.modal({ title: '提示', content: '确定清空购物车吗？', confirmText: '清空' }),
    ).resolves.toBe(true);
    expect(taro.showModal.mock.calls[1]).toEqual([
      { title: '提示', content: '确定清空购物车吗？', showCancel: true, confirmText: '清空' },
    ]);
  });

  it('navigates without waiting for the toast code', async () => {
    const { ui, loads } = loadH5Ui();
    await ui.navigateTo('/pages/user/center');
    expect(taro.navigateTo.mock.calls).toEqual([[{ url: '/pages/user/center' }]]);
    expect(loads()).toBe(0);
  });

  it('a failed load shows nothing, answers the modal "not confirmed", and the next call loads again', async () => {
    const { ui, loads } = loadH5Ui(2);
    ui.toast('网络错误');
    await flush();
    expect(taro.showToast).not.toHaveBeenCalled();
    await expect(ui.modal({ content: '确定吗？' })).resolves.toBe(false);
    expect(taro.showModal).not.toHaveBeenCalled();
    ui.toast('网络错误');
    await flush();
    expect(loads()).toEqual(3);
    expect(taro.showToast.mock.calls).toEqual([[{ title: '网络错误', icon: 'none', duration: 1500 }]]);
  });
});
