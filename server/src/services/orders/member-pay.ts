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

type TryOutcome =
  | { kind: 'ok' }
  | { kind: 'required' }
  | { kind: 'wrong'; left: number }
  | { kind: 'locked'; lockedUntil: Date | null };

/**
 * Checks the pay password of a member card. Wrong: `payPasswordWrong` with the tries left; the fifth
 * wrong try locks the card (`payPasswordLocked` with the minutes left) for 15 minutes.
 *
 * One try at a time per card: the card's row is locked (SELECT … FOR UPDATE) while its password is
 * checked, so every try sees the failures counted before it — simultaneous guesses cannot all be
 * checked against a stale count, a try on a locked card is refused without checking the password,
 * and simultaneous right passwords (several orders paid at once) each succeed instead of filling the
 * count. The outcome is written in the same transaction and the error is thrown after it commits.
 */
export async function checkPayPassword(
  db: Db,
  member: MemberRow,
  password: string | undefined,
  now: number,
): Promise<void> {
  if (!password) throw fail('payPasswordRequired');
  if (!member.payPasswordHash) throw fail('payPasswordRequired');
  const at = new Date(now);
  const outcome = await db.transaction(async (tx): Promise<TryOutcome> => {
    const [row] = await tx
      .select({
        tries: members.payPasswordFailedTries,
        lockedUntil: members.payPasswordLockedUntil,
        hash: members.payPasswordHash,
      })
      .from(members)
      .where(eq(members.id, member.id))
      .for('update');
    if (!row?.hash) return { kind: 'required' };
    if (row.lockedUntil && row.lockedUntil.getTime() > at.getTime()) return { kind: 'locked', lockedUntil: row.lockedUntil };
    let ok = false;
    try {
      ok = await verify(row.hash, password);
    } catch {
      ok = false;
    }
    if (ok) {
      if (row.tries !== 0 || row.lockedUntil)
        await tx
          .update(members)
          .set({ payPasswordFailedTries: 0, payPasswordLockedUntil: null })
          .where(eq(members.id, member.id));
      return { kind: 'ok' };
    }
    const tries = row.tries + 1;
    if (tries >= PAY_PASSWORD_MAX_TRIES) {
      // a locked card stores tries 0 with its lock end, as the pay-password change does
      const lockedUntil = new Date(now + PAY_PASSWORD_LOCK_MS);
      await tx
        .update(members)
        .set({ payPasswordFailedTries: 0, payPasswordLockedUntil: lockedUntil })
        .where(eq(members.id, member.id));
      return { kind: 'locked', lockedUntil };
    }
    await tx
      .update(members)
      .set({ payPasswordFailedTries: tries, payPasswordLockedUntil: null })
      .where(eq(members.id, member.id));
    return { kind: 'wrong', left: PAY_PASSWORD_MAX_TRIES - tries };
  });
  switch (outcome.kind) {
    case 'ok':
      return;
    case 'required':
      throw fail('payPasswordRequired');
    case 'locked':
      throw fail('payPasswordLocked', { minutes: minutesLeft(outcome.lockedUntil, now) });
    case 'wrong':
      throw new AppError('payPasswordWrong', { left: outcome.left });
  }
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
