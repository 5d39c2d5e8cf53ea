/**
 * ORDER-11: the order-notice card under the success page — on a mini program it asks the host for the
 * shop's first 3 templates from a tap, once per order; in a browser it never shows.
 */
import { act, fireEvent, render } from '@testing-library/react';
import { setLanguage } from '@/i18n';
import { StoresProvider } from '@/stores';
import type { RootStore } from '@/stores/root';
import { SubscribePrompt } from '@/components/ordering/SubscribePrompt';
import type { PlatformName, SubscribeAdapter } from '@/platform/types';
import { buildStores, loadShop, type StoreFixture } from '../support/store-factories';

const TEMPLATES = ['order-accepted', 'order-delivering', 'order-refunded', 'order-fourth'];

async function setUp(platform: PlatformName, accepted: string[] = ['order-accepted']) {
  const f = buildStores({ platform });
  await loadShop(f, { messageTmplIds: TEMPLATES });
  const requestSubscribe = jest.fn<ReturnType<SubscribeAdapter['requestSubscribe']>, Parameters<SubscribeAdapter['requestSubscribe']>>(async () => ({
    ok: true,
    value: { accepted },
  }));
  if (platform !== 'h5') f.platform.subscribe = { supported: true, requestSubscribe };
  return { f, requestSubscribe };
}

function show(f: StoreFixture, orderId: number) {
  const root = { ...f } as unknown as RootStore;
  return render(
    <StoresProvider value={root}>
      <SubscribePrompt orderId={orderId} />
    </StoresProvider>,
  );
}

describe('the order-notice card', () => {
  beforeEach(() => setLanguage('zh-CN'));

  test('on weapp, tapping "notify me" asks for the first 3 templates of the shop', async () => {
    const { f, requestSubscribe } = await setUp('weapp');
    const { container } = show(f, 501);
    await act(async () => {
      fireEvent.click(container.querySelector('#subscribe-accept') as Element);
    });
    expect(requestSubscribe).toHaveBeenCalledTimes(1);
    expect(requestSubscribe).toHaveBeenCalledWith(['order-accepted', 'order-delivering', 'order-refunded']);
    expect(f.platform.ui.toasts).toEqual(['已订阅订单通知']);
  });

  test('asks nothing before the tap (the hosts only ask from one)', async () => {
    const { f, requestSubscribe } = await setUp('weapp');
    const { container } = show(f, 501);
    expect(container.querySelector('#subscribe-prompt')).not.toBeNull();
    expect(requestSubscribe).not.toHaveBeenCalled();
  });

  test('is gone after the answer and does not come back for the same order', async () => {
    const { f, requestSubscribe } = await setUp('weapp');
    const first = show(f, 501);
    await act(async () => {
      fireEvent.click(first.container.querySelector('#subscribe-accept') as Element);
    });
    expect(first.container.querySelector('#subscribe-prompt')).toBeNull();
    first.unmount();
    // the success page opened again for the same order
    const again = show(f, 501);
    expect(again.container.querySelector('#subscribe-prompt')).toBeNull();
    expect(requestSubscribe).toHaveBeenCalledTimes(1);
  });

  test('"not now" is remembered for the order without asking the host', async () => {
    const { f, requestSubscribe } = await setUp('alipay');
    const first = show(f, 501);
    act(() => {
      fireEvent.click(first.container.querySelector('#subscribe-later') as Element);
    });
    expect(first.container.querySelector('#subscribe-prompt')).toBeNull();
    first.unmount();
    expect(show(f, 501).container.querySelector('#subscribe-prompt')).toBeNull();
    expect(requestSubscribe).not.toHaveBeenCalled();
  });

  test('is offered again for the next order', async () => {
    const { f } = await setUp('weapp');
    const first = show(f, 501);
    await act(async () => {
      fireEvent.click(first.container.querySelector('#subscribe-accept') as Element);
    });
    first.unmount();
    expect(show(f, 502).container.querySelector('#subscribe-prompt')).not.toBeNull();
  });

  test('never shows in a browser', async () => {
    const { f } = await setUp('h5');
    const { container } = show(f, 501);
    expect(container.querySelector('#subscribe-prompt')).toBeNull();
    expect(container.textContent).toBe('');
  });
});
