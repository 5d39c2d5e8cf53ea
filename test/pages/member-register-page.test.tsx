/**
 * member/register with the host's phone authorisation (P§4 fast register and bind), on a RootStore built
 * on fakes: a bind the server refuses with code −1 shows the "tips" dialog saying registration is done
 * in the store, in the customer's language, with one "got it" button, and stays on the page (P8.1);
 * a register shows the registerSuccess toast and a bind the bindSuccess toast, then the member page
 * opens (P4.11).
 */
import { act, render, waitFor } from '@testing-library/react';
import Taro from '@tarojs/taro';
import MemberRegisterPage from '@/pages/member/register';
import type { Language } from '@/domain/language';
import type { PhoneAuthAdapter } from '@/platform/types';
import { StoresProvider } from '@/stores';
import { fail, ok } from '../support/fakes';
import { NOON, fakeRoot, memberInfo, paySetting, scriptMemberFacts, shopDetail, userProfile } from '../support/store-factories';

// the first render loads the page's whole module graph under babel
jest.setTimeout(30_000);

/** The chat app's phone button: its event carries the code of the phone the customer shared. */
const phoneButton: PhoneAuthAdapter = {
  supported: true,
  buttonOpenType: 'getPhoneNumber',
  fromButtonEvent: async (detail) => {
    const code = (detail as { code?: string } | null)?.code;
    return code ? { ok: true, value: { code } } : { ok: false, code: 'requiredPhone', cancelled: true };
  },
};

/**
 * member/register for a visitor of shop 1 on the chat app, in `language`; `allowRegisterInWeb` false
 * makes the shop bind an existing card instead of registering one (P§5).
 */
async function openRegister(opts: { allowRegisterInWeb: boolean; language: Language }) {
  const { root, transport, platform } = fakeRoot({ now: () => NOON });
  Object.assign(platform, { phone: phoneButton });
  root.start({ id: '1' });
  root.session.setLanguage(opts.language);
  const memberSetting = { allowRegisterInWeb: opts.allowRegisterInWeb };
  scriptMemberFacts(transport)
    .on('user/h5entry', ok({ token: 'c'.repeat(64), expiresAt: Date.now() + 3_600_000, shopId: 1, user: userProfile({ id: 1, openid: 'device-1' }) }))
    .on('store/detail', ok(shopDetail({ id: 1 })))
    .on('store/paySetting', ok(paySetting()))
    .on('store/memberSetting', ok(memberSetting))
    .on('store/vipInfo', ok({ vipInfo: null, memberSetting, levels: [], version: 1, unchanged: false }))
    .on('activity/list', ok({ list: [] }))
    .on('activity/couponList', ok({ list: [] }))
    .on('vip/registerCoupons', ok({ list: [] }));
  const view = render(
    <StoresProvider value={root}>
      <MemberRegisterPage />
    </StoresProvider>,
  );
  await waitFor(() => expect(view.container.querySelector('#register-phone-auth')).not.toBeNull());
  const button = view.container.querySelector('#register-phone-auth') as HTMLElement;
  /** The customer shares the phone behind `code` with the button. */
  const sharePhone = (code: string) => act(async () => void button.dispatchEvent(new CustomEvent('getphonenumber', { detail: { code } })));
  return { ...view, root, transport, platform, sharePhone, memberSetting };
}

let showToast: jest.SpyInstance;
let redirectTo: jest.SpyInstance;
beforeEach(() => {
  jest.spyOn(Taro, 'setNavigationBarTitle').mockResolvedValue({ errMsg: 'ok' });
  showToast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' });
  redirectTo = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' });
});
afterEach(() => jest.restoreAllMocks());

const toastTitles = () => showToast.mock.calls.map(([o]) => (o as { title: string }).title);

describe('a fast bind refused with −1 (P8.1)', () => {
  it.each([
    ['en', 'Tips', 'Please register as a member in the store', 'Got it'],
    ['zh-CN', '提示', '请到店内注册会员', '我知道了'],
  ] as const)('in %s: the dialog titled “tips” says to register in the store, with one button, and the page stays', async (language, title, content, confirmText) => {
    const page = await openRegister({ allowRegisterInWeb: false, language });
    page.transport.on('vip/bind', fail('register in store', -1));
    await page.sharePhone('dev-phone:13600000302');
    await waitFor(() => expect(page.platform.ui.modals).toHaveLength(1));
    expect(page.platform.ui.modals[0]).toEqual({ title, content, showCancel: false, confirmText });
    // the server's text is not toasted, and the customer is not sent anywhere
    expect(toastTitles()).toEqual([]);
    expect(redirectTo).not.toHaveBeenCalled();
    expect(page.root.member.vipInfo).toBeNull();
    expect(page.container.querySelector('#register-phone-auth')).not.toBeNull();
    // the bind was asked with the button's code
    const bind = page.transport.requests.find((r) => r.url.endsWith('/vip/bind'));
    expect(bind?.data).toEqual({ code: 'dev-phone:13600000302' });
  });

  it('any other refusal shows the server’s text as a plain toast, and no dialog', async () => {
    const page = await openRegister({ allowRegisterInWeb: false, language: 'en' });
    page.transport.on('vip/bind', fail('This phone code has expired', 'smsVerifyFailed'));
    await page.sharePhone('dev-phone:13600000303');
    await waitFor(() => expect(toastTitles()).toEqual(['This phone code has expired']));
    expect(page.platform.ui.modals).toEqual([]);
    expect(redirectTo).not.toHaveBeenCalled();
  });
});

describe('a fast register or bind that succeeds (P4.11)', () => {
  const CARD = memberInfo({ id: 7, amount: 0, points: 0 });

  it.each([
    ['registers', 'en', true, 'vip/register', 'Welcome, you are a member now'],
    ['binds', 'en', false, 'vip/bind', 'Card linked'],
    ['registers', 'zh-CN', true, 'vip/register', '注册成功'],
    ['binds', 'zh-CN', false, 'vip/bind', '绑定成功'],
  ] as const)('a shop that %s, in %s: the toast says so, then the member page opens', async (_what, language, allowRegisterInWeb, path, text) => {
    const page = await openRegister({ allowRegisterInWeb, language });
    // the server holds the card from now on
    page.transport
      .on(path, ok({ vipInfo: CARD }))
      .on('store/vipInfo', ok({ vipInfo: CARD, memberSetting: page.memberSetting, levels: [], version: 2, unchanged: false }));
    await page.sharePhone('dev-phone:13700000301');
    await waitFor(() => expect(redirectTo).toHaveBeenCalledTimes(1));
    expect(redirectTo).toHaveBeenCalledWith({ url: '/pages/member/index' });
    expect(toastTitles()).toEqual([text]);
    // the toast first, then the member page
    expect(showToast.mock.invocationCallOrder[0]).toBeLessThan(redirectTo.mock.invocationCallOrder[0]);
    expect(page.platform.ui.modals).toEqual([]);
    expect(page.root.member.vipInfo?.id).toBe(7);
    // register or bind is the shop's choice: the other call is never made
    const other = path === 'vip/register' ? '/vip/bind' : '/vip/register';
    expect(page.transport.requests.some((r) => r.url.endsWith(other))).toBe(false);
  });
});
