/**
 * The card's two history screens (MEMBER-5) on a RootStore built on fakes: member/doc lists the
 * balance movements (vip/doc) under the balance and gift amount, member/point-consume-list the point
 * movements (vip/pointDoc) under the points; an empty history leads to recharging or to the points
 * mall, and a visitor is asked to register first.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { setLanguage } from '@/i18n';
import MemberDocPage from '@/pages/member/doc';
import MemberPointConsumeListPage from '@/pages/member/point-consume-list';
import { StoresProvider } from '@/stores';
import { ok } from '../support/fakes';
import {
  NOON,
  fakeRoot,
  memberInfo,
  paySetting,
  scriptMemberFacts,
  shopDetail,
  userProfile,
} from '../support/store-factories';

// the first render loads the page's whole module graph under babel
jest.setTimeout(30_000);

const CARD = memberInfo({ id: 7, amount: 100, giftAmount: 5, points: 30 });

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

/** A started RootStore for shop 1 (a member with CARD, or a visitor) whose boot calls are scripted. */
function buildRoot(card: typeof CARD | null = CARD) {
  const { root, transport } = fakeRoot({ now: () => NOON });
  root.start({ id: '1' });
  transport
    .on(
      'user/h5entry',
      ok({
        token: 'c'.repeat(64),
        expiresAt: Date.now() + 3_600_000,
        shopId: 1,
        user: userProfile({ id: 1, openid: 'device-1' }),
      }),
    )
    .on('store/detail', ok(shopDetail({ id: 1, name: '面馆' })))
    .on('store/paySetting', ok(paySetting()))
    .on('store/memberSetting', ok({}))
    .on('store/vipInfo', ok({ vipInfo: card, memberSetting: {}, levels: [], version: 1, unchanged: false }))
    .on('activity/list', ok({ list: [] }))
    .on('activity/couponList', ok({ list: [] }));
  if (card) scriptMemberFacts(transport);
  return { root, transport };
}

const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, pageLimit: 20 });

beforeEach(() => {
  setLanguage('zh-CN');
  jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' });
  jest.spyOn(Taro, 'stopPullDownRefresh').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('member/doc', () => {
  it('lists the balance movements newest first under the balance and gift amount', async () => {
    const { root, transport } = buildRoot();
    transport.on(
      'vip/doc',
      page([
        movement(2, { type: 'consume', amount: -35, balance: 65 }),
        movement(1, { amount: 100, balance: 100 }),
      ]),
    );
    const { container } = render(
      <StoresProvider value={root}>
        <MemberDocPage />
      </StoresProvider>,
    );
    await waitFor(() => expect(container.querySelectorAll('#doc-list .tx-row').length).toBe(2));
    const rows = [...container.querySelectorAll('#doc-list .tx-row')];
    expect(rows.map((r) => r.querySelector('.tx-row__type')?.textContent)).toEqual(['消费', '充值']);
    expect(rows.map((r) => r.querySelector('.tx-row__amount')?.textContent)).toEqual(['-¥35.00', '+¥100.00']);
    expect(container.querySelector('#wallet-figures')?.textContent).toContain('赠送金额');
    expect(container.querySelector('#point-list')).toBeNull();
    expect(screen.getByText('没有更多了')).toBeTruthy();
  });

  it('an empty history leads to recharging', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' });
    const { root, transport } = buildRoot();
    transport.on('vip/doc', page([]));
    render(
      <StoresProvider value={root}>
        <MemberDocPage />
      </StoresProvider>,
    );
    await waitFor(() => expect(screen.getByText('暂无交易记录')).toBeTruthy());
    fireEvent.click(screen.getByText('去充值'));
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/member/recharge' });
  });

  it('a visitor is asked to register first', async () => {
    const { root } = buildRoot(null);
    render(
      <StoresProvider value={root}>
        <MemberDocPage />
      </StoresProvider>,
    );
    await waitFor(() => expect(screen.getByText('注册会员后可查看')).toBeTruthy());
  });
});

describe('member/point-consume-list', () => {
  it('lists the point movements under the points, each with the points after it', async () => {
    const { root, transport } = buildRoot();
    transport.on('vip/pointDoc', page([movement(5, { type: 'consume', points: 20, pointsAfter: 30 })]));
    const { container } = render(
      <StoresProvider value={root}>
        <MemberPointConsumeListPage />
      </StoresProvider>,
    );
    await waitFor(() => expect(container.querySelectorAll('#point-list .tx-row').length).toBe(1));
    const row = container.querySelector('#point-list .tx-row')!;
    expect(row.querySelector('.signed')?.textContent).toBe('+20');
    expect(row.querySelector('.tx-row__after')?.textContent).toBe('剩余 30');
    expect(container.querySelector('#wallet-figures')?.textContent).toContain('当前积分');
    expect(container.querySelector('#doc-list')).toBeNull();
  });

  it('an empty history leads to the points mall', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' });
    const { root, transport } = buildRoot();
    transport.on('vip/pointDoc', page([]));
    render(
      <StoresProvider value={root}>
        <MemberPointConsumeListPage />
      </StoresProvider>,
    );
    await waitFor(() => expect(screen.getByText('暂无积分记录')).toBeTruthy());
    fireEvent.click(screen.getByText('去积分商城'));
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/member/point-store/point-store' });
  });
});
