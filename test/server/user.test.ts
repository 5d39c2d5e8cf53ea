import { eq } from 'drizzle-orm';
import { API_BASE } from '../../src/api/contract/common';
import { storeCalls } from '../../src/api/contract/store';
import { userCalls } from '../../src/api/contract/user';
import { clientLogs, sessions, shops, smsCodes, users } from '../../server/src/db/schema';
import { DEMO_MEMBER, DEMO_USER, SHOP, TABLE } from '../../server/src/demo/ids';
import { buildTestServer, type TestServer } from '../support/build-server';

let server: TestServer;
beforeAll(async () => {
  server = await buildTestServer();
}, 60_000);
afterAll(() => server.close());
beforeEach(() => server.reset());

const count = async (table: typeof users | typeof sessions | typeof smsCodes | typeof clientLogs) =>
  (await server.db.select().from(table)).length;

describe('logins (USER-1)', () => {
  test('user/login with a chat-app code issues a 64-hex token for the shop', async () => {
    const res = await server.call(userCalls.login, { id: SHOP.restaurant, code: 'wx-code-1', appid: 'wx123' });
    if (!res.ok) throw new Error(res.info);
    expect(res.info.token).toMatch(/^[0-9a-f]{64}$/);
    expect(res.info.shopId).toBe(SHOP.restaurant);
  });

  test('the same login code gives the same user (development provider)', async () => {
    const a = await server.call(userCalls.login, { id: SHOP.restaurant, code: 'same-code' });
    const b = await server.call(userCalls.login, { id: String(SHOP.restaurant), code: 'same-code' });
    expect(a.ok && b.ok && a.info.user.id === b.info.user.id).toBe(true);
  });

  test('a token lives 24 hours (C§9)', async () => {
    const res = await server.call(userCalls.aliLogin, { id: SHOP.restaurant, code: 'ali-code' });
    expect(res.ok && res.info.expiresAt - server.clock.now()).toBe(24 * 60 * 60 * 1000);
  });

  test('a new visitor gets an "other user" nickname and a generated avatar (C§3)', async () => {
    const res = await server.call(userCalls.h5entry, { id: SHOP.restaurant, openid: 'device-abc', companyId: 1, groupId: '2' });
    if (!res.ok) throw new Error(res.info);
    expect(res.info.user.nickName).toMatch(/^其他用户\d+$/);
    expect(res.info.user.avatarUrl).toMatch(/^\/avatars\/[1-8]\.svg$/);
    expect(res.info.user.authorised).toBe(false);
  });

  test('the generated avatar is served as an SVG image', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/avatars/3.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
  });

  test('the demo open id signs in as the demo member with their card', async () => {
    const res = await server.call(userCalls.h5entry, { id: SHOP.restaurant, openid: DEMO_USER.member.openid });
    expect(res.ok && res.info.user.vipInfo?.id).toBe(DEMO_MEMBER.id);
  });

  test('login to an unknown shop fails with the shop-data message and issues no token', async () => {
    const before = await count(sessions);
    const res = await server.call(userCalls.login, { id: 424242, code: 'x' });
    expect(res.ok).toBe(false);
    expect(res.code).toBe('getShopDataFailed');
    expect(await count(sessions)).toBe(before);
  });

  test('an expired token answers 401', async () => {
    const token = await server.login(SHOP.restaurant);
    server.clock.advance(24 * 60 * 60 * 1000 + 1);
    const res = await server.call(storeCalls.detail, {}, { token });
    server.clock.set(Date.UTC(2026, 10, 23, 4, 0, 0));
    expect(res.status).toBe(401);
    expect(res.code).toBe('loginExpired');
  });

  test('user/token moves a user to another shop of the chain with a new token', async () => {
    const token = await server.login(SHOP.restaurant, 'mover');
    const res = await server.call(userCalls.token, { id: SHOP.retail, token });
    if (!res.ok) throw new Error(res.info);
    expect(res.info.token).not.toBe(token);
    const detail = await server.call(storeCalls.detail, {}, { token: res.info.token });
    expect(detail.ok && detail.info.shop.id).toBe(SHOP.retail);
  });

  test('user/token refuses a shop outside the chain', async () => {
    const token = await server.login(SHOP.restaurant);
    const res = await server.call(userCalls.token, { id: SHOP.beauty, token });
    expect(res.ok).toBe(false);
    expect(res.code).toBe('getShopDataFailed');
  });

  test('user/token with an unknown token answers 401', async () => {
    const res = await server.call(userCalls.token, { id: SHOP.retail, token: 'f'.repeat(64) });
    expect(res.status).toBe(401);
  });
});

