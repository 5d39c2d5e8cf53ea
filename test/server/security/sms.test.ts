/**
 * SMS verification codes under abuse (USER-1, MEMBER-2, MEMBER-3; P§5 "SMS code required and may be
 * wrong"): the sending limits of server/src/routes/user.ts (SMS_LIMITS: one code per phone a minute,
 * ten an hour, twenty per client address an hour — the spec gives no figures, these are the
 * server's), the code's life (SMS_CODE_TTL_MS, five minutes), one use per code and five tries per
 * code. Every limit is tried with requests sent at once (Promise.all), not one after another.
 */
import { eq } from 'drizzle-orm';
import { API_BASE } from '../../../src/api/contract/common';
import { userCalls } from '../../../src/api/contract/user';
import { shops, smsCodes } from '../../../server/src/db/schema';
import { SHOP } from '../../../server/src/demo/ids';
import { SMS_LIMITS } from '../../../server/src/routes/user';
import { SMS_CODE_TTL_MS, SMS_MAX_ATTEMPTS } from '../../../server/src/services/sms';
import { serverPerFile } from '../../support/build-server';

const server = serverPerFile();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A user/sendSmsCode from a client address (the in-process request's remote address). */
async function send(token: string, phone: string, ip = '203.0.113.7') {
  const res = await server().app.inject({
    method: 'POST',
    url: API_BASE + userCalls.sendSmsCode.path,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', token, language: 'en' },
    payload: JSON.stringify({ phone }),
  });
  return JSON.parse(res.body) as { result: boolean; info: unknown; code?: string };
}

const quota = async () => (await server().db.select({ q: shops.smsQuota }).from(shops).where(eq(shops.id, SHOP.restaurant)))[0].q;
const sentTo = (phone: string) => server().sms.outbox.filter((m) => m.phone === phone).length;
const tally = (rs: Array<{ result: boolean; code?: string }>) => ({
  sent: rs.filter((r) => r.result).length,
  limited: rs.filter((r) => !r.result && r.code === 'tooManyRequests').length,
});

describe('sending limits, with requests at once', () => {
  test('ten sends to one phone at once: one code goes out, nine are told "too many requests"; one quota unit is spent', async () => {
    const token = await server().login(SHOP.restaurant);
    const before = await quota();
    const rs = await Promise.all(Array.from({ length: 10 }, () => send(token, '13811110001')));
    expect(tally(rs)).toEqual({ sent: 1, limited: 9 });
    expect(rs.find((r) => !r.result)?.info).toBe('Too many requests, please try again later');
    expect(sentTo('13811110001')).toBe(1);
    expect(await quota()).toBe(before - 1);
  });

  test('the phone may have another code a minute later, and ten in an hour; the eleventh within the hour is refused', async () => {
    const token = await server().login(SHOP.restaurant);
    const phone = '13811110002';
    for (let i = 0; i < SMS_LIMITS.perPhoneHour; i += 1) {
      // a burst each minute, from three addresses: one of the three goes out
      const rs = await Promise.all([1, 2, 3].map((n) => send(token, phone, `192.0.2.${n}`)));
      expect(tally(rs)).toEqual({ sent: 1, limited: 2 });
      server().clock.advance(MINUTE);
    }
    // 10 sent within 10 minutes: the 11th is over the hourly limit of the phone
    expect(tally([await send(token, phone, '192.0.2.9')])).toEqual({ sent: 0, limited: 1 });
    expect(sentTo(phone)).toBe(SMS_LIMITS.perPhoneHour);
    // an hour after the first, the phone may have codes again
    server().clock.advance(HOUR);
    expect(tally([await send(token, phone)])).toEqual({ sent: 1, limited: 0 });
  });

  test('thirty phones at once from one client address: twenty codes go out; another address is not limited', async () => {
    const token = await server().login(SHOP.restaurant);
    const phones = Array.from({ length: 30 }, (_, i) => `1382222${String(i).padStart(4, '0')}`);
    const before = await quota();
    const rs = await Promise.all(phones.map((p) => send(token, p, '198.51.100.20')));
    expect(tally(rs)).toEqual({ sent: SMS_LIMITS.perIpHour, limited: 30 - SMS_LIMITS.perIpHour });
    expect(server().sms.outbox.length).toBe(SMS_LIMITS.perIpHour);
    // 20 units spent, not 30
    expect(await quota()).toBe(before - SMS_LIMITS.perIpHour);
    // a refused phone of that burst still gets its code from another address
    const refused = phones.filter((_, i) => !rs[i].result);
    // (the address is counted before the phone: a send refused for its address used none of the phone's)
    expect(tally([await send(token, refused[0], '198.51.100.21')])).toEqual({ sent: 1, limited: 0 });
  });

  test('signing in again (a new token, a new device id) does not reset the limits of the phone or the address', async () => {
    const first = await server().login(SHOP.restaurant);
    expect(tally([await send(first, '13811110003')])).toEqual({ sent: 1, limited: 0 });
    const tokens = await Promise.all(Array.from({ length: 5 }, () => server().login(SHOP.restaurant)));
    const rs = await Promise.all(tokens.map((t) => send(t, '13811110003')));
    expect(tally(rs)).toEqual({ sent: 0, limited: 5 });
  });

  test('sending stops at the shop quota: "No Sms Left" (P§5), nothing sent', async () => {
    const token = await server().login(SHOP.restaurant);
    await server().db.update(shops).set({ smsQuota: 2 }).where(eq(shops.id, SHOP.restaurant));
    const phones = Array.from({ length: 6 }, (_, i) => `1383333000${i}`);
    const rs = await Promise.all(phones.map((p) => send(token, p)));
    expect(rs.filter((r) => r.result)).toHaveLength(2);
    expect(rs.filter((r) => r.code === 'noSmsLeft')).toHaveLength(4);
    expect(await quota()).toBe(0);
    expect(server().sms.outbox).toHaveLength(2);
  });
});

/** Sends a code to `phone` and returns it (from the development outbox). */
async function codeFor(token: string, phone: string): Promise<string> {
  const r = await send(token, phone);
  if (!r.result) throw new Error(`send failed: ${r.code}`);
  return server().sms.lastCode(phone)!;
}

/** A different 6-digit code than `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

describe('a code lives five minutes', () => {
  test('works at 4 min 59 s', async () => {
    const token = await server().login(SHOP.restaurant);
    const code = await codeFor(token, '13844440001');
    server().clock.advance(SMS_CODE_TTL_MS - 1000);
    const r = await server().call(userCalls.h5Login, { phone: '13844440001', code }, { token });
    expect(r.ok).toBe(true);
  });

  test('is refused at 5 min with "Sms code verify failed", and no token is issued', async () => {
    const token = await server().login(SHOP.restaurant);
    const code = await codeFor(token, '13844440002');
    server().clock.advance(SMS_CODE_TTL_MS);
    const r = await server().call(userCalls.h5Login, { phone: '13844440002', code }, { token, headers: { language: 'en' } });
    expect(r).toMatchObject({ ok: false, code: 'smsVerifyFailed', info: 'Sms code verify failed' });
  });

  test('a newer code replaces the older one: the first code no longer works', async () => {
    const token = await server().login(SHOP.restaurant);
    const first = await codeFor(token, '13844440003');
    server().clock.advance(MINUTE);
    const second = await codeFor(token, '13844440003');
    if (first === second) return; // one in a million: nothing to tell apart
    expect((await server().call(userCalls.h5Login, { phone: '13844440003', code: first }, { token })).code).toBe('smsVerifyFailed');
    expect((await server().call(userCalls.h5Login, { phone: '13844440003', code: second }, { token })).ok).toBe(true);
  });
});

describe('a code is used once', () => {
  test('ten logins with the right code at once: exactly one token is issued', async () => {
    const token = await server().login(SHOP.restaurant);
    const code = await codeFor(token, '13855550001');
    const rs = await Promise.all(Array.from({ length: 10 }, () => server().call(userCalls.h5Login, { phone: '13855550001', code }, { token })));
    expect(rs.filter((r) => r.ok)).toHaveLength(1);
    expect(rs.filter((r) => !r.ok && r.code === 'smsVerifyFailed')).toHaveLength(9);
  });

  test('a code used by user/verifyCode cannot sign in afterwards', async () => {
    const token = await server().login(SHOP.restaurant);
    const code = await codeFor(token, '13855550002');
    expect((await server().call(userCalls.verifyCode, { phone: '13855550002', code }, { token })).ok).toBe(true);
    expect((await server().call(userCalls.h5Login, { phone: '13855550002', code }, { token })).code).toBe('smsVerifyFailed');
  });
});

describe('wrong codes: five tries per code', () => {
  test('a hundred wrong guesses at once count as five tries, and the right code is refused after them', async () => {
    const token = await server().login(SHOP.restaurant);
    const phone = '13866660001';
    const code = await codeFor(token, phone);
    const rs = await Promise.all(
      Array.from({ length: 100 }, (_, i) => server().call(userCalls.verifyCode, { phone, code: wrong(code, i + 1) }, { token })),
    );
    expect(rs.every((r) => !r.ok && r.code === 'smsVerifyFailed')).toBe(true);
    // only SMS_MAX_ATTEMPTS of the hundred were compared with the code
    const [row] = await server().db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row.attempts).toBe(SMS_MAX_ATTEMPTS);
    expect(row.usedAt).toBeNull();
    expect((await server().call(userCalls.h5Login, { phone, code }, { token })).code).toBe('smsVerifyFailed');
  });

  test('four wrong tries leave the right code usable; a fifth wrong one uses the last try', async () => {
    const token = await server().login(SHOP.restaurant);
    const a = await codeFor(token, '13866660002');
    await Promise.all([1, 2, 3, 4].map((n) => server().call(userCalls.verifyCode, { phone: '13866660002', code: wrong(a, n) }, { token })));
    expect((await server().call(userCalls.h5Login, { phone: '13866660002', code: a }, { token })).ok).toBe(true);

    const b = await codeFor(token, '13866660003');
    await Promise.all([1, 2, 3, 4, 5].map((n) => server().call(userCalls.verifyCode, { phone: '13866660003', code: wrong(b, n) }, { token })));
    expect((await server().call(userCalls.h5Login, { phone: '13866660003', code: b }, { token })).code).toBe('smsVerifyFailed');
  });

  test('guesses for one phone do not use up the tries of another phone', async () => {
    const token = await server().login(SHOP.restaurant);
    const mine = await codeFor(token, '13866660004');
    await codeFor(token, '13866660005');
    await Promise.all(Array.from({ length: 20 }, (_, i) => server().call(userCalls.verifyCode, { phone: '13866660005', code: wrong(mine, i + 1) }, { token })));
    expect((await server().call(userCalls.verifyCode, { phone: '13866660004', code: mine }, { token })).ok).toBe(true);
  });
});
