/**
 * C§5: where a member card can pay. A module of its own so that the order store (and the order list's
 * chunk) reads it without the money arithmetic of validation.ts.
 */
import { PayType } from './enums';
import { ErrorCode, ruleError, type RuleError } from './errors';

/** C§5: browser pages cannot pay by member card (`browserCannotPayByCard`). */
export function checkCardPayEnvironment(payType: PayType, isBrowserPage: boolean): RuleError | null {
  return payType === PayType.vip && isBrowserPage ? ruleError(ErrorCode.browserCannotPayByCard) : null;
}
