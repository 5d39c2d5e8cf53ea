/**
 * What the shop's settings change on screen, on a RootStore built on fakes (English texts): the shop
 * home's notification (C3.13 "notification (isOpen, title, content)"), the confirm page's
 * promotion-code row (C3.23 "hasPromotionWithCode") and the first-charge prompt, whose confirm opens
 * the member center (C4.33 = P2.14).
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import { ShopHome } from '@/components/ShopHome';
import { PromotionCodeRow } from '@/components/promo/PromotionCodeRow';
import { EntryPrompts } from '@/components/prompts/EntryPrompts';
import { FIRST_CHARGE_SHOWN } from '@/domain/promotions/entry-prompts';
import { entryPromptsArea } from '@/stores/areas/entry-prompts';
import { StoresProvider } from '@/stores';
import type { RootStore } from '@/stores/root';
import type { ShopSettings } from '@/domain/types';
import type { ModalOptions } from '@/platform/types';
import { ok } from '../support/fakes';
import { NOON, fakeRoot, memberInfo, paySetting, scriptMemberFacts, shopDetail, userProfile } from '../support/store-factories';

// the first render loads the components' module graph under babel
jest.setTimeout(30_000);

/**
 * A RootStore of shop 1 with `shop` settings, booted at the shop level; `card` makes the customer a
 * member, `memberSetting` is store/memberSetting's answer.
 */
async function bootedRoot(opts: { shop?: Partial<ShopSettings>; card?: ReturnType<typeof memberInfo> & { isCharged?: boolean }; memberSetting?: Record<string, unknown> } = {}) {
  const { root, transport, storage, platform } = fakeRoot({ now: () => NOON });
  root.start({ id: '1' });
  const memberSetting = opts.memberSetting ?? {};
  transport
    .on('user/h5entry', ok({ token: 'c'.repeat(64), expiresAt: Date.now() + 3_600_000, shopId: 1, user: userProfile({ id: 1, openid: 'device-1' }) }))
    .on('store/detail', ok(shopDetail({ id: 1, name: 'Noodle House', ...opts.shop })))
    .on('store/paySetting', ok(paySetting()))
    .on('store/memberSetting', ok(memberSetting))
    .on('store/vipInfo', ok({ vipInfo: opts.card ?? null, memberSetting, levels: [], version: 1, unchanged: false }))
    .on('activity/list', ok({ list: [] }))
    .on('activity/couponList', ok({ list: [] }));
  if (opts.card) scriptMemberFacts(transport);
  const boot = await root.boot.load({ ordering: false });
  if (!boot.ok) throw new Error('the shop did not load');
  // the customer reads English (a chosen language, C§1)
  root.session.setLanguage('en');
  return { root, transport, storage, platform };
}

const withRoot = (root: RootStore, node: JSX.Element) => render(<StoresProvider value={root}>{node}</StoresProvider>);

afterEach(() => jest.restoreAllMocks());

describe('the shop home’s notification (C3.13)', () => {
  it('shows the title and the content while the notification is open', async () => {
    const { root } = await bootedRoot({ shop: { notification: { isOpen: true, title: 'Closed on Sunday', content: 'We open again on Monday at 9:00.' } } });
    const { container } = withRoot(root, <ShopHome onChooseOrderType={() => undefined} />);
    const notice = container.querySelector('.shop-home__notice');
    expect(notice).not.toBeNull();
    expect(notice?.querySelector('.shop-home__section-title')?.textContent).toBe('Closed on Sunday');
    expect(notice?.querySelector('.shop-home__hint')?.textContent).toBe('We open again on Monday at 9:00.');
  });

  it('shows nothing of it once the merchant closes it', async () => {
    const { root } = await bootedRoot({ shop: { notification: { isOpen: false, title: 'Closed on Sunday', content: 'We open again on Monday at 9:00.' } } });
    const { container } = withRoot(root, <ShopHome onChooseOrderType={() => undefined} />);
    // the home itself is there (its shop name), the notification is not
    expect(container.querySelector('#home-shop-name')?.textContent).toBe('Noodle House');
    expect(container.querySelector('.shop-home__notice')).toBeNull();
    expect(screen.queryByText('Closed on Sunday')).toBeNull();
    expect(screen.queryByText('We open again on Monday at 9:00.')).toBeNull();
  });

  it('titles an open notification without a title “Notice”', async () => {
    const { root } = await bootedRoot({ shop: { notification: { isOpen: true, title: '', content: 'New noodles this week.' } } });
    const { container } = withRoot(root, <ShopHome onChooseOrderType={() => undefined} />);
    expect(container.querySelector('.shop-home__notice .shop-home__section-title')?.textContent).toBe('Notice');
    expect(container.querySelector('.shop-home__notice .shop-home__hint')?.textContent).toBe('New noodles this week.');
  });
});

