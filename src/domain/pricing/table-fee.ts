/**
 * Timed table fee (PRICE-9, C§9): elapsed time from the timer start (falling back to the order time)
 * to now; fee type 1 rounds it to the nearest half hour (half-up), any other type rounds up to whole
 * hours; billed hours × hourly fee.
 */
import * as moneyFns from '../money';
import type { Amount } from '../money';
import type { TableTiming } from '../types';

/** money's functions as plain properties (see money.ts: no getter per call under CJS interop). */
const money = { ...moneyFns };

export interface TableFee {
  minutes: number;
  billedHours: number;
  fee: Amount;
}

export function tableFee(t: TableTiming, now: number, decimals: number): TableFee {
  if (t.isOpenTiming === false || !(t.fee > 0)) return { minutes: 0, billedHours: 0, fee: money.ZERO };
  const start = t.startTime && t.startTime > 0 ? t.startTime : t.orderTime;
  const minutes = Math.max(0, Math.floor((now - start) / 60_000));
  const billedHours = t.feeType === 1 ? Math.floor((minutes + 15) / 30) / 2 : Math.ceil(minutes / 60);
  return { minutes, billedHours, fee: money.round(money.mul(t.fee, billedHours), decimals) };
}
