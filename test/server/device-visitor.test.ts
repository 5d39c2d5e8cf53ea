/**
 * A browser's device id (user/h5entry) is a visitor's key, never a login: it cannot sign in as
 * another user's open id, gets no member card, and stays a visitor after an SMS login on that
 * device. The demo's open ids sign in as the demo users in demo mode only.
 */
import { eq } from 'drizzle-orm';
import { storeCalls } from '../../src/api/contract/store';
import { userCalls } from '../../src/api/contract/user';
import { vipCalls } from '../../src/api/contract/vip';
import { members, users } from '../../server/src/db/schema';
import { DEMO_MEMBER, DEMO_USER, SHOP } from '../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../support/build-server';
import { failure, success } from './orders/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer({ config: { demoMode: false } });
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

const entry = async (openid: string) => success(await server.call(userCalls.h5entry, { id: SHOP.restaurant, openid }));

describe('a device id outside demo mode', () => {
  test('the demo member’s open id gives a new visitor, not the member', async () => {
    const res = await entry(DEMO_USER.member.openid);
    expect(res.user.id).not.toBe(DEMO_USER.member.id);
    expect(res.user.vipInfo).toBeNull();
    expect(res.user.phone).toBeNull();
    expect(res.user.authorised).toBe(false);
  });

  test('a chat-app user’s open id gives a new visitor, not that user', async () => {
    const app = success(await server.call(userCalls.login, { id: SHOP.restaurant, code: 'wx-code-9' }));
    const res = await entry(app.user.openid);
    expect(res.user.id).not.toBe(app.user.id);
  });

  test('the same device id is the same visitor, and the client gets its device id back as open id', async () => {
    const a = await entry('0f7c2b7e-3c1d-4c55-9d43-7a1e2f9b6c10');
    const b = await entry('0f7c2b7e-3c1d-4c55-9d43-7a1e2f9b6c10');
    expect(b.user.id).toBe(a.user.id);
    expect(a.user.openid).toBe('0f7c2b7e-3c1d-4c55-9d43-7a1e2f9b6c10');
  });

  test('a visitor cannot register a member card and nothing is created', async () => {
    const { token } = await entry('device-register');
    const before = (await server.db.select().from(members)).length;
    const res = await server.call(vipCalls.register, { code: 'dev-phone:13700000021' }, { token, headers: { language: 'en' } });
    expect(failure(res).code).toEqual('smsLoginRequired');
    expect(failure(res).info).toEqual('Please log in with your phone number and SMS code first');
    expect((await server.db.select().from(members)).length).toBe(before);
  });

  test('a visitor cannot bind the demo member’s card either', async () => {
    const { token } = await entry('device-bind');
    const res = await server.call(vipCalls.bind, { code: `dev-phone:${DEMO_MEMBER.phone}` }, { token });
    expect(failure(res).code).toBe('smsLoginRequired');
    const [card] = await server.db.select().from(members).where(eq(members.id, DEMO_MEMBER.id));
    expect(card.userId).toBe(DEMO_USER.member.id);
  });
});

describe('SMS login on a device', () => {
  const login = async (device: string, phone: string) => {
    const { token } = await entry(device);
    server.clock.advance(3_601_000);
    success(await server.call(userCalls.sendSmsCode, { phone }, { token }));
    return success(await server.call(userCalls.h5Login, { phone, code: server.sms.lastCode(phone)! }, { token }));
  };

  test('the SMS login of the demo member’s phone gives the member; the device id stays a visitor', async () => {
    const sms = await login('device-of-zhangsan', DEMO_MEMBER.phone);
    expect(sms.user.id).toBe(DEMO_USER.member.id);
    const detail = success(await server.call(storeCalls.vipInfo, { version: 0 }, { token: sms.token }));
    expect(detail.vipInfo?.id).toBe(DEMO_MEMBER.id);
    // the next visit with only the device id: a visitor with no card, no phone, no balance
    const again = await entry('device-of-zhangsan');
    expect(again.user.id).not.toBe(DEMO_USER.member.id);
    expect(again.user.vipInfo).toEqual(null);
    expect(again.user.phone).toEqual(null);
  });

  test('a new phone gets a user of its own; the device visitor keeps no phone', async () => {
    const sms = await login('device-new-phone', '13700000031');
    expect(sms.user).toMatchObject({ phone: '13700000031', authorised: true });
    const again = await entry('device-new-phone');
    expect(again.user.id).not.toBe(sms.user.id);
    expect(again.user.phone).toBeNull();
    const [row] = await server.db.select().from(users).where(eq(users.id, again.user.id));
    expect(row.authorised).toBe(false);
  });
});

describe('demo mode', () => {
  test('the demo open id signs in as the demo member when demo mode is on', async () => {
    const demo = await buildTestServer({ config: { demoMode: true } });
    try {
      const res = success(await demo.call(userCalls.h5entry, { id: SHOP.restaurant, openid: DEMO_USER.member.openid }));
      expect(res.user.vipInfo?.id).toBe(DEMO_MEMBER.id);
    } finally {
      await demo.close();
    }
  }, 60_000);
});
