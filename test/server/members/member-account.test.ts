/**
 * The member account screens' server side: user/setUserInfo under the spec's name (P§7, USER-2) and a
 * browser's registration with the phone its SMS login proved (P§5: one SMS code, not two).
 */
import { eq } from 'drizzle-orm';
import { storeCalls } from '../../../src/api/contract/store';
import { userCalls } from '../../../src/api/contract/user';
import { vipCalls } from '../../../src/api/contract/vip';
import { members, users } from '../../../server/src/db/schema';
import { DEMO_MEMBER_EMPTY, SHOP } from '../../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../../support/build-server';
import { smsCode } from './support';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ config: { demoMode: false } });
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

/** A browser visitor (device id) that then logs in by SMS with `phone`: the token of the phone's user. */
async function smsLogin(device: string, phone: string): Promise<string> {
  const entry = await server.call(userCalls.h5entry, { id: SHOP.restaurant, openid: device });
  if (!entry.ok) throw new Error(entry.info);
  const code = await smsCode(server, entry.info.token, phone);
  const login = await server.call(userCalls.h5Login, { phone, code }, { token: entry.info.token });
  if (!login.ok) throw new Error(login.info);
  return login.info.token;
}

describe('user/setUserInfo (P§7, USER-2)', () => {
  test('changes nickname and avatar and answers the profile that store/userInfo then reads', async () => {
    const token = await server.login(SHOP.restaurant, 'profile-user');
    const res = await server.call(userCalls.setUserInfo, { nickName: '小明', avatarUrl: '/uploads/avatars/1-0123456789abcdef.png' }, { token });
    if (!res.ok) throw new Error(res.info);
    expect(res.info).toMatchObject({ nickName: '小明', avatarUrl: '/uploads/avatars/1-0123456789abcdef.png', authorised: true });
    const read = await server.call(storeCalls.userInfo, {}, { token });
    expect(read.ok && [read.info.nickName, read.info.avatarUrl]).toEqual(['小明', '/uploads/avatars/1-0123456789abcdef.png']);
  });

  test('a nickname alone keeps the avatar', async () => {
    const token = await server.login(SHOP.restaurant, 'nick-only');
    const before = await server.call(storeCalls.userInfo, {}, { token });
    const res = await server.call(userCalls.setUserInfo, { nickName: '  阿强  ' }, { token });
    if (!res.ok || !before.ok) throw new Error('call failed');
    // the nickname is trimmed by the contract
    expect(res.info.nickName).toEqual('阿强');
    expect(res.info.avatarUrl).toEqual(before.info.avatarUrl);
  });

  test('refuses a script URL as avatar and changes nothing', async () => {
    const token = await server.login(SHOP.restaurant, 'unsafe-avatar');
    const { userId } = (await server.ctx.sessions.resolve(token))!;
    const before = await server.db.select().from(users).where(eq(users.id, userId));
    const res = await server.call(userCalls.setUserInfo, { avatarUrl: 'javascript:alert(1)' }, { token });
    expect(res.ok).toEqual(false);
    expect(res.code).toEqual('badRequest');
    expect(await server.db.select().from(users).where(eq(users.id, userId))).toEqual(before);
  });

  test('needs a token', async () => {
    const res = await server.call(userCalls.setUserInfo, { nickName: 'x' });
    expect(res.status).toBe(401);
  });
});

describe('browser registration with the phone of the SMS login (MEMBER-3)', () => {
  test('after an SMS login a new phone registers without a second code', async () => {
    const token = await smsLogin('device-reg-1', '13700000041');
    const res = await server.call(vipCalls.register, { phone: '13700000041' }, { token });
    if (!res.ok) throw new Error(res.info);
    expect(res.info.vipInfo.phone).toBe('13700000041');
    const [row] = await server.db.select().from(members).where(eq(members.id, res.info.vipInfo.id));
    expect(row.phone).toBe('13700000041');
  });

  test('binding works the same way for a card made in the store', async () => {
    await server.db.update(members).set({ userId: null }).where(eq(members.id, DEMO_MEMBER_EMPTY.id));
    const token = await smsLogin('device-bind-1', DEMO_MEMBER_EMPTY.phone);
    const res = await server.call(vipCalls.bind, { phone: DEMO_MEMBER_EMPTY.phone }, { token });
    expect(res.ok && res.info.vipInfo.id).toBe(DEMO_MEMBER_EMPTY.id);
  });

  test('another phone than the login proved still needs its SMS code and makes no card', async () => {
    const token = await smsLogin('device-reg-2', '13700000042');
    const before = (await server.db.select().from(members)).length;
    const res = await server.call(vipCalls.register, { phone: '13700000043' }, { token });
    expect(res.ok).toEqual(false);
    expect(res.code).toEqual('inputVerifyCode');
    expect((await server.db.select().from(members)).length).toBe(before);
  });

  test('a chat-app user with no proven phone cannot register by naming one', async () => {
    const token = await server.login(SHOP.restaurant, 'no-phone-user');
    const res = await server.call(vipCalls.register, { phone: '13700000044' }, { token });
    expect(res.ok).toEqual(false);
    expect(res.code).toEqual('inputVerifyCode');
  });

  test('a device visitor is still asked to log in by SMS first', async () => {
    const entry = await server.call(userCalls.h5entry, { id: SHOP.restaurant, openid: 'device-visitor-9' });
    if (!entry.ok) throw new Error(entry.info);
    const res = await server.call(vipCalls.register, { phone: '13700000045' }, { token: entry.info.token });
    expect(res.code).toBe('smsLoginRequired');
  });
});
