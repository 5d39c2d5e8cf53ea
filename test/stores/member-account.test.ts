/**
 * The member account store against the real server (in-process, demo data, fixed clock): the member
 * center's card, info edit, pay password set / change / forgot, fast register and bind (P§4, P§8),
 * the browser's phone + SMS code, the SMS quota, and the official-account prompt (MEMBER-1/2/3/8).
 * Error messages are checked as the customer reads them (errors.* of the zh-CN locale).
 */
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { members } from '../../server/src/db/schema';
import { DEMO_MEMBER, DEMO_MEMBER_EMPTY, SHOP } from '../../server/src/demo/ids';
import type { RuleError } from '../../src/domain/errors';
import { errorMessage } from '../../src/i18n';
import type { LoginAdapter, PhoneAuthAdapter } from '../../src/platform/types';
import { MemberAccountStore, type JoinResult } from '../../src/stores/areas/member-account';
import { buildTestServer, type TestServer } from '../support/build-server';
import { InjectTransport } from '../support/inject-transport';
import { fakeRoot } from '../support/store-factories';
import { setMemberSetting, setShop } from '../server/members/support';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ config: { demoMode: false } });
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

/** The phone button of the chat app: the event carries the code the development provider reads. */
const phoneButton: PhoneAuthAdapter = {
  supported: true,
  buttonOpenType: 'getPhoneNumber',
  fromButtonEvent: async (detail) => {
    const code = (detail as { code?: string } | null)?.code;
    return code ? { ok: true, value: { code } } : { ok: false, code: 'requiredPhone', cancelled: true, detail: 'getPhoneNumber:fail user deny' };
  },
};

/** A chat-app login whose code the development provider takes as the open id. */
const chatLogin = (openid: string): LoginAdapter => ({ supported: true, login: async () => ({ ok: true, value: { code: openid, via: 'login' } }) });

/** A root on the real server (a chat-app user `openid`, or a browser visitor) and the member account store. */
async function account(opts: { openid?: string; now?: number } = {}) {
  const now = opts.now ?? server.clock.now();
  const { root, platform } = fakeRoot({
    via: () => new InjectTransport(server),
    now: () => now,
    ...(opts.openid ? { login: chatLogin(opts.openid) } : {}),
  });
  root.start({ id: String(SHOP.restaurant) });
  const login = await root.auth.ensureLogin();
  if (!login.ok) throw new Error(`login failed: ${login.code}`);
  const store = new MemberAccountStore({
    api: root.api,
    member: root.member,
    auth: root.auth,
    session: root.session,
    platform: { phone: phoneButton },
    now: () => now,
  });
  return { root, store, toasts: platform.ui.toasts, modals: platform.ui.modals };
}

const message = (r: { error: RuleError }) => errorMessage(r.error);
const failed = (r: JoinResult) => (r.ok ? null : r);
const passwordHashOf = async (memberId: number) => (await server.db.select().from(members).where(eq(members.id, memberId)))[0].payPasswordHash;

describe('the member center card (MEMBER-1)', () => {
  test('the demo member’s card: balance, gift amount and points as the server holds them, and the notice settings', async () => {
    const { root, store } = await account({ openid: 'demo-openid-zhangsan' });
    // outside demo mode the demo open id is a new user: give the card to that user
    await server.db.update(members).set({ userId: (await server.ctx.sessions.resolve(root.session.token!))!.userId }).where(eq(members.id, DEMO_MEMBER.id));
    await store.loadCard();
    expect(store.cardState).toBe('ready');
    const card = root.member.vipInfo!;
    expect(card.amount).toEqual(500);
    expect(card.giftAmount).toEqual(50);
    expect(card.points).toEqual(2000);
    expect(card.cardNo).toEqual(DEMO_MEMBER.cardNo);
    expect(store.notifyInfo).toMatchObject({ isBindOfficialAccount: false });
    // vip/getInfo says the card has a pay password: the pay-password page changes it
    expect(store.payPasswordSet).toEqual(true);
    expect(store.payPasswordMode).toEqual('change');
  });

  test('a visitor’s card loads as none and asks nothing members-only', async () => {
    const { root, store, toasts } = await account({ openid: 'center-visitor' });
    await store.loadCard();
    expect(store.cardState).toEqual('ready');
    expect(root.member.isMember).toEqual(false);
    expect(store.notifyInfo).toEqual(null);
    expect(toasts).toEqual([]);
  });

  test('a shop with the member function off: the load fails with "function closed" (the page then shows its dialog)', async () => {
    await setMemberSetting(server, SHOP.restaurant, { isFunctionOpen: false });
    const { store } = await account({ openid: 'center-closed' });
    await store.loadCard();
    expect(store.cardState).toEqual('failed');
    expect(store.cardError).toEqual('functionClosed');
  });
});

