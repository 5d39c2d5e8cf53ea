import fc from 'fast-check';
import { ErrorCode } from '../../../src/domain/errors';
import {
  RECHARGE_MIN_AMOUNT,
  applicableRechargeRules,
  parseRechargeAmount,
  presentForAmount,
  rechargePayTypes,
  sortRechargeRules,
  type RechargeRule,
} from '../../../src/domain/members/recharge';

/** The chain's rules of the demo: charge 100 get 10; first charge 200 get 40; 500 get 80. */
const RULES: RechargeRule[] = [
  { id: 1, chargeAmount: 100, presentAmount: 10, isFirst: false },
  { id: 2, chargeAmount: 200, presentAmount: 40, isFirst: true },
  { id: 3, chargeAmount: 500, presentAmount: 80, isFirst: false },
];

describe('applicable pay rules (MEMBER-4, P§7 is_first)', () => {
  test('a never-charged card may use the first-charge rule beside the regular ones', () => {
    expect(applicableRechargeRules(RULES, true).map((r) => r.id)).toEqual([1, 2, 3]);
  });

  test('a charged card no longer sees the first-charge rule', () => {
    expect(applicableRechargeRules(RULES, false).map((r) => r.id)).toEqual([1, 3]);
  });

  test('is_first narrows to the first-charge rules, and to the regular ones when false', () => {
    expect(applicableRechargeRules(RULES, true, true).map((r) => r.id)).toEqual([2]);
    expect(applicableRechargeRules(RULES, true, false).map((r) => r.id)).toEqual([1, 3]);
    expect(applicableRechargeRules(RULES, false, true).map((r) => r.id)).toEqual([]);
  });

  test('the screen lists first-charge rules first, then by charge amount', () => {
    const shuffled = [RULES[2], RULES[0], RULES[1], { id: 4, chargeAmount: 50.5, presentAmount: 2, isFirst: false }];
    expect(sortRechargeRules(shuffled).map((r) => r.id)).toEqual([2, 4, 1, 3]);
  });
});

describe('the gift of a typed amount (presentForAmount)', () => {
  test('150 on a charged card reaches only 100 → gift 10', () => {
    // rules reached by 150: 100 (gift 10); 500 is not reached; the first-charge 200 does not apply
    expect(presentForAmount(RULES, false, 150)).toEqual({ rule: RULES[0], present: 10 });
  });

  test('250.5 on a never-charged card reaches the first-charge 200 → gift 40', () => {
    // reached: 100 → 10 and first 200 → 40; the largest reached is 200 → gift 40
    expect(presentForAmount(RULES, true, 250.5)).toEqual({ rule: RULES[1], present: 40 });
  });

  test('250.5 on a charged card falls back to the regular 100 → gift 10', () => {
    expect(presentForAmount(RULES, false, 250.5).present).toBe(10);
  });

  test('exactly 500 reaches 500 → gift 80; 499.99 stays at 100 → gift 10', () => {
    expect(presentForAmount(RULES, false, 500).present).toEqual(80);
    expect(presentForAmount(RULES, false, 499.99).present).toEqual(10);
  });

  test('an amount under every rule earns no gift', () => {
    expect(presentForAmount(RULES, true, 99.99)).toEqual({ rule: null, present: 0 });
  });

  test('two rules of the same charge: the larger gift wins', () => {
    const rules = [...RULES, { id: 9, chargeAmount: 100, presentAmount: 12, isFirst: false }];
    expect(presentForAmount(rules, false, 120)).toEqual({ rule: rules[3], present: 12 });
  });

  test('a stored amount read as a decimal string compares exactly ("200.0000" reaches 200)', () => {
    expect(presentForAmount(RULES, true, '200.0000').present).toBe(40);
  });

  test('the gift never shrinks as the amount grows (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), fc.boolean(), (a, b, first) => {
        const [lo, hi] = a <= b ? [a / 100, b / 100] : [b / 100, a / 100];
        return presentForAmount(RULES, first, lo).present <= presentForAmount(RULES, first, hi).present;
      }),
    );
  });
});

describe('a typed amount (parseRechargeAmount)', () => {
  test('"150" and "88.8" with 2 places are amounts to pay', () => {
    expect(parseRechargeAmount('150', 2)).toEqual({ ok: true, amount: 150 });
    expect(parseRechargeAmount(' 88.8 ', 2)).toEqual({ ok: true, amount: 88.8 });
  });

  test('more places than the shop uses is "Amount error"', () => {
    expect(parseRechargeAmount('10.005', 2)).toEqual({ ok: false, error: { code: ErrorCode.amountError } });
  });

  test('below the minimum of one unit is "Amount error"', () => {
    expect(RECHARGE_MIN_AMOUNT).toBe(1);
    expect(parseRechargeAmount('0.5', 2)).toEqual({ ok: false, error: { code: ErrorCode.amountError } });
  });

  test('empty, zero or not a number is "the amount must be greater than 0"', () => {
    for (const typed of ['', '0', '0.00', 'abc', '-5', '1e3']) {
      expect(parseRechargeAmount(typed, 2)).toEqual({ ok: false, error: { code: ErrorCode.paymentAmountZero } });
    }
  });

  test('a wire number is checked like the server does (10.005 with 2 places is refused)', () => {
    expect(parseRechargeAmount(10.5, 2).ok).toEqual(true);
    expect(parseRechargeAmount(10.005, 2).ok).toEqual(false);
  });
});

describe('pay types of a top-up', () => {
  const enabled = ['cash', 'vip', 'weixin', 'alipay', 'stripe', 'allinpay'] as const;

  test('never cash or the card itself; each wallet only inside its own host', () => {
    expect(rechargePayTypes([...enabled], 'weapp')).toEqual(['weixin', 'stripe', 'allinpay']);
    expect(rechargePayTypes([...enabled], 'alipay')).toEqual(['alipay', 'stripe', 'allinpay']);
    expect(rechargePayTypes([...enabled], 'h5')).toEqual(['stripe', 'allinpay']);
  });
});
