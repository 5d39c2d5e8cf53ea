import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { userCalls } from '../../../src/api/contract/user';
import { vipCalls } from '../../../src/api/contract/vip';
import { couponTemplates, memberCoupons, members } from '../../../server/src/db/schema';
import { CHAIN_ID, DEMO_MEMBER, DEMO_MEMBER_EMPTY, DEMO_USER, SHOP } from '../../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { cardOf, setMemberSetting, setShop, smsCode } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

const memberCount = async () => (await server.db.select().from(members)).length;
const memberToken = () => server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);

describe('register and bind (MEMBER-3)', () => {
  test('vip/register with a phone and its SMS code makes a chain card at the lowest level', async () => {
    const token = await server.login(SHOP.restaurant, 'reg-1');
    const code = await smsCode(server, token, '13700000001');
    const res = await server.call(
      vipCalls.register,
      { phone: '13700000001', smsCode: code, name: '王五' },
      { token },
    );
    if (!res.ok) throw new Error(res.info);
    expect(res.info.vipInfo).toMatchObject({
      phone: '13700000001',
      name: '王五',
      level: 1001,
      amount: 0,
      isChain: true,
    });
    const row = await cardOf(server, res.info.vipInfo.id);
    expect(row.chainId).toBe(CHAIN_ID);
  });

  test('fast register with a phone-authorisation code registers without an SMS code (P§4)', async () => {
    const token = await server.login(SHOP.restaurant, 'reg-fast');
    const res = await server.call(vipCalls.register, { code: 'dev-phone:13700000002' }, { token });
    expect(res.ok && res.info.vipInfo.phone).toBe('13700000002');
  });

  test('a wrong SMS code answers "Sms code verify failed" and makes no card', async () => {
    const token = await server.login(SHOP.restaurant, 'reg-wrong');
    const code = await smsCode(server, token, '13700000003');
    const before = await memberCount();
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await server.call(
      vipCalls.register,
      { phone: '13700000003', smsCode: wrong },
      { token, headers: { language: 'en' } },
    );
    expect(res).toMatchObject({ ok: false, code: 'smsVerifyFailed', info: 'Sms code verify failed' });
    expect(await memberCount()).toBe(before);
  });

  test('an expired SMS code (after 5 minutes) is refused', async () => {
    const token = await server.login(SHOP.restaurant, 'reg-expired');
    const code = await smsCode(server, token, '13700000004');
    server.clock.advance(5 * 60 * 1000 + 1);
    const res = await server.call(vipCalls.register, { phone: '13700000004', smsCode: code }, { token });
    expect(res.ok ? null : res.code).toBe('smsVerifyFailed');
  });

  test('sending a code when the shop SMS quota is zero answers "No Sms Left"', async () => {
    await setShop(server, SHOP.restaurant, { smsQuota: 0 });
    const token = await server.login(SHOP.restaurant, 'reg-quota');
    server.clock.advance(3_601_000);
    const res = await server.call(
      userCalls.sendSmsCode,
      { phone: '13700000005' },
      { token, headers: { language: 'en' } },
    );
    expect(res).toMatchObject({ ok: false, code: 'noSmsLeft', info: 'No Sms Left' });
  });

  test('a second code to the same phone within a minute is refused (rate limit)', async () => {
    const token = await server.login(SHOP.restaurant, 'reg-rate');
    await smsCode(server, token, '13700000010');
    const again = await server.call(userCalls.sendSmsCode, { phone: '13700000010' }, { token });
    expect(again.ok ? null : again.code).toBe('tooManyRequests');
  });

  test('register without any phone proof answers the verify-code rule and makes no card', async () => {
    const token = await server.login(SHOP.restaurant, 'reg-none');
    const before = await memberCount();
    const res = await server.call(vipCalls.register, { name: 'x' }, { token });
    expect(res.ok ? null : res.code).toBe('inputVerifyCode');
    expect(await memberCount()).toBe(before);
  });

  test('a proven phone that already has a card is bound to the caller instead of duplicated', async () => {
    await server.db.update(members).set({ userId: null }).where(eq(members.id, DEMO_MEMBER_EMPTY.id));
    const token = await server.login(SHOP.restaurant, 'reg-existing');
    const before = await memberCount();
    const res = await server.call(
      vipCalls.register,
      { code: `dev-phone:${DEMO_MEMBER_EMPTY.phone}` },
      { token },
    );
    expect(res.ok && res.info.vipInfo.id).toBe(DEMO_MEMBER_EMPTY.id);
    expect(await memberCount()).toBe(before);
  });

  test('two registrations of one user at the same moment make one card', async () => {
    const token = await server.login(SHOP.restaurant, 'reg-twice');
    const before = await memberCount();
    const results = await Promise.all([
      server.call(vipCalls.register, { code: 'dev-phone:13700000011' }, { token }),
      server.call(vipCalls.register, { code: 'dev-phone:13700000012' }, { token }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await memberCount()).toBe(before + 1);
  });

  test('a member registering again answers "already a member"', async () => {
    const res = await server.call(
      vipCalls.register,
      { code: 'dev-phone:13700000006' },
      { token: await memberToken() },
    );
    expect(res.ok ? null : res.code).toBe('alreadyMember');
  });

  test('register when the shop only registers in store answers needRegisterInStore', async () => {
    await setMemberSetting(server, SHOP.restaurant, { allowRegisterInWeb: false });
    const token = await server.login(SHOP.restaurant, 'reg-store');
    const res = await server.call(vipCalls.register, { code: 'dev-phone:13700000007' }, { token });
    expect(res.ok ? null : res.code).toBe(-1);
  });

  test('vip/bind finds the card of the proven phone and attaches it to the caller', async () => {
    await server.db.update(members).set({ userId: null }).where(eq(members.id, DEMO_MEMBER_EMPTY.id));
    const token = await server.login(SHOP.restaurant, 'binder');
    const code = await smsCode(server, token, DEMO_MEMBER_EMPTY.phone);
    const res = await server.call(
      vipCalls.bind,
      { phone: DEMO_MEMBER_EMPTY.phone, smsCode: code },
      { token },
    );
    expect(res.ok && res.info.vipInfo.id).toBe(DEMO_MEMBER_EMPTY.id);
    const info = await server.call(vipCalls.getInfo, {}, { token });
    expect(info.ok && info.info.vipInfo?.id).toBe(DEMO_MEMBER_EMPTY.id);
  });

  test('binding a phone with no card answers code -1 needRegisterInStore (P§8)', async () => {
    const token = await server.login(SHOP.restaurant, 'bind-none');
    const res = await server.call(
      vipCalls.bind,
      { code: 'dev-phone:13600000000' },
      { token, headers: { language: 'en' } },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      result: false,
      code: -1,
      info: 'Please register as a member in the store',
      data: { errorCode: 'needRegisterInStore' },
    });
  });

  test('register and bind answer "Function Closed" when the member function is off', async () => {
    await setMemberSetting(server, SHOP.restaurant, { isFunctionOpen: false });
    const token = await server.login(SHOP.restaurant, 'closed');
    const reg = await server.call(
      vipCalls.register,
      { code: 'dev-phone:13700000008' },
      { token, headers: { language: 'en' } },
    );
    const info = await server.call(vipCalls.getInfo, {}, { token });
    expect(reg).toMatchObject({ ok: false, code: 'functionClosed', info: 'Function Closed' });
    expect(info.ok ? null : info.code).toBe('functionClosed');
  });

  test('newcomer coupons are issued once on registration', async () => {
    const [tpl] = await server.db.select().from(couponTemplates).where(eq(couponTemplates.id, 8001));
    await server.db
      .update(couponTemplates)
      .set({ data: { ...tpl.data, isNeedRegisterCoupon: true } })
      .where(eq(couponTemplates.id, 8001));
    const token = await server.login(SHOP.restaurant, 'newcomer');
    const offered = await server.call(vipCalls.registerCoupons, {}, { token });
    expect(offered.ok && offered.info.list.map((c) => c.id)).toEqual([8001]);
    const reg = await server.call(vipCalls.register, { code: 'dev-phone:13700000009' }, { token });
    if (!reg.ok) throw new Error(reg.info);
    const claimed = await server.call(vipCalls.getRegisterCoupons, {}, { token });
    const again = await server.call(vipCalls.getRegisterCoupons, {}, { token });
    const held = await server.db
      .select()
      .from(memberCoupons)
      .where(eq(memberCoupons.memberId, reg.info.vipInfo.id));
    expect(held).toHaveLength(1);
    expect(claimed.ok && again.ok && [claimed.info.list[0].id, again.info.list[0].id]).toEqual([
      held[0].id,
      held[0].id,
    ]);
  });
});

describe('member card (MEMBER-1)', () => {
  test('vip/getInfo answers the card, the member setting and the version; never the pay password', async () => {
    const res = await server.call(vipCalls.getInfo, { version: 0 }, { token: await memberToken() });
    if (!res.ok) throw new Error(res.info);
    expect(res.info.vipInfo).toMatchObject({
      id: DEMO_MEMBER.id,
      amount: 500,
      giftAmount: 50,
      points: 2000,
      hasPayPassword: true,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/payPasswordHash|\$argon2/);
    expect(res.info.memberSetting.allowRegisterInWeb).toBe(true);
  });

  test('a visitor gets a null card from vip/getInfo', async () => {
    const res = await server.call(vipCalls.getInfo, {}, { token: await server.login(SHOP.restaurant) });
    expect(res.ok && res.info.vipInfo).toBeNull();
  });

  test('vip/update changes name and birthday', async () => {
    const res = await server.call(
      vipCalls.update,
      { name: '张三丰', birthday: '1991-01-02' },
      { token: await memberToken() },
    );
    expect(res.ok && [res.info.vipInfo.name, res.info.vipInfo.birthday]).toEqual(['张三丰', '1991-01-02']);
  });

  test('vip/update with a malformed birthday is refused and changes nothing', async () => {
    const res = await server.call(
      vipCalls.update,
      { name: 'X', birthday: '02/01/1991' },
      { token: await memberToken() },
    );
    expect(res.ok ? null : res.code).toBe('badRequest');
    expect((await cardOf(server, DEMO_MEMBER.id)).name).toBe(DEMO_MEMBER.name);
  });

  test('a visitor calling vip/update is told "Please register first"', async () => {
    const res = await server.call(
      vipCalls.update,
      { name: 'X' },
      { token: await server.login(SHOP.restaurant), headers: { language: 'en' } },
    );
    expect(res).toMatchObject({ ok: false, code: 'pleaseRegisterFirst', info: 'Please register first' });
  });

  test('vip/genVipToken signs a member-center token for 24 hours', async () => {
    const res = await server.call(vipCalls.genVipToken, {}, { token: await memberToken() });
    expect(res.ok && res.info.expiresAt - server.clock.now()).toBe(24 * 3600 * 1000);
    expect(res.ok && res.info.token).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  test('vip/getVipShopList lists the shops of the chain card', async () => {
    const res = await server.call(vipCalls.getVipShopList, {}, { token: await memberToken() });
    expect(res.ok && res.info.list.map((s) => s.id)).toEqual([SHOP.restaurant, SHOP.retail, SHOP.branch]);
  });

  test('vip/bindOfficialAccount marks the card bound and getMemberNotifyInfo says so', async () => {
    const token = await memberToken();
    const bound = await server.call(
      vipCalls.bindOfficialAccount,
      { officialAccountOpenid: 'oa-openid-1' },
      { token },
    );
    const info = await server.call(vipCalls.getMemberNotifyInfo, {}, { token });
    expect(bound.ok).toBe(true);
    expect(info.ok && info.info.isBindOfficialAccount).toBe(true);
    expect((await cardOf(server, DEMO_MEMBER.id)).officialAccountOpenid).toBe('oa-openid-1');
  });

  test('vip/giftAmountRules answers the shop gift-use rules (P§9)', async () => {
    const res = await server.call(vipCalls.giftAmountRules, {}, { token: await memberToken() });
    expect(res.ok && res.info.list).toEqual([
      { minAmount: 50, type: 1, amount: 5 },
      { minAmount: 100, type: 2, percent: 10 },
    ]);
  });

  test('vip/activities lists the member activities (first-pay gift, charge-present coupons)', async () => {
    const res = await server.call(vipCalls.activities, {}, { token: await memberToken() });
    expect(res.ok && res.info.list.map((a) => a.type).sort()).toEqual([16, 20]);
  });
});

describe('pay password (MEMBER-2)', () => {
  const hashOf = async (id: number) => (await cardOf(server, id)).payPasswordHash ?? '';

  test('a member changes the pay password with the correct original', async () => {
    const res = await server.call(
      vipCalls.updatePayPassword,
      {
        id: DEMO_MEMBER.id,
        payPassword: '975310',
        repeatPayPassword: '975310',
        originPayPassword: DEMO_MEMBER.payPassword,
      },
      { token: await memberToken() },
    );
    expect(res.ok).toBe(true);
    expect(await verify(await hashOf(DEMO_MEMBER.id), '975310')).toBe(true);
  });

  test('a wrong original answers "Origin password is incorrect" and keeps the old one', async () => {
    const res = await server.call(
      vipCalls.updatePayPassword,
      { id: DEMO_MEMBER.id, payPassword: '975310', repeatPayPassword: '975310', originPayPassword: '000000' },
      { token: await memberToken(), headers: { language: 'en' } },
    );
    expect(res).toMatchObject({
      ok: false,
      code: 'originPasswordIncorrect',
      info: 'Origin password is incorrect',
    });
    expect(await verify(await hashOf(DEMO_MEMBER.id), DEMO_MEMBER.payPassword)).toBe(true);
  });

  test('five wrong originals lock the card for 15 minutes', async () => {
    const token = await memberToken();
    const body = {
      id: DEMO_MEMBER.id,
      payPassword: '975310',
      repeatPayPassword: '975310',
      originPayPassword: '000000',
    };
    for (let i = 0; i < 5; i += 1) await server.call(vipCalls.updatePayPassword, body, { token });
    const locked = await server.call(
      vipCalls.updatePayPassword,
      { ...body, originPayPassword: DEMO_MEMBER.payPassword },
      { token },
    );
    expect(locked.ok ? null : locked.code).toBe('payPasswordLocked');
  });

  test('entries that differ answer "The two passwords are inconsistent"', async () => {
    const res = await server.call(
      vipCalls.updatePayPassword,
      {
        id: DEMO_MEMBER.id,
        payPassword: '975310',
        repeatPayPassword: '975311',
        originPayPassword: DEMO_MEMBER.payPassword,
      },
      { token: await memberToken(), headers: { language: 'en' } },
    );
    expect(res).toMatchObject({
      ok: false,
      code: 'passwordsInconsistent',
      info: 'The two passwords are inconsistent',
    });
  });

  test('123456 is refused as a new pay password', async () => {
    const res = await server.call(
      vipCalls.updatePayPassword,
      {
        id: DEMO_MEMBER.id,
        payPassword: '123456',
        repeatPayPassword: '123456',
        originPayPassword: DEMO_MEMBER.payPassword,
      },
      { token: await memberToken() },
    );
    expect(res.ok ? null : res.code).toBe('payPasswordTooSimple');
    expect(await verify(await hashOf(DEMO_MEMBER.id), DEMO_MEMBER.payPassword)).toBe(true);
  });

  test('a password of five digits is refused with the six-digit rule', async () => {
    const res = await server.call(
      vipCalls.updatePayPassword,
      {
        id: DEMO_MEMBER.id,
        payPassword: '12345',
        repeatPayPassword: '12345',
        originPayPassword: DEMO_MEMBER.payPassword,
      },
      { token: await memberToken() },
    );
    expect(res.ok ? null : res.code).toBe('payPasswordSixDigits');
  });

  test('a card without a pay password sets the first one with no original', async () => {
    await server.db
      .update(members)
      .set({ payPasswordHash: null })
      .where(eq(members.id, DEMO_MEMBER_EMPTY.id));
    const token = await server.tokenFor(DEMO_USER.memberEmpty.id, SHOP.restaurant);
    const res = await server.call(
      vipCalls.updatePayPassword,
      { id: DEMO_MEMBER_EMPTY.id, payPassword: '864209', repeatPayPassword: '864209' },
      { token },
    );
    expect(res.ok).toBe(true);
    expect(await verify(await hashOf(DEMO_MEMBER_EMPTY.id), '864209')).toBe(true);
  });

  test('forgot: checkCode then the reset with the same SMS code sets a new password', async () => {
    const token = await memberToken();
    const code = await smsCode(server, token, DEMO_MEMBER.phone);
    const checked = await server.call(vipCalls.checkCode, { phone: DEMO_MEMBER.phone, code }, { token });
    const res = await server.call(
      vipCalls.updatePayPassword,
      {
        id: DEMO_MEMBER.id,
        payPassword: '246801',
        repeatPayPassword: '246801',
        phone: DEMO_MEMBER.phone,
        smsCode: code,
      },
      { token },
    );
    expect(checked.ok && res.ok).toBe(true);
    expect(await verify(await hashOf(DEMO_MEMBER.id), '246801')).toBe(true);
  });

  test('forgot with a wrong SMS code answers "Sms code verify failed"', async () => {
    const token = await memberToken();
    const code = await smsCode(server, token, DEMO_MEMBER.phone);
    const res = await server.call(
      vipCalls.updatePayPassword,
      {
        id: DEMO_MEMBER.id,
        payPassword: '246801',
        repeatPayPassword: '246801',
        phone: DEMO_MEMBER.phone,
        smsCode: code === '999999' ? '999998' : '999999',
      },
      { token },
    );
    expect(res.ok ? null : res.code).toBe('smsVerifyFailed');
  });

  test("a member cannot change another member's pay password", async () => {
    const res = await server.call(
      vipCalls.updatePayPassword,
      {
        id: DEMO_MEMBER_EMPTY.id,
        payPassword: '975310',
        repeatPayPassword: '975310',
        originPayPassword: DEMO_MEMBER_EMPTY.payPassword,
      },
      { token: await memberToken() },
    );
    expect(res.ok ? null : res.code).toBe('notFound');
    expect(await verify(await hashOf(DEMO_MEMBER_EMPTY.id), DEMO_MEMBER_EMPTY.payPassword)).toBe(true);
  });
});
