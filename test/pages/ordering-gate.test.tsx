/**
 * OrderingGate (H5 ordering stores on demand): the grey rows of the first load until the ordering
 * stores exist, then the screen; the load failure when the boot failed before them.
 */
import { act, fireEvent, render } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { OrderingGate } from '@/components/ordering/OrderingGate';
import { StoresProvider } from '@/stores';
import { buildOrderingStores } from '@/stores/ordering';
import { RootStore } from '@/stores/root';
import { fakeRoot } from '../support/store-factories';

const lazyRoot = () => fakeRoot({ ordering: { now: null, load: async () => ({ buildOrderingStores }) } }).root;

function Screen({ root }: { root: RootStore }) {
  // reads the cart as it renders, as the ordering screen does
  return <span id="screen">{root.cart.lines.length} lines</span>;
}

describe('OrderingGate', () => {
  test('shows the placeholder rows while the ordering stores are not built', () => {
    const root = lazyRoot();
    const { container } = render(
      <StoresProvider value={root}>
        <OrderingGate boot={null}>{() => <Screen root={root} />}</OrderingGate>
      </StoresProvider>,
    );
    expect(container.querySelectorAll('.product-row--loading').length).toEqual(6);
    expect(container.querySelector('#screen')).toEqual(null);
  });

  test('renders the screen once ready() has built the ordering stores', async () => {
    const root = lazyRoot();
    const { container } = render(
      <StoresProvider value={root}>
        <OrderingGate boot={null}>{() => <Screen root={root} />}</OrderingGate>
      </StoresProvider>,
    );
    await act(() => root.ready());
    expect(container.querySelector('#screen')?.textContent).toBe('0 lines');
  });

  test('shows the load failure when the boot failed before the stores were built', () => {
    const root = lazyRoot();
    const { container } = render(
      <StoresProvider value={root}>
        <OrderingGate boot={{ ok: false, code: 'getShopDataFailed' }}>{() => <Screen root={root} />}</OrderingGate>
      </StoresProvider>,
    );
    expect(container.querySelector('.empty-state') !== null).toEqual(true);
    expect(container.querySelector('#screen')).toEqual(null);
  });

  test('a timed-out connection says so in C§8 words, and a tap on the screen tries again', () => {
    const root = lazyRoot();
    const reLaunch = jest.spyOn(Taro, 'reLaunch').mockResolvedValue({ errMsg: 'reLaunch:ok' } as never);
    const { container } = render(
      <StoresProvider value={root}>
        <OrderingGate boot={{ ok: false, code: 'requestTimeout' }}>{() => <Screen root={root} />}</OrderingGate>
      </StoresProvider>,
    );
    const screen = container.querySelector('#load-timed-out');
    expect(screen?.textContent).toContain('连接超时，请点击屏幕重试。');
    fireEvent.click(screen!);
    expect(reLaunch).toHaveBeenCalledTimes(1);
    reLaunch.mockRestore();
  });
});