describe('fast register and bind (P§4, P§8)', () => {
  test('the phone code registers a card at the lowest level and the member store holds it', async () => {
    const { root, store } = await account({ openid: 'fast-reg-1' });
    const res = await store.joinWithPhoneAuth({ code: 'dev-phone:13700000301' });
    expect(res).toEqual({ ok: true, kind: 'register', identityChanged: false });
    expect(root.member.vipInfo).toMatchObject({ phone: '13700000301', amount: 0, points: 0 });
    expect(root.member.loaded).toBe(true);
  });

  test('without a phone code nothing is registered and only the failure is logged', async () => {
    const { root, store, toasts } = await account({ openid: 'fast-reg-deny' });
    const before = (await server.db.select().from(members)).length;
    const res = failed(await store.joinWithPhoneAuth({ errMsg: 'getPhoneNumber:fail user deny' }));
    expect(res).toMatchObject({ cancelled: true });
    expect((await server.db.select().from(members)).length).toBe(before);
    expect(root.member.isMember).toEqual(false);
    expect(toasts).toEqual([]);
  });

  test('when the shop registers in store only, a phone with a card is bound', async () => {
    await setMemberSetting(server, SHOP.restaurant, { allowRegisterInWeb: false });
    await server.db.update(members).set({ userId: null }).where(eq(members.id, DEMO_MEMBER_EMPTY.id));
    const { root, store } = await account({ openid: 'fast-bind-1' });
    await root.member.load();
    expect(store.allowRegisterInWeb).toBe(false);
    const res = await store.joinWithPhoneAuth({ code: `dev-phone:${DEMO_MEMBER_EMPTY.phone}` });
    expect(res).toEqual({ ok: true, kind: 'bind', identityChanged: false });
    expect(root.member.vipInfo?.id).toBe(DEMO_MEMBER_EMPTY.id);
  });

  test('binding a phone without a card answers the -1 "register in store" case, with no toast', async () => {
    await setMemberSetting(server, SHOP.restaurant, { allowRegisterInWeb: false });
    const { root, store, toasts } = await account({ openid: 'fast-bind-none' });
    await root.member.load();
    const res = await store.joinWithPhoneAuth({ code: 'dev-phone:13600000302' });
    expect(res).toEqual({ ok: false, needRegisterInStore: true });
    expect(toasts).toEqual([]);
  });

  test('any other bind failure gives the server’s text for a plain toast', async () => {
    await setMemberSetting(server, SHOP.restaurant, { allowRegisterInWeb: false });
    const { root, store, toasts } = await account({ openid: 'fast-bind-bad' });
    await root.member.load();
    const res = failed(await store.joinWithPhoneAuth({ code: 'not-a-phone-code' }));
    expect(res).toMatchObject({ shown: false, error: { code: 'smsVerifyFailed' }, info: '短信验证码错误' });
    expect(toasts).toEqual([]);
  });
});

