/**
 * P§5 coupon order-type ranges by user-agent code (user-agent.ts): takeaway 1–50, pickup 51–100,
 * dine 101–200 (scan-order codes up to 300 count as dine), appointment 301–400 — as the
 * OrderTypeLimit bit a coupon's orderType mask is checked against (0 outside every range).
 */
import { couponOrderTypeRange } from '../user-agent';
import { orderTypeBit } from '../promotions/filter';

export function orderTypeBitOfUserAgent(code: number): number {
  const range = couponOrderTypeRange(code);
  return range ? orderTypeBit(range.orderType) : 0;
}
