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

/**
 * Checks the pay password of a member card. Wrong: `payPasswordWrong` with the tries left; the fifth
 * wrong try locks the card (`payPasswordLocked`) until 15 minutes have passed.
 */
export async function checkPayPassword(
  db: Db,
  member: MemberRow,
  password: string | undefined,
  now: number,
): Promise<void> {
  if (!password) throw fail('payPasswordRequired');
  if (!member.payPasswordHash) throw fail('payPasswordRequired');
  if (member.payPasswordLockedUntil && member.payPasswordLockedUntil.getTime() > now)
    throw fail('payPasswordLocked');
  let ok = false;
  try {
    ok = await verify(member.payPasswordHash, password);
  } catch {
    ok = false;
  }
  if (ok) {
    if (member.payPasswordFailedTries > 0 || member.payPasswordLockedUntil) {
      await db
        .update(members)
        .set({ payPasswordFailedTries: 0, payPasswordLockedUntil: null })
        .where(eq(members.id, member.id));
    }
    return;
  }
  const rows = await db
    .update(members)
    .set({ payPasswordFailedTries: sql`${members.payPasswordFailedTries} + 1` })
    .where(eq(members.id, member.id))
    .returning({ tries: members.payPasswordFailedTries });
  const tries = rows[0]?.tries ?? PAY_PASSWORD_MAX_TRIES;
  if (tries >= PAY_PASSWORD_MAX_TRIES) {
    await db
      .update(members)
      .set({ payPasswordFailedTries: 0, payPasswordLockedUntil: new Date(now + PAY_PASSWORD_LOCK_MS) })
      .where(eq(members.id, member.id));
    throw fail('payPasswordLocked');
  }
  throw new AppError('payPasswordWrong', { left: PAY_PASSWORD_MAX_TRIES - tries });
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