describe('SMS codes (P§5, MEMBER-3)', () => {
  const phone = '13700000001';

  test('sendSmsCode sends a 6-digit code and charges the shop quota', async () => {
    const token = await server.login(SHOP.restaurant);
    const before = await server.call(userCalls.getSmsQuantity, {}, { token });
    const res = await server.call(userCalls.sendSmsCode, { phone, code: 'CN' }, { token });
    expect(res.ok).toBe(true);
    expect(server.sms.lastCode(phone)).toMatch(/^\d{6}$/);
    const after = await server.call(userCalls.getSmsQuantity, {}, { token });
    // one message sent: quota 200 → 199
    expect(before.ok && after.ok && before.info.quantity - after.info.quantity).toBe(1);
  });

  test('the development provider returns the code to a test request', async () => {
    const token = await server.login(SHOP.restaurant);
    const res = await server.call(userCalls.sendSmsCode, { phone, test: true }, { token });
    expect(res.ok && res.info.testCode).toBe(server.sms.lastCode(phone));
  });

  test('a shop with no SMS left answers "No Sms Left" and sends nothing', async () => {
    await server.db.update(shops).set({ smsQuota: 0 }).where(eq(shops.id, SHOP.restaurant));
    const token = await server.login(SHOP.restaurant);
    const res = await server.call(userCalls.sendSmsCode, { phone }, { token, headers: { language: 'en' } });
    expect(res.ok).toBe(false);
    expect(res.info).toBe('No Sms Left');
    expect(server.sms.outbox).toHaveLength(0);
    expect(await count(smsCodes)).toBe(0);
  });

  test('a second code to the same phone within a minute is refused', async () => {
    const token = await server.login(SHOP.restaurant);
    await server.call(userCalls.sendSmsCode, { phone }, { token });
    const again = await server.call(userCalls.sendSmsCode, { phone }, { token });
    expect(again.ok).toBe(false);
    expect(again.code).toBe('tooManyRequests');
    expect(server.sms.outbox).toHaveLength(1);
  });

  test('a wrong phone is refused with the correct-phone message', async () => {
    const token = await server.login(SHOP.restaurant);
    const res = await server.call(userCalls.sendSmsCode, { phone: 'abc' }, { token });
    expect(res.code).toBe('inputCorrectPhone');
    expect(server.sms.outbox).toHaveLength(0);
  });

  test('verifyCode accepts the code once', async () => {
    const token = await server.login(SHOP.restaurant);
    await server.call(userCalls.sendSmsCode, { phone }, { token });
    const code = server.sms.lastCode(phone)!;
    expect((await server.call(userCalls.verifyCode, { phone, code }, { token })).ok).toBe(true);
    const reused = await server.call(userCalls.verifyCode, { phone, code }, { token });
    expect(reused.code).toBe('smsVerifyFailed');
  });

  test('a wrong code fails with the verify message', async () => {
    const token = await server.login(SHOP.restaurant);
    await server.call(userCalls.sendSmsCode, { phone }, { token });
    const wrong = server.sms.lastCode(phone) === '000000' ? '111111' : '000000';
    const res = await server.call(userCalls.verifyCode, { phone, code: wrong }, { token });
    expect(res.info).toBe('短信验证码错误');
  });

  test('a code expires after 5 minutes', async () => {
    const token = await server.login(SHOP.restaurant);
    await server.call(userCalls.sendSmsCode, { phone }, { token });
    server.clock.advance(5 * 60 * 1000 + 1);
    const res = await server.call(userCalls.verifyCode, { phone, code: server.sms.lastCode(phone)! }, { token });
    server.clock.set(Date.UTC(2026, 10, 23, 4, 0, 0));
    expect(res.code).toBe('smsVerifyFailed');
  });

  test('a missing code asks for the verify code', async () => {
    const token = await server.login(SHOP.restaurant);
    const res = await server.call(userCalls.verifyCode, { phone }, { token });
    expect(res.code).toBe('inputVerifyCode');
  });

  test('h5Login adds the verified phone to the user', async () => {
    const token = await server.login(SHOP.restaurant, 'h5-user');
    await server.call(userCalls.sendSmsCode, { phone }, { token });
    const res = await server.call(userCalls.h5Login, { phone, code: server.sms.lastCode(phone)! }, { token });
    if (!res.ok) throw new Error(res.info);
    expect(res.info.user.phone).toBe(phone);
    expect(res.info.user.authorised).toBe(true);
  });

  test("h5Login with the demo member's phone signs in as the member", async () => {
    const token = await server.login(SHOP.restaurant, 'browser-device');
    await server.call(userCalls.sendSmsCode, { phone: DEMO_MEMBER.phone }, { token });
    const res = await server.call(userCalls.h5Login, { phone: DEMO_MEMBER.phone, code: server.sms.lastCode(DEMO_MEMBER.phone)! }, { token });
    expect(res.ok && res.info.user.id).toBe(DEMO_USER.member.id);
  });

  test('sendSmsCode without a token answers 401', async () => {
    const res = await server.call(userCalls.sendSmsCode, { phone });
    expect(res.status).toBe(401);
  });
});

