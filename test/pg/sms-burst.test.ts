/**
 * Wrong SMS codes sent at once on PostgreSQL (USER-1, MEMBER-2/3): through a real connection pool
 * the guesses of a burst really run in parallel, so a try must be counted before the code is
 * compared (server/src/services/sms.ts). A hundred guesses at once get five comparisons, the right
 * code sent last in the burst is refused, and so is the right code afterwards. Needs
 * DATABASE_URL=postgres://…; without it the suite is skipped with a message saying so.
 */
import { eq } from 'drizzle-orm';
import { userCalls } from '../../src/api/contract/user';
import { smsCodes } from '../../server/src/db/schema';
import { SHOP } from '../../server/src/demo/ids';
import { SMS_MAX_ATTEMPTS } from '../../server/src/services/sms';
import { describeOnPostgres } from '../support/postgres';

describeOnPostgres('test/pg/sms-burst', 'SMS code tries on PostgreSQL', (server) => {

  test('100 guesses at once, the right code last: five are compared, none signs in, the code is spent', async () => {
    const token = await server.login(SHOP.restaurant);
    const phone = '13866669999';
    expect((await server.call(userCalls.sendSmsCode, { phone }, { token })).ok).toBe(true);
    const code = server.sms.lastCode(phone)!;
    const guesses = Array.from({ length: 99 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    const results = await Promise.all([...guesses, code].map((c) => server.call(userCalls.h5Login, { phone, code: c }, { token })));
    expect(results.filter((r) => r.ok)).toHaveLength(0);
    expect(results.every((r) => !r.ok && r.code === 'smsVerifyFailed')).toBe(true);
    const [row] = await server.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row.attempts).toBe(SMS_MAX_ATTEMPTS);
    expect((await server.call(userCalls.h5Login, { phone, code }, { token })).ok).toBe(false);
  }, 60_000);
});
