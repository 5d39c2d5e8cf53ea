/**
 * member/doc's pull-down refresh (C2.19 "doc (pull-down refresh enabled)"): the page config switches
 * the host's pull-down on, and pulling down the page loads the first page of movements again and ends
 * the host's refresh animation. A RootStore built on fakes, Chinese texts.
 */
import { act, render, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import MemberDocPage from '@/pages/member/doc';
import { StoresProvider } from '@/stores';
import { firePageEvent } from '../support/taro-shim';
import { ok } from '../support/fakes';
import { NOON, fakeRoot, memberInfo, paySetting, scriptMemberFacts, shopDetail, userProfile } from '../support/store-factories';

// the first render loads the page's whole module graph under babel
jest.setTimeout(30_000);

/** The page's config as the build reads it (definePageConfig is the build's compile-time global). */
function pageConfig(): Record<string, unknown> {
  const g = globalThis as unknown as { definePageConfig?: <T>(c: T) => T };
  const saved = g.definePageConfig;
  g.definePageConfig = (c) => c;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('@/pages/member/doc.config').default;
  } finally {
    g.definePageConfig = saved;
  }
}

const movement = (id: number, over: Record<string, unknown>) => ({
  id,
  type: 'charge',
  amount: 0,
  giftAmount: 0,
  points: 0,
  balance: null,
  pointsAfter: null,
  time: NOON,
  orderNo: null,
  shopName: '面馆',
  note: '',
  ...over,
});
const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, pageLimit: 20 });

afterEach(() => jest.restoreAllMocks());

describe('member/doc pull-down refresh (C2.19)', () => {
  it('the page config turns the host’s pull-down refresh on', () => {
    expect(pageConfig()).toMatchObject({ enablePullDownRefresh: true });
  });

  it('pulling down loads the first page again, newest first, and ends the host’s animation', async () => {
    jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' });
    const stop = jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => undefined);
    const { root, transport } = fakeRoot({ now: () => NOON });
    root.start({ id: '1' });
    root.session.setLanguage('zh-CN');
    const card = memberInfo({ id: 7, amount: 100, giftAmount: 5, points: 30 });
    scriptMemberFacts(transport)
      .on('user/h5entry', ok({ token: 'c'.repeat(64), expiresAt: Date.now() + 3_600_000, shopId: 1, user: userProfile({ id: 1, openid: 'device-1' }) }))
      .on('store/detail', ok(shopDetail({ id: 1, name: '面馆' })))
      .on('store/paySetting', ok(paySetting()))
      .on('store/memberSetting', ok({}))
      .on('store/vipInfo', ok({ vipInfo: card, memberSetting: {}, levels: [], version: 1, unchanged: false }))
      .on('activity/list', ok({ list: [] }))
      .on('activity/couponList', ok({ list: [] }))
      // the first load, then the pull: a top-up made in the meantime comes first
      .on('vip/doc', page([movement(1, { amount: 100, balance: 100 })]), page([movement(2, { type: 'consume', amount: -35, balance: 65 }), movement(1, { amount: 100, balance: 100 })]));
    const { container } = render(
      <StoresProvider value={root}>
        <MemberDocPage />
      </StoresProvider>,
    );
    const amounts = () => [...container.querySelectorAll('#doc-list .tx-row .tx-row__amount')].map((r) => r.textContent);
    await waitFor(() => expect(amounts()).toEqual(['+¥100.00']));
    expect(stop).not.toHaveBeenCalled();
    act(() => firePageEvent('pullDownRefresh'));
    await waitFor(() => expect(amounts()).toEqual(['-¥35.00', '+¥100.00']));
    await waitFor(() => expect(stop).toHaveBeenCalledTimes(1));
    const docCalls = transport.requests.filter((r) => r.url.endsWith('/vip/doc')).map((r) => (r.data as { page: number }).page);
    expect(docCalls).toEqual([1, 1]);
  });
});