describe('profile (USER-2)', () => {
  test('store/userInfo answers the profile', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const res = await server.call(storeCalls.userInfo, {}, { token });
    expect(res.ok && res.info.nickName).toBe('张三');
  });

  test('store/setUserInfo changes nickname and avatar', async () => {
    const token = await server.login(SHOP.restaurant);
    const res = await server.call(storeCalls.setUserInfo, { nickName: '小明', avatarUrl: 'https://img.example/a.png' }, { token });
    if (!res.ok) throw new Error(res.info);
    expect(res.info).toMatchObject({ nickName: '小明', avatarUrl: 'https://img.example/a.png', authorised: true });
  });

  test('store/setUserInfo refuses a script URL as avatar and changes nothing', async () => {
    const token = await server.login(SHOP.restaurant, 'safe-user');
    const { userId } = (await server.ctx.sessions.resolve(token))!;
    const before = await server.db.select().from(users).where(eq(users.id, userId));
    const res = await server.call(storeCalls.setUserInfo, { nickName: 'x', avatarUrl: 'javascript:alert(1)' }, { token });
    expect(res.ok).toBe(false);
    expect(res.code).toBe('badRequest');
    const after = await server.db.select().from(users).where(eq(users.id, userId));
    expect(after).toEqual(before);
  });

  const upload = (token: string, bytes: Buffer, filename = 'a.png') => {
    const boundary = '----testboundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return server.app.inject({
      method: 'POST',
      url: `${API_BASE}user/uploadAvatar`,
      headers: { token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  };
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

  test('an uploaded PNG avatar is stored, set on the user and served back', async () => {
    const token = await server.login(SHOP.restaurant, 'uploader');
    const res = await upload(token, png);
    const body = res.json() as { result: boolean; info: { url: string } };
    expect(body.result).toBe(true);
    const served = await server.app.inject({ method: 'GET', url: body.info.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    const { userId } = (await server.ctx.sessions.resolve(token))!;
    const [user] = await server.db.select().from(users).where(eq(users.id, userId));
    expect(user.avatarUrl).toBe(body.info.url);
  });

  test('a file that is not an image fails with "Avatar upload failed"', async () => {
    const token = await server.login(SHOP.restaurant);
    const res = await upload(token, Buffer.from('<script>alert(1)</script>'), 'a.png');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: false, code: 'avatarUploadFailed', info: '头像上传失败' });
  });

  test('an avatar over 2 MB fails with "Avatar upload failed"', async () => {
    const token = await server.login(SHOP.restaurant);
    const res = await upload(token, Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 10)]));
    expect(res.json()).toMatchObject({ result: false, code: 'avatarUploadFailed' });
  });

  test('an upload without a token answers 401', async () => {
    const res = await upload('', png);
    expect(res.statusCode).toBe(401);
  });
});

