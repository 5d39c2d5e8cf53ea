/**
 * P§5 coupon order-type ranges by user-agent code: takeaway 1–50, pickup 51–100, dine 101–200,
 * appointment 301–400. Scan-order codes 201–300 (open table) are not named by the spec; they count
 * as dine, as open table does for activities (enums OrderTypeLimit).
 */
import { OrderTypeLimit } from '../enums';

export function orderTypeBitOfUserAgent(code: number): number {
  if (code >= 1 && code <= 50) return OrderTypeLimit.takeaway;
  if (code >= 51 && code <= 100) return OrderTypeLimit.pick;
  if (code >= 101 && code <= 300) return OrderTypeLimit.dine;
  if (code >= 301 && code <= 400) return OrderTypeLimit.appointment;
  return 0;
}
