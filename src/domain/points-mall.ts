/**
 * The points mall (MEMBER-7, P§7 pointExchangeProduct): what stops an exchange before it is asked for.
 * The server checks the same again inside its transaction; the app checks first so a short member is
 * told why at once and no call is made.
 */
import { ErrorCode, ruleError, type RuleError } from './errors';

export interface PointExchangeFacts {
  /** The customer holds a card in this shop. */
  isMember: boolean;
  /** The member's points now. */
  points: number;
  /** The item's price in points. */
  price: number;
  /** Units of the item left (P§9 99999 when unlimited). */
  stock: number;
}

/** Points still missing for an item (0 when the member has enough). */
export function pointsShort(points: number, price: number): number {
  const have = Number.isFinite(points) ? Math.max(0, Math.trunc(points)) : 0;
  return Math.max(0, Math.trunc(price) - have);
}

/**
 * Why an exchange cannot happen now, or null: a visitor must register first; an item with no unit
 * left is sold out; a member short of points is told how many are missing (`count`).
 */
export function checkPointExchange(f: PointExchangeFacts): RuleError | null {
  if (!f.isMember) return ruleError(ErrorCode.pleaseRegisterFirst);
  if (f.stock <= 0) return ruleError(ErrorCode.exchangeSoldOut);
  const short = pointsShort(f.points, f.price);
  if (short > 0) return ruleError(ErrorCode.pointsInsufficient, { count: short });
  return null;
}