describe('codes, links and logs', () => {
  test('urlCheck accepts a link of this site and reads its start-up parameters', async () => {
    const res = await server.call(userCalls.urlCheck, {
      url: `http://localhost:8080/#/pages/index/index?source_type=6&shop_id=${SHOP.restaurant}&table_no=A1`,
    });
    expect(res.ok && res.info).toEqual({ valid: true, params: { source_type: '6', shop_id: String(SHOP.restaurant), table_no: 'A1' } });
  });

  test('urlCheck rejects a foreign link', async () => {
    const res = await server.call(userCalls.urlCheck, { url: 'https://evil.example/?id=1' });
    expect(res.ok && res.info.valid).toBe(false);
  });

  test('getCodeInfo reads a table code', async () => {
    const res = await server.call(userCalls.getCodeInfo, { code: `T${SHOP.restaurant}-A1` });
    expect(res.ok && res.info).toEqual({ type: 'table', shopId: SHOP.restaurant, tableId: TABLE.A1, tableNo: 'A1' });
  });

  test('getCodeInfo of an unknown table says the table number was not found', async () => {
    const res = await server.call(userCalls.getCodeInfo, { code: `T${SHOP.restaurant}-Z9` }, { headers: { language: 'en' } });
    expect(res.info).toBe('table number not found');
  });

  test('getCodeInfo of garbage answers "Invalid QR"', async () => {
    const res = await server.call(userCalls.getCodeInfo, { code: 'hello' }, { headers: { language: 'en' } });
    expect(res.info).toBe('Invalid QR');
  });

  test('putLogs stores a log line', async () => {
    const res = await server.call(userCalls.putLogs, { log: 'page error at cart' });
    expect(res.ok).toBe(true);
    expect(await count(clientLogs)).toBe(1);
  });

  test('putLogs refuses an oversized log and stores nothing', async () => {
    const res = await server.call(userCalls.putLogs, { log: 'x'.repeat(9000) });
    expect(res.code).toBe('badRequest');
    expect(await count(clientLogs)).toBe(0);
  });

  test('putLogs is rate limited per client', async () => {
    const results = [];
    for (let i = 0; i < 31; i += 1) results.push(await server.call(userCalls.putLogs, { log: `line ${i}` }));
    expect(results.slice(0, 30).every((r) => r.ok)).toBe(true);
    expect(results[30].code).toBe('tooManyRequests');
    expect(await count(clientLogs)).toBe(30);
  });

  test('getEncryptParams signs the user, shop and key', async () => {
    const token = await server.tokenFor(DEMO_USER.member.id, SHOP.restaurant);
    const res = await server.call(userCalls.getEncryptParams, { key: 'vip' }, { token });
    if (!res.ok) throw new Error(res.info);
    const [payload, sign] = res.info.params.split('.');
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ userId: DEMO_USER.member.id, shopId: SHOP.restaurant, key: 'vip' });
    expect(sign).toMatch(/^[\w-]{43}$/);
  });
});

describe('messages for the mini programs (C§1)', () => {
  test('user/messages answers a language’s start-up texts without a login', async () => {
    const fr = await server.call(userCalls.messages, { lang: 'fr' });
    if (!fr.ok) throw new Error(fr.info);
    const tree = fr.info as { pages: { center: { contactShop: string } } };
    expect(tree.pages.center.contactShop).toBe('Contacter la boutique');
    const en = await server.call(userCalls.messages, { lang: 'en' });
    expect(en.ok && (en.info as { tabBar: { ordering: string } }).tabBar.ordering).toBe('Order');
  });

  test('user/messages refuses a language the app does not have', async () => {
    const res = await server.call(userCalls.messages, { lang: 'de' as 'fr' });
    expect(res.ok).toBe(false);
  });
});
