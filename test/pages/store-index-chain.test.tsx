/**
 * store/index (C3.24 "isChainMiniProgram") on a RootStore built on fakes (English texts): a chain's
 * mini program offers the switch to another of its shops (the shop list), a single shop's does not.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import StoreIndexPage from '@/pages/store/index';
import { StoresProvider } from '@/stores';
import type { ShopSettings } from '@/domain/types';
import { ok } from '../support/fakes';
import { NOON, fakeRoot, paySetting, shopDetail, userProfile } from '../support/store-factories';

// the first render loads the page's whole module graph under babel
jest.setTimeout(30_000);

/** Renders store/index for shop 1 with `shop` settings, in English. */
async function renderStore(shop: Partial<ShopSettings>) {
  const { root, transport } = fakeRoot({ now: () => NOON });
  root.start({ id: '1' });
  root.session.setLanguage('en');
  transport
    .on('user/h5entry', ok({ token: 'c'.repeat(64), expiresAt: Date.now() + 3_600_000, shopId: 1, user: userProfile({ id: 1, openid: 'device-1' }) }))
    .on('store/detail', ok(shopDetail({ id: 1, name: 'Noodle House', address: '300 East Nanjing Road', phone: '021-63501234', ...shop })))
    .on('store/paySetting', ok(paySetting()))
    .on('store/memberSetting', ok({}))
    .on('store/vipInfo', ok({ vipInfo: null, memberSetting: {}, levels: [], version: 1, unchanged: false }))
    .on('activity/list', ok({ list: [] }))
    .on('activity/couponList', ok({ list: [] }));
  const view = render(
    <StoresProvider value={root}>
      <StoreIndexPage />
    </StoresProvider>,
  );
  await waitFor(() => expect(view.container.querySelector('.store-name')?.textContent).toBe('Noodle House'));
  return view;
}

beforeEach(() => {
  jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' });
});
afterEach(() => jest.restoreAllMocks());

describe('store/index and the chain’s shop switch (C3.24)', () => {
  it('a chain’s mini program offers “Choose a shop”, which opens the shop list', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' });
    await renderStore({ isChainMiniProgram: true });
    // the page's own content is there with the switch
    expect(screen.getByText('300 East Nanjing Road')).toBeTruthy();
    fireEvent.click(screen.getByText('Choose a shop'));
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/store/list' });
  });

  it('a single shop’s mini program has no shop switch', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' });
    const { container } = await renderStore({ isChainMiniProgram: false });
    expect(screen.getByText('300 East Nanjing Road')).toBeTruthy();
    expect(screen.queryByText('Choose a shop')).toBeNull();
    expect(container.querySelector('.text-button')).toBeNull();
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('a shop that does not say it is a chain’s has no shop switch either', async () => {
    await renderStore({});
    expect(screen.getByText('Browse the menu')).toBeTruthy();
    expect(screen.queryByText('Choose a shop')).toBeNull();
  });
});
