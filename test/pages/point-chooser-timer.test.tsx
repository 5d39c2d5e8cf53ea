/**
 * C§9 on the point chooser of a mini program: "Map zoom min 5, max 18, default scale 16" on its map,
 * and "Location refresh every 30 s": the device position is asked as the page opens, again once 30 s
 * have passed (not at 29.999 s), and no more once the page is gone. Jest's fake clock runs the page's
 * timer; nothing waits for real.
 */
import { act, render } from '@testing-library/react';
import { setLanguage } from '@/i18n';
import { StoresProvider } from '@/stores';
import type { RootStore } from '@/stores/root';
import UserAddressPoiPage from '@/pages/user/address/poi';
import { takePickedPoint } from '@/components/ordering/point-pick';
import type { LocationAdapter } from '@/platform/types';
import { ok } from '../support/fakes';
import { buildStores, loadShop } from '../support/store-factories';

beforeEach(() => {
  setLanguage('zh-CN');
  takePickedPoint();
});
afterEach(() => jest.useRealTimers());

test('the point chooser opens its map at zoom 16 within 5–18, asks the position on opening, again at 30 000 ms, and stops when closed', async () => {
  const getLocation = jest.fn(async () => ({ ok: true as const, value: { latitude: 31.2336, longitude: 121.4741, coordType: 'gcj02' as const } }));
  const location: LocationAdapter = { getLocation, mapTiles: true, choosePlace: jest.fn(), mapCentre: jest.fn() };
  const f = buildStores({ platform: 'weapp', location });
  await loadShop(f);
  f.transport.on('address/list', ok({ list: [] }));
  await f.address.load();
  jest.useFakeTimers();
  const root = { ...f, platform: f.platform } as unknown as RootStore;
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
      <StoresProvider value={root}>
        <UserAddressPoiPage />
      </StoresProvider>,
    );
  });
  expect(getLocation).toHaveBeenCalledTimes(1);
  // C§9 map zoom: min 5, max 18, opening at 16
  const map = view.container.querySelector('#poi-map') as Element;
  expect([map.getAttribute('scale'), map.getAttribute('min-scale'), map.getAttribute('max-scale')]).toEqual(['16', '5', '18']);
  await act(async () => {
    await jest.advanceTimersByTimeAsync(29_999);
  });
  expect(getLocation).toHaveBeenCalledTimes(1);
  await act(async () => {
    await jest.advanceTimersByTimeAsync(1);
  });
  expect(getLocation).toHaveBeenCalledTimes(2);
  await act(async () => {
    await jest.advanceTimersByTimeAsync(30_000);
  });
  expect(getLocation).toHaveBeenCalledTimes(3);
  view.unmount();
  await act(async () => {
    await jest.advanceTimersByTimeAsync(60_000);
  });
  expect(getLocation).toHaveBeenCalledTimes(3);
});
