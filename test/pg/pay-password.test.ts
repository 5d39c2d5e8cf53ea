/**
 * The pay-password lock on PostgreSQL (ORDER-7, C§5): simultaneous guesses through a real connection
 * pool, where the tries of the burst really run in parallel. Needs DATABASE_URL=postgres://…;
 * without it the suite is skipped with a message saying so.
 */
import { cardState, payPasswordBurst } from '../server/orders/pay-password-burst';
import { describeOnPostgres } from '../support/postgres';

describeOnPostgres('test/pg/pay-password', 'pay-password lock on PostgreSQL', (server) => {

  test('200 simultaneous guesses: exactly 5 are checked, the card locks, the right one inside the burst is refused', async () => {
    const { results, rightAt, verified } = await payPasswordBurst(server, 200, 100);
    const codes = results.map((r) => (r.ok ? 'paid' : r.code));
    expect(verified).toBe(5);
    expect(codes.filter((c) => c === 'paid')).toHaveLength(0);
    expect(codes.filter((c) => c === 'payPasswordWrong')).toHaveLength(4);
    expect(codes.filter((c) => c === 'payPasswordLocked')).toHaveLength(196);
    expect(codes[rightAt]).toBe('payPasswordLocked');
    const state = await cardState(server);
    expect(state.balance).toBe(500);
    expect(state.lockedUntil?.getTime()).toBe(server.clock.now() + 15 * 60 * 1000);
  }, 60_000);
});
