/**
 * Signing in and out of the console: the sign-in errors (wrong password, locked with minutes left),
 * landing on the staff member's own shop, and a 401 on any call emptying every store and showing the
 * sign-in page (no data left on screen).
 */
import { ConsoleApi, ConsoleApiError, lockedMinutes } from '../../console/src/api';
import { ME, T0, failure, flush, makeRoot, ok, order, scriptedFetch } from './fixtures';

const settings = { autoAccept: false, answerMinutes: null, autoRefuse: false };

test('no session: the page goes to sign-in', async () => {
  const fetch = scriptedFetch({ me: failure('loginExpired', {}, 401) });
  const root = makeRoot(fetch);
  await root.store.start();
  expect(root.store.session.me).toBeNull();
  expect(root.store.router.route).toBe('signin');
  expect(root.hash).toBe('#/signin');
  expect(root.store.session.expired).toBe(false);
  root.store.stop();
});

test('signing in lands on the board of the staff member’s own shop', async () => {
  const fetch = scriptedFetch({
    me: failure('loginExpired', {}, 401),
    signIn: ok({
      ...ME,
      shopId: 1004,
      shops: [
        { id: 1001, name: 'A' },
        { id: 1004, name: 'B' },
      ],
    }),
    board: ok({ orders: [order({ id: 1, shopId: 1004 })], settings, serverTime: T0 }),
  });
  const root = makeRoot(fetch);
  await root.store.start();
  expect(await root.store.signIn('staff-1004', 'demo-staff-1004')).toBe(true);
  await flush();
  expect(fetch.calls.find((c) => c.path === 'signIn')!.body).toEqual({
    username: 'staff-1004',
    password: 'demo-staff-1004',
  });
  expect(root.store.shopId).toBe(1004);
  expect(root.store.router.route).toBe('board');
  expect(root.store.board.orders.size).toBe(1);
  expect(root.sockets[0].url).toContain('shopId=1004');
  expect(root.store.shopName).toBe('B');
  root.store.stop();
});

test('wrong password and locked account are told apart; the minutes come from the failure', async () => {
  const fetch = scriptedFetch({
    me: failure('loginExpired', {}, 401),
    signIn: [failure('staffSignInFailed'), failure('staffLocked', { params: { minutes: 14 } })],
  });
  const root = makeRoot(fetch);
  await root.store.start();
  expect(await root.store.signIn('staff-1001', 'nope')).toBe(false);
  expect(root.store.session.error).toEqual({ kind: 'wrong' });
  expect(await root.store.signIn('staff-1001', 'nope')).toBe(false);
  expect(root.store.session.error).toEqual({ kind: 'locked', minutes: 14 });
  expect(root.store.router.route).toBe('signin');
  root.store.stop();
});

test('lockedMinutes reads params, data or the message', () => {
  expect(lockedMinutes(new ConsoleApiError('staffLocked', '', 200, { minutes: 3 }))).toBe(3);
  expect(lockedMinutes(new ConsoleApiError('staffLocked', '', 200, {}, { minutesLeft: 2.2 }))).toBe(3);
  expect(lockedMinutes(new ConsoleApiError('staffLocked', 'Locked, try again in 9 minutes', 200))).toBe(9);
  expect(lockedMinutes(new ConsoleApiError('staffLocked', 'locked', 200))).toBeNull();
});

test('a 401 on any call signs out locally: every store emptied, the sign-in page says the session ended', async () => {
  const fetch = scriptedFetch({
    session: ok({ me: ME }),
    me: ok(ME),
    board: [ok({ orders: [order({ id: 1 }), order({ id: 2 })], settings, serverTime: T0 })],
    order: failure('loginExpired', {}, 401),
  });
  const root = makeRoot(fetch);
  await root.store.start();
  await flush();
  expect(root.store.board.orders.size).toBe(2);
  await root.store.board.openDetail(1);
  expect(root.store.session.me).toBeNull();
  expect(root.store.session.expired).toBe(true);
  expect(root.store.board.orders.size).toBe(0);
  expect(root.store.board.detail).toBeNull();
  expect(root.store.shopId).toBeNull();
  expect(root.store.router.route).toBe('signin');
  expect(root.sockets[0].closed).toBe(true);
  expect(root.timers.waiting).toEqual([]);
  root.store.stop();
});

test('the session’s end time passing signs out too', async () => {
  const fetch = scriptedFetch({
    session: ok({ me: ME }),
    me: ok(ME),
    board: ok({ orders: [], settings, serverTime: T0 }),
  });
  const root = makeRoot(fetch);
  await root.store.start();
  await flush();
  root.setClock(ME.sessionEndsAt);
  root.timers.advance(5000);
  expect(root.store.session.me).toBeNull();
  expect(root.store.router.route).toBe('signin');
  root.store.stop();
});

test('the socket refusing the session: the API is asked; a live session reconnects, an ended one signs out', async () => {
  const fetch = scriptedFetch({
    session: ok({ me: ME }),
    me: [ok(ME), failure('loginExpired', {}, 401)],
    board: ok({ orders: [], settings, serverTime: T0 }),
  });
  const root = makeRoot(fetch);
  await root.store.start();
  await flush();
  root.sockets[0].drop(4401);
  await flush();
  expect(root.sockets).toHaveLength(2);
  expect(root.store.session.me).not.toBeNull();
  root.sockets[1].drop(4401);
  await flush();
  expect(root.store.session.me).toBeNull();
  expect(root.store.router.route).toBe('signin');
  root.store.stop();
});

test('a staff member cannot open the owner pages; signing out forgets everything', async () => {
  const fetch = scriptedFetch({
    session: ok({ me: ME }),
    me: ok(ME),
    board: ok({ orders: [order()], settings, serverTime: T0 }),
    signOut: ok({ ok: true }),
  });
  const root = makeRoot(fetch);
  await root.store.start();
  await flush();
  root.store.router.go('settings');
  expect(root.store.router.route).toBe('board');
  await root.store.signOut();
  expect(root.store.board.orders.size).toBe(0);
  expect(root.store.router.route).toBe('signin');
  root.store.stop();
});

test('answers outside the contract are refused, transport failures become networkError', async () => {
  const api = new ConsoleApi({ fetch: scriptedFetch({ me: ok({ id: 'x' }) }) });
  await expect(api.call('me', {})).rejects.toMatchObject({ code: 'serverError' });
  const down = new ConsoleApi({
    fetch: async () => {
      throw new TypeError('Failed to fetch');
    },
  });
  await expect(down.call('me', {})).rejects.toMatchObject({ code: 'networkError' });
});