describe('registering in a browser with phone and SMS code (MEMBER-3)', () => {
  test('a device visitor registers with one code: the code logs in by SMS and the card follows', async () => {
    const { root, store } = await account();
    expect((await store.sendSmsCode('13700000311')).ok).toBe(true);
    const code = server.sms.lastCode('13700000311')!;
    const res = await store.joinWithSms('13700000311', code);
    expect(res).toEqual({ ok: true, kind: 'register', identityChanged: true });
    expect(root.member.vipInfo?.phone).toBe('13700000311');
    expect(server.sms.outbox.filter((m) => m.phone === '13700000311')).toHaveLength(1);
  });

  test('a visitor whose phone already holds a card gets that card (bound)', async () => {
    const { root, store } = await account();
    await store.sendSmsCode(DEMO_MEMBER.phone);
    const res = await store.joinWithSms(DEMO_MEMBER.phone, server.sms.lastCode(DEMO_MEMBER.phone)!);
    expect(res).toEqual({ ok: true, kind: 'bind', identityChanged: true });
    expect(root.member.vipInfo?.id).toBe(DEMO_MEMBER.id);
  });

  test('a wrong code is refused with "SMS code verify failed" and no card is made', async () => {
    const { root, store, toasts } = await account();
    await store.sendSmsCode('13700000312');
    const res = failed(await store.joinWithSms('13700000312', '000000'));
    expect(res && 'shown' in res && res.shown).toBe(true);
    // the server's own text, shown by the request layer
    expect(toasts).toEqual(['短信验证码错误']);
    expect(root.member.isMember).toBe(false);
  });

  test('the form’s own checks: the phone, then the code', async () => {
    const { store } = await account();
    const noPhone = failed(await store.joinWithSms('', '123456'));
    expect(noPhone && 'error' in noPhone && message(noPhone)).toBe('请输入手机号');
    const badPhone = failed(await store.joinWithSms('12', '123456'));
    expect(badPhone && 'error' in badPhone && message(badPhone)).toBe('请输入正确的手机号');
    const noCode = failed(await store.joinWithSms('13700000313', ' '));
    expect(noCode && 'error' in noCode && message(noCode)).toBe('请输入验证码');
  });

  test('a shop without SMS left: "no SMS left" and nothing is sent', async () => {
    await setShop(server, SHOP.restaurant, { smsQuota: 0 });
    const { store } = await account();
    const res = await store.sendSmsCode('13700000314');
    expect(res.ok ? null : message(res)).toBe('门店短信余量不足');
    expect(server.sms.outbox).toHaveLength(0);
  });
});

describe('pay password (MEMBER-2, P§5)', () => {
  /** A new member (fast register) with no pay password. */
  async function newMember(openid: string, phone: string) {
    const a = await account({ openid });
    const res = await a.store.joinWithPhoneAuth({ code: `dev-phone:${phone}` });
    if (!res.ok) throw new Error('register failed');
    return a;
  }

  test('a new card sets one: 123456 and a mismatch are refused with their messages, then it is saved', async () => {
    const { root, store } = await newMember('pp-set', '13700000321');
    expect(store.payPasswordMode).toBe('set');
    store.startPayPassword();
    const simple = await store.enterPayPassword('123456');
    expect(simple.state === 'refused' && message(simple)).toBe('支付密码不能为123456');
    expect((await store.enterPayPassword('246813')).state).toBe('next');
    const mismatch = await store.enterPayPassword('246814');
    expect(mismatch.state === 'refused' && message(mismatch)).toBe('两次输入的密码不一致');
    expect(store.payPassword?.step).toBe('new');
    await store.enterPayPassword('246813');
    expect(await store.enterPayPassword('246813')).toEqual({ state: 'saved' });
    expect(root.member.vipInfo?.hasPayPassword).toBe(true);
    expect(store.payPasswordMode).toBe('change');
    expect(await verify((await passwordHashOf(root.member.vipInfo!.id))!, '246813')).toBe(true);
  });

  test('a change with a wrong original: "origin password incorrect", and the entry starts at the original again', async () => {
    const { root, store, toasts } = await newMember('pp-change', '13700000322');
    store.startPayPassword();
    await store.enterPayPassword('246813');
    await store.enterPayPassword('246813');
    store.startPayPassword();
    expect(store.payPassword?.step).toBe('original');
    for (const digits of ['111111', '975310']) await store.enterPayPassword(digits);
    const wrong = await store.enterPayPassword('975310');
    expect(wrong).toMatchObject({ state: 'refused', shown: true, error: { code: 'originPasswordIncorrect' } });
    expect(toasts[toasts.length - 1]).toBe('原密码错误');
    expect(store.payPassword).toMatchObject({ step: 'original', original: null });
    for (const digits of ['246813', '975310']) await store.enterPayPassword(digits);
    expect(await store.enterPayPassword('975310')).toEqual({ state: 'saved' });
    expect(await verify((await passwordHashOf(root.member.vipInfo!.id))!, '975310')).toBe(true);
  });

  test('forgot: the code to the card’s phone is checked, then the new password is set twice', async () => {
    const { root, store } = await newMember('pp-forgot', '13700000323');
    expect((await store.sendSmsCode('13700000323')).ok).toBe(true);
    const wrong = await store.checkResetCode('000000');
    expect(wrong.ok ? null : wrong.error.code).toBe('smsVerifyFailed');
    expect(store.payPassword).toBeNull();
    // a wrong try does not use the code up
    expect((await store.checkResetCode(server.sms.lastCode('13700000323')!)).ok).toBe(true);
    expect(store.payPassword?.mode).toBe('reset');
    await store.enterPayPassword('864213');
    expect(await store.enterPayPassword('864213')).toEqual({ state: 'saved' });
    expect(await verify((await passwordHashOf(root.member.vipInfo!.id))!, '864213')).toBe(true);
  });

  test('an empty code is refused before any call', async () => {
    const { store } = await newMember('pp-forgot-empty', '13700000324');
    const res = await store.checkResetCode('');
    expect(res.ok ? null : message(res)).toBe('请输入验证码');
  });
});