describe('the promotion-code row (C3.23)', () => {
  it('is offered where the shop has promotion codes, and opens the code search', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' });
    const { root } = await bootedRoot({ shop: { hasPromotionWithCode: true } });
    const { container } = withRoot(root, <PromotionCodeRow />);
    const row = container.querySelector('#promotion-code-row');
    expect(row?.querySelector('.figure-row__label')?.textContent).toBe('Promotion code');
    expect(row?.querySelector('.figure-row__note')?.textContent).toBe('Enter a code');
    fireEvent.click(row as HTMLElement);
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/order/search-activity-by-code' });
  });

  it('is not there when the shop has none', async () => {
    const { root } = await bootedRoot({ shop: { hasPromotionWithCode: false } });
    const { container } = withRoot(root, <PromotionCodeRow />);
    expect(container.querySelector('#promotion-code-row')).toBeNull();
    expect(screen.queryByText('Promotion code')).toBeNull();
  });

  it('is not there when the shop says nothing of promotion codes', async () => {
    const { root } = await bootedRoot();
    expect(root.shop.shop?.hasPromotionWithCode).toBeUndefined();
    const { container } = withRoot(root, <PromotionCodeRow />);
    expect(container.querySelector('#promotion-code-row')).toBeNull();
  });
});

describe('the first-charge prompt (C4.33 = P2.14)', () => {
  const SLOGAN = 'Top up 100, get 20 free';

  /**
   * A member who has never topped up, in a shop with a charge slogan (the prompt is due), whose dialog
   * waits for the test's answer.
   */
  async function due() {
    const fixture = await bootedRoot({ card: { ...memberInfo({ id: 7 }), isCharged: false }, memberSetting: { chargeSlogan: SLOGAN } });
    let answer: (confirmed: boolean) => void = () => undefined;
    const modal = jest.fn((_options: ModalOptions) => new Promise<boolean>((resolve) => (answer = resolve)));
    fixture.platform.ui.modal = modal;
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' });
    const switchTab = jest.spyOn(Taro, 'switchTab').mockResolvedValue({ errMsg: 'ok' });
    withRoot(fixture.root, <EntryPrompts />);
    await waitFor(() => expect(modal).toHaveBeenCalledTimes(1));
    // the same answer path for both tests: what follows the answer has run when act returns
    const reply = (confirmed: boolean) => act(async () => answer(confirmed));
    return { ...fixture, modal, navigateTo, switchTab, reply };
  }

  it('confirming goes to the member center', async () => {
    const { modal, navigateTo, switchTab, storage, reply } = await due();
    expect(modal).toHaveBeenCalledWith({ title: 'First top-up gift', content: SLOGAN, confirmText: 'Take a look', cancelText: 'Later', showCancel: true });
    // shown once (P§2): the flag is set as the dialog opens
    expect(storage.get(FIRST_CHARGE_SHOWN)).toBe(true);
    expect(navigateTo).not.toHaveBeenCalled();
    await reply(true);
    expect(navigateTo).toHaveBeenCalledTimes(1);
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/member/index' });
    expect(switchTab).not.toHaveBeenCalled();
  });

  it('cancelling stays where the customer is', async () => {
    const { modal, navigateTo, switchTab, reply } = await due();
    expect(modal.mock.calls[0][0].title).toBe('First top-up gift');
    await reply(false);
    expect(navigateTo).not.toHaveBeenCalled();
    expect(switchTab).not.toHaveBeenCalled();
  });

  it('waits while another page lies over the tab (opened by a link, without the tab being hidden)', async () => {
    const fixture = await bootedRoot({ card: { ...memberInfo({ id: 7 }), isCharged: false }, memberSetting: { chargeSlogan: SLOGAN } });
    const modal = jest.fn(async (_options: ModalOptions) => false);
    fixture.platform.ui.modal = modal;
    jest.spyOn(Taro, 'getCurrentInstance').mockReturnValue({ router: { path: '/pages/user/index-tab', params: {} } } as unknown as ReturnType<typeof Taro.getCurrentInstance>);
    jest
      .spyOn(Taro, 'getCurrentPages')
      .mockReturnValue([{ route: 'pages/user/index-tab' }, { route: 'pages/member/recharge' }] as unknown as ReturnType<typeof Taro.getCurrentPages>);
    const next = jest.spyOn(entryPromptsArea(fixture.root), 'next');
    withRoot(fixture.root, <EntryPrompts />);
    await waitFor(() => expect(next).toHaveBeenCalledTimes(1));
    // the prompt was due (the same card and slogan open the dialog above), but not over the other page
    expect((await next.mock.results[0].value)?.kind).toBe('firstCharge');
    await act(async () => undefined);
    expect(modal).not.toHaveBeenCalled();
    expect(fixture.storage.get(FIRST_CHARGE_SHOWN)).not.toBe(true);
  });
});
