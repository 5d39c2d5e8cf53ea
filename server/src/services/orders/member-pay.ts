/**
 * Member-card payment (ORDER-7, C§5): the 6-digit pay password checked with argon2, a lock after
 * five wrong tries for 15 minutes (a 6-digit PIN has only 10⁶ values: the lock is what protects it),
 * then balance and gift amount debited with a conditional update in the order's transaction.
 */
import { verify } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import { VipTransactionType } from '../../../../src/domain/enums';
import * as money from '../../../../src/domain/money';
import type { Db } from '../../db/client';
import { balanceTransactions, members } from '../../db/schema';
import { AppError, fail } from '../../http/errors';
import type { MemberRow } from '../members-read';

export const PAY_PASSWORD_MAX_TRIES = 5;
export const PAY_PASSWORD_LOCK_MS = 15 * 60 * 1000;

/** Whole minutes (rounded up) until `lockedUntil`; the full lock when it is unknown. */
const minutesLeft = (lockedUntil: Date | null, now: number): number =>
  Math.max(1, Math.ceil(((lockedUntil ? lockedUntil.getTime() : now + PAY_PASSWORD_LOCK_MS) - now) / 60_000));

/**
 * Checks the pay password of a member card. Wrong: `payPasswordWrong` with the tries left; the fifth
 * wrong try locks the card (`payPasswordLocked` with the minutes left) for 15 minutes.
 *
 * The try is counted before the hash check, by one conditional update that only matches an
 * unlocked card: simultaneous guesses each see the count the others left (no stale read), the try
 * that reaches the limit sets the lock in that same statement, and a try on a locked card is refused
 * without checking the password. A right password then clears the count it was part of.
 */
export async function checkPayPassword(
  db: Db,
  member: MemberRow,
  password: string | undefined,
  now: number,
): Promise<void> {
  if (!password) throw fail('payPasswordRequired');
  if (!member.payPasswordHash) throw fail('payPasswordRequired');
  const at = new Date(now).toISOString();
  const lockEnd = new Date(now + PAY_PASSWORD_LOCK_MS).toISOString();
  const reachesLimit = sql`${members.payPasswordFailedTries} + 1 >= ${PAY_PASSWORD_MAX_TRIES}`;
  // a locked card stores tries 0 with its lock end, as the pay-password change does
  const claimed = await db
    .update(members)
    .set({
      payPasswordFailedTries: sql`CASE WHEN ${reachesLimit} THEN 0 ELSE ${members.payPasswordFailedTries} + 1 END`,
      payPasswordLockedUntil: sql`CASE WHEN ${reachesLimit} THEN ${lockEnd}::timestamptz ELSE NULL END`,
    })
    .where(
      and(
        eq(members.id, member.id),
        sql`(${members.payPasswordLockedUntil} IS NULL OR ${members.payPasswordLockedUntil} <= ${at}::timestamptz)`,
      ),
    )
    .returning({
      tries: members.payPasswordFailedTries,
      lockedUntil: members.payPasswordLockedUntil,
      hash: members.payPasswordHash,
    });
  const row = claimed[0];
  if (!row) {
    const current = await db
      .select({ lockedUntil: members.payPasswordLockedUntil })
      .from(members)
      .where(eq(members.id, member.id));
    throw fail('payPasswordLocked', { minutes: minutesLeft(current[0]?.lockedUntil ?? null, now) });
  }
  if (!row.hash) throw fail('payPasswordRequired');
  let ok = false;
  try {
    ok = await verify(row.hash, password);
  } catch {
    ok = false;
  }
  if (ok) {
    await db
      .update(members)
      .set({ payPasswordFailedTries: 0, payPasswordLockedUntil: null })
      .where(eq(members.id, member.id));
    return;
  }
  if (row.lockedUntil) throw fail('payPasswordLocked', { minutes: minutesLeft(row.lockedUntil, now) });
  throw new AppError('payPasswordWrong', { left: PAY_PASSWORD_MAX_TRIES - row.tries });
}

/**
 * Debits `balance` then `gift` from the card in one conditional update (never below zero) and writes
 * the member's transaction record. `balanceInsufficient` when the card does not cover them.
 */
export async function debitCard(
  tx: Db,
  memberId: number,
  shopId: number,
  orderId: number,
  balance: number,
  gift: number,
): Promise<void> {
  const rows = await tx
    .update(members)
    .set({
      balance: sql`${members.balance} - ${String(balance)}::numeric`,
      giftAmount: sql`${members.giftAmount} - ${String(gift)}::numeric`,
    })
    .where(
      and(
        eq(members.id, memberId),
        sql`${members.balance} >= ${String(balance)}::numeric`,
        sql`${members.giftAmount} >= ${String(gift)}::numeric`,
      ),
    )
    .returning({ balance: members.balance, giftAmount: members.giftAmount });
  if (rows.length === 0) throw fail('balanceInsufficient');
  await tx.insert(balanceTransactions).values({
    memberId,
    shopId,
    type: VipTransactionType.consume,
    amount: money.neg(balance).toString(),
    giftAmount: money.neg(gift).toString(),
    balanceAfter: rows[0].balance,
    giftAmountAfter: rows[0].giftAmount,
    orderId,
    note: 'order payment',
  });
}

/** Puts a refunded card payment back (balance and gift amount) with its record. */
export async function creditCard(
  tx: Db,
  memberId: number,
  shopId: number,
  orderId: number,
  balance: number,
  gift: number,
): Promise<void> {
  if (balance <= 0 && gift <= 0) return;
  const rows = await tx
    .update(members)
    .set({
      balance: sql`${members.balance} + ${String(balance)}::numeric`,
      giftAmount: sql`${members.giftAmount} + ${String(gift)}::numeric`,
    })
    .where(eq(members.id, memberId))
    .returning({ balance: members.balance, giftAmount: members.giftAmount });
  await tx.insert(balanceTransactions).values({
    memberId,
    shopId,
    type: VipTransactionType.add,
    amount: String(balance),
    giftAmount: String(gift),
    balanceAfter: rows[0]?.balance ?? '0',
    giftAmountAfter: rows[0]?.giftAmount ?? '0',
    orderId,
    note: 'order refund',
  });
}