describe('info edit (MEMBER-1)', () => {
  test('name and birthday are saved and the card shows them', async () => {
    const { root, store } = await account({ openid: 'info-edit' });
    await store.joinWithPhoneAuth({ code: 'dev-phone:13700000331' });
    expect(await store.updateInfo(' 王五 ', '1992-02-29')).toEqual({ ok: true });
    expect(root.member.vipInfo).toMatchObject({ name: '王五', birthday: '1992-02-29' });
  });

  test('a blank name asks for the name; a birthday outside the picker’s range is refused', async () => {
    const { store } = await account({ openid: 'info-edit-bad' });
    await store.joinWithPhoneAuth({ code: 'dev-phone:13700000332' });
    const blank = await store.updateInfo('  ', null);
    expect(blank.ok ? null : message(blank)).toBe('请输入姓名');
    // the picker runs 1876-01-01 … 2176-12-31 in 2026 (C§5: 150 years either side)
    expect(store.birthdayRange).toEqual({ start: '1876-01-01', end: '2176-12-31' });
    const old = await store.updateInfo('王五', '1875-12-31');
    expect(old.ok ? null : old.error.code).toBe('badRequest');
  });
});

describe('official account and notices (MEMBER-8)', () => {
  test('a member with the official account’s open id is offered the binding; binding it ends the offer', async () => {
    const { root, store } = await account({ openid: 'oa-member' });
    await store.joinWithPhoneAuth({ code: 'dev-phone:13700000341' });
    await store.loadCard();
    expect(store.offerOfficialAccount).toBe(false);
    root.session.patch({ officialAccountOpenid: 'oa-openid-1' });
    expect(store.offerOfficialAccount).toBe(true);
    expect(await store.bindOfficialAccount()).toEqual({ ok: true });
    expect(store.offerOfficialAccount).toEqual(false);
    expect(root.member.vipInfo?.isBindOfficialAccount).toEqual(true);
    const [row] = await server.db.select().from(members).where(eq(members.id, root.member.vipInfo!.id));
    expect(row.officialAccountOpenid).toBe('oa-openid-1');
  });
});

describe('fast register (P§4, C§3 isAllowFastRegister)', () => {
  const build = (phone: typeof phoneButton, isAllowFastRegister?: boolean) =>
    new MemberAccountStore({
      api: {} as never,
      member: {} as never,
      auth: {} as never,
      session: { officialAccountOpenid: null, phoneRegion: 'CN' },
      platform: { phone },
      now: () => 0,
      shop: { shop: isAllowFastRegister === undefined ? {} : { isAllowFastRegister } },
    });

  test('the host phone authorisation is offered where the platform has it, unless the shop turns fast register off', () => {
    expect(build(phoneButton).fastRegister).toBe(true);
    expect(build(phoneButton, true).fastRegister).toBe(true);
    expect(build(phoneButton, false).fastRegister).toBe(false);
    expect(build({ ...phoneButton, supported: false }).fastRegister).toBe(false);
  });
});
