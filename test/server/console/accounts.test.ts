/**
 * Staff sign-in, sessions and accounts of the console (CONSOLE-1): the cookie's flags, one answer for
 * an unknown user and a wrong password, the lock after five wrong tries (the pay password's rule) with
 * the minutes left and its end on the test clock, sign-out, the shift's end, password change, the
 * owner's account calls and the roles.
 */
import { consoleCalls } from '../../../src/api/contract/console';
import { PAY_PASSWORD_LOCK_MS } from '../../../server/src/services/orders/member-pay';
import { STAFF_SESSION_MS } from '../../../server/src/services/console/accounts';
import { CHAIN_ID, SHOP } from '../../../server/src/demo/ids';
import { serverPerFile } from '../../support/build-server';
import { consoleCall, ok, owner, sessionCookieOf, signInAs, staffOf } from './support';

// behind a trusted proxy, so a test can say the request came over HTTPS (X-Forwarded-Proto)
const server = serverPerFile({ config: { trustProxy: true } });

const attrs = (line: string): string[] => line.split(';').map((p) => p.trim().toLowerCase());

describe('sign-in', () => {
  test('the demo owner signs in: the session cookie is httpOnly, SameSite=Strict, Path=/console, for one shift', async () => {
    const r = await consoleCall(server(), consoleCalls.signIn, { username: 'owner-1001', password: 'demo-owner-1001' });
    const me = ok(r);
    expect({ username: me.username, role: me.role, shopId: me.shopId }).toEqual({ username: 'owner-1001', role: 'owner', shopId: SHOP.restaurant });
    expect(me.sessionEndsAt).toBe(server().clock.now() + STAFF_SESSION_MS);
    const line = r.setCookie.find((c) => c.startsWith('console_session='))!;
    const a = attrs(line);
    expect(a).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/console', `max-age=${STAFF_SESSION_MS / 1000}`]));
    expect(a).not.toContain('secure');
    // the token is 32 random bytes (base64url), not the stored hash
    expect(sessionCookieOf(r.setCookie).split('=')[1]).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('over HTTPS the cookie is Secure', async () => {
    const r = await consoleCall(server(), consoleCalls.signIn, { username: 'staff-1001', password: 'demo-staff-1001' }, null, { 'x-forwarded-proto': 'https' });
    ok(r);
    expect(attrs(r.setCookie[0])).toContain('secure');
  });

  test('a chain owner may open every shop of the chain; a staff member only their own', async () => {
    const ownerMe = ok(await consoleCall(server(), consoleCalls.me, {}, await owner(server(), SHOP.restaurant)));
    expect(CHAIN_ID).toBe(1);
    expect(ownerMe.shops.map((s) => s.id).sort()).toEqual([SHOP.restaurant, SHOP.retail, SHOP.branch].sort());
    const staffMe = ok(await consoleCall(server(), consoleCalls.me, {}, await staffOf(server(), SHOP.restaurant)));
    expect(staffMe.shops.map((s) => s.id)).toEqual([SHOP.restaurant]);
    // the beauty salon has no chain: its owner opens it alone
    const beautyMe = ok(await consoleCall(server(), consoleCalls.me, {}, await owner(server(), SHOP.beauty)));
    expect(beautyMe.shops.map((s) => s.id)).toEqual([SHOP.beauty]);
  });

  test('an unknown user and a wrong password get the same answer, and no cookie', async () => {
    const unknown = await consoleCall(server(), consoleCalls.signIn, { username: 'nobody-here', password: 'whatever' });
    const wrong = await consoleCall(server(), consoleCalls.signIn, { username: 'owner-1001', password: 'not-the-password' });
    expect({ code: unknown.code, info: unknown.info }).toEqual({ code: 'staffSignInFailed', info: wrong.info });
    expect(wrong.code).toBe('staffSignInFailed');
    expect([...unknown.setCookie, ...wrong.setCookie]).toEqual([]);
  });

  test('the fifth wrong password locks the account for the pay password minutes, even for the right one; the lock ends', async () => {
    const s = server();
    const codes: Array<string | undefined> = [];
    for (let i = 0; i < 5; i += 1) codes.push((await consoleCall(s, consoleCalls.signIn, { username: 'staff-1001', password: `wrong-${i}` })).code);
    expect(codes).toEqual(['staffSignInFailed', 'staffSignInFailed', 'staffSignInFailed', 'staffSignInFailed', 'staffLocked']);
    const lockMinutes = PAY_PASSWORD_LOCK_MS / 60_000;
    const right = await consoleCall(s, consoleCalls.signIn, { username: 'staff-1001', password: 'demo-staff-1001' });
    expect({ code: right.code, params: right.params }).toEqual({ code: 'staffLocked', params: { minutes: lockMinutes } });
    expect(right.info).toContain(String(lockMinutes));
    s.clock.advance(10 * 60_000);
    const later = await consoleCall(s, consoleCalls.signIn, { username: 'staff-1001', password: 'demo-staff-1001' });
    expect(later.params).toEqual({ minutes: lockMinutes - 10 });
    s.clock.advance(PAY_PASSWORD_LOCK_MS - 10 * 60_000);
    expect(ok(await consoleCall(s, consoleCalls.signIn, { username: 'staff-1001', password: 'demo-staff-1001' })).username).toBe('staff-1001');
    // the lock does not spill over to another account
    expect(ok(await consoleCall(s, consoleCalls.signIn, { username: 'owner-1001', password: 'demo-owner-1001' })).role).toBe('owner');
  });

  test('five simultaneous wrong tries count five: the account is locked after them', async () => {
    const s = server();
    const tries = await Promise.all(
      Array.from({ length: 5 }, (_, i) => consoleCall(s, consoleCalls.signIn, { username: 'staff-1002', password: `guess-${i}` })),
    );
    expect(tries.filter((t) => t.code === 'staffLocked').length).toBe(1);
    expect((await consoleCall(s, consoleCalls.signIn, { username: 'staff-1002', password: 'demo-staff-1002' })).code).toBe('staffLocked');
  });
});

describe('sessions', () => {
  test('without a cookie, or with a made-up one, a call answers 401 loginExpired', async () => {
    const none = await consoleCall(server(), consoleCalls.me, {});
    const forged = await consoleCall(server(), consoleCalls.me, {}, 'console_session=forged-token');
    expect([none.status, none.code, forged.status, forged.code]).toEqual([401, 'loginExpired', 401, 'loginExpired']);
  });

  test("the page's first question answers null without a session (no 401 logged) and the staff member with one", async () => {
    const none = await consoleCall(server(), consoleCalls.session, {});
    const forged = await consoleCall(server(), consoleCalls.session, {}, 'console_session=forged-token');
    expect([none.status, ok(none), forged.status, ok(forged)]).toEqual([200, { me: null }, 200, { me: null }]);
    const cookie = await staffOf(server(), SHOP.restaurant);
    const me = ok(await consoleCall(server(), consoleCalls.me, {}, cookie));
    expect(ok(await consoleCall(server(), consoleCalls.session, {}, cookie))).toEqual({ me });
    await consoleCall(server(), consoleCalls.signOut, {}, cookie);
    expect(ok(await consoleCall(server(), consoleCalls.session, {}, cookie))).toEqual({ me: null });
  });

  test('sign-out ends the session and clears the cookie', async () => {
    const cookie = await owner(server(), SHOP.restaurant);
    const out = await consoleCall(server(), consoleCalls.signOut, {}, cookie);
    expect(ok(out)).toEqual({ ok: true });
    expect(attrs(out.setCookie[0])).toEqual(expect.arrayContaining(['path=/console']));
    expect(out.setCookie[0]).toMatch(/^console_session=;/);
    expect((await consoleCall(server(), consoleCalls.me, {}, cookie)).status).toBe(401);
  });

  test('a session ends with its shift (12 h on the server clock)', async () => {
    const s = server();
    const cookie = await staffOf(s, SHOP.restaurant);
    s.clock.advance(STAFF_SESSION_MS - 1);
    expect(ok(await consoleCall(s, consoleCalls.me, {}, cookie)).username).toBe('staff-1001');
    s.clock.advance(1);
    const stale = await consoleCall(s, consoleCalls.me, {}, cookie);
    expect([stale.status, stale.code]).toEqual([401, 'loginExpired']);
  });
});

describe('password and accounts', () => {
  test('a password change checks the current one, ends the other sessions and takes effect', async () => {
    const s = server();
    const here = await staffOf(s, SHOP.restaurant);
    const elsewhere = await staffOf(s, SHOP.restaurant);
    const wrong = await consoleCall(s, consoleCalls.password, { current: 'not-it', next: 'a-new-password' }, here);
    expect(wrong.code).toBe('originPasswordIncorrect');
    const short = await consoleCall(s, consoleCalls.password, { current: 'demo-staff-1001', next: 'short' }, here);
    expect(short.code).toBe('badRequest');
    expect(ok(await consoleCall(s, consoleCalls.password, { current: 'demo-staff-1001', next: 'a-new-password' }, here))).toEqual({ ok: true });
    expect(ok(await consoleCall(s, consoleCalls.me, {}, here)).username).toBe('staff-1001');
    expect((await consoleCall(s, consoleCalls.me, {}, elsewhere)).status).toBe(401);
    expect((await consoleCall(s, consoleCalls.signIn, { username: 'staff-1001', password: 'demo-staff-1001' })).code).toBe('staffSignInFailed');
    await signInAs(s, 'staff-1001', 'a-new-password');
  });

  test('an owner adds an account (its password answered once), lists it, and removing it ends its sessions', async () => {
    const s = server();
    const boss = await owner(s, SHOP.restaurant);
    const added = ok(await consoleCall(s, consoleCalls.staffAdd, { shopId: SHOP.restaurant, username: 'cook.li', role: 'staff' }, boss));
    expect(added.account).toMatchObject({ username: 'cook.li', role: 'staff', shopId: SHOP.restaurant, lockedUntil: null, createdAt: s.clock.now() });
    expect(added.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const dup = await consoleCall(s, consoleCalls.staffAdd, { shopId: SHOP.restaurant, username: 'cook.li', role: 'owner' }, boss);
    expect(dup.code).toBe('staffUsernameTaken');
    const list = ok(await consoleCall(s, consoleCalls.staffList, { shopId: SHOP.restaurant }, boss));
    expect(list.map((a) => a.username)).toEqual(['owner-1001', 'staff-1001', 'cook.li']);

    const li = await signInAs(s, 'cook.li', added.password);
    const self = await consoleCall(s, consoleCalls.staffRemove, { shopId: SHOP.restaurant, id: list[0].id }, boss);
    expect([self.status, self.code]).toEqual([403, 'staffForbidden']);
    expect(ok(await consoleCall(s, consoleCalls.staffRemove, { shopId: SHOP.restaurant, id: added.account.id }, boss))).toEqual({ ok: true });
    expect((await consoleCall(s, consoleCalls.me, {}, li)).status).toBe(401);
    expect(ok(await consoleCall(s, consoleCalls.staffList, { shopId: SHOP.restaurant }, boss)).map((a) => a.username)).toEqual(['owner-1001', 'staff-1001']);
  });

  test('owner-only calls are refused to staff (403 staffForbidden) and change nothing', async () => {
    const s = server();
    const cookie = await staffOf(s, SHOP.restaurant);
    const calls = [
      await consoleCall(s, consoleCalls.staffList, { shopId: SHOP.restaurant }, cookie),
      await consoleCall(s, consoleCalls.staffAdd, { shopId: SHOP.restaurant, username: 'sneaky', role: 'owner' }, cookie),
      await consoleCall(s, consoleCalls.staffRemove, { shopId: SHOP.restaurant, id: 1 }, cookie),
      await consoleCall(s, consoleCalls.saveSettings, { shopId: SHOP.restaurant, settings: { autoAccept: true, answerMinutes: 5, autoRefuse: true } }, cookie),
    ];
    expect(calls.map((c) => [c.status, c.code])).toEqual(Array.from({ length: 4 }, () => [403, 'staffForbidden']));
    expect(ok(await consoleCall(s, consoleCalls.settings, { shopId: SHOP.restaurant }, cookie))).toEqual({ autoAccept: false, answerMinutes: null, autoRefuse: false });
    expect((await consoleCall(s, consoleCalls.signIn, { username: 'sneaky', password: 'x' })).code).toBe('staffSignInFailed');
  });

  test('an owner may not manage another chain\'s shop, and auto-refusal needs an answer time', async () => {
    const s = server();
    const boss = await owner(s, SHOP.restaurant);
    const beauty = await consoleCall(s, consoleCalls.staffList, { shopId: SHOP.beauty }, boss);
    expect([beauty.status, beauty.code]).toEqual([403, 'staffForbidden']);
    // a shop of the chain: allowed
    expect(ok(await consoleCall(s, consoleCalls.staffList, { shopId: SHOP.branch }, boss)).map((a) => a.username)).toEqual(['owner-1004', 'staff-1004']);
    const bad = await consoleCall(s, consoleCalls.saveSettings, { shopId: SHOP.restaurant, settings: { autoAccept: false, answerMinutes: null, autoRefuse: true } }, boss);
    expect(bad.code).toBe('badRequest');
    expect(ok(await consoleCall(s, consoleCalls.settings, { shopId: SHOP.restaurant }, boss)).autoRefuse).toBe(false);
  });
});
