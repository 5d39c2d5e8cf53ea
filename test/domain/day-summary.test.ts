/** The day summary's rules (CONSOLE-6), each figure computed by hand in the comment beside it. */
import { shopDate, shopDayBounds, summariseDay, type SummaryOrder } from '../../src/domain/day-summary';

// A shop at UTC+8: its 2026-12-02 runs from 2026-12-01T16:00Z to 2026-12-02T16:00Z.
const OFFSET = 480;
const START = Date.UTC(2026, 11, 1, 16, 0);
const END = START + 24 * 3600_000;
const day = { date: '2026-12-02', start: START, end: END };
const at = (hour: number, minute = 0) => START + (hour * 60 + minute) * 60_000;

const order = (o: Partial<SummaryOrder>): SummaryOrder => ({
  type: 'selfPickup',
  payType: 'weixin',
  status: 'successed',
  paidAmount: 0,
  total: 0,
  createdAt: at(12),
  paidAt: null,
  events: [],
  ...o,
});

describe('the shop day', () => {
  test('the calendar date and its bounds on the shop clock', () => {
    // 2026-12-01T16:30Z is 00:30 on 2026-12-02 at UTC+8; 15:59Z is still 23:59 on 2026-12-01
    expect(shopDate(Date.UTC(2026, 11, 1, 16, 30), OFFSET)).toBe('2026-12-02');
    expect(shopDate(Date.UTC(2026, 11, 1, 15, 59), OFFSET)).toBe('2026-12-01');
    expect(shopDayBounds('2026-12-02', OFFSET)).toEqual({ start: START, end: END });
    // UTC−5: the day starts at 05:00Z
    expect(shopDayBounds('2026-12-02', -300)).toEqual({ start: Date.UTC(2026, 11, 2, 5), end: Date.UTC(2026, 11, 3, 5) });
  });

  test('a date that does not exist is refused', () => {
    expect(shopDayBounds('2026-02-30', OFFSET)).toBeNull();
    expect(shopDayBounds('2026-13-01', OFFSET)).toBeNull();
    expect(shopDayBounds('02/12/2026', OFFSET)).toBeNull();
  });
});

describe('summariseDay', () => {
  test('sales by pay type, refunds of the day, net and the average ticket', () => {
    const orders = [
      // paid today by WeChat: 23.50 and 18.00
      order({ payType: 'weixin', paidAmount: 23.5, total: 23.5, paidAt: at(11, 5) }),
      order({ payType: 'weixin', paidAmount: 18, total: 18, paidAt: at(12, 40) }),
      // cash received today: 9.90
      order({ type: 'dine', payType: 'cash', paidAmount: 9.9, total: 9.9, paidAt: at(13) }),
      // member card today: 30.00 (balance and gift together)
      order({ type: 'takeaway', payType: 'vip', paidAmount: 30, total: 30, paidAt: at(19) }),
      // paid yesterday by Alipay (12.00), refunded today: a refund of today, not a sale
      order({
        payType: 'alipay',
        status: 'refund',
        paidAmount: 12,
        total: 12,
        createdAt: START - 3600_000,
        paidAt: START - 3500_000,
        events: [
          { time: START - 3500_000, status: 'pending' },
          { time: at(10), status: 'refunding' },
          { time: at(10, 1), status: 'refund' },
        ],
      }),
    ];
    const s = summariseDay(orders, day, 2);
    // sales = 23.50 + 18.00 + 9.90 + 30.00 = 81.40 over 4 payments
    expect(s.sales.toFixed(2)).toBe('81.40');
    expect(s.paidCount).toBe(4);
    // refunds = 12.00 (one, by Alipay); net = 81.40 − 12.00 = 69.40
    expect(s.refunds.toFixed(2)).toBe('12.00');
    expect(s.refundCount).toBe(1);
    expect(s.net.toFixed(2)).toBe('69.40');
    // average ticket = 81.40 ÷ 4 = 20.35
    expect(s.averageTicket.toFixed(2)).toBe('20.35');
    // cash first, then member card, then the wallets
    expect(s.byPayType.map((p) => [p.payType, p.count, p.sales.toFixed(2), p.refunds.toFixed(2), p.net.toFixed(2)])).toEqual([
      ['cash', 1, '9.90', '0.00', '9.90'],
      ['vip', 1, '30.00', '0.00', '30.00'],
      ['weixin', 2, '41.50', '0.00', '41.50'],
      ['alipay', 0, '0.00', '12.00', '-12.00'],
    ]);
    // placed today: the four of today (yesterday's refunded order was placed yesterday)
    expect(s.placed).toBe(4);
    expect(s.byType).toEqual([
      { type: 'dine', count: 1 },
      { type: 'selfPickup', count: 2 },
      { type: 'takeaway', count: 1 },
    ]);
  });

  test('the average ticket rounds half up to the shop decimals', () => {
    // 10.00 + 10.00 + 10.01 = 30.01; ÷ 3 = 10.00333… → 10.00; with 0.02 more: 30.03 ÷ 3 = 10.01
    const three = (last: number) => [10, 10, last].map((a) => order({ paidAmount: a, total: a, paidAt: at(9) }));
    expect(summariseDay(three(10.01), day, 2).averageTicket.toFixed(2)).toBe('10.00');
    expect(summariseDay(three(10.03), day, 2).averageTicket.toFixed(2)).toBe('10.01');
    // 1 + 2 = 3 ÷ 2 = 1.5 → 2 for a shop without decimals (half up)
    expect(summariseDay([order({ paidAmount: 1, paidAt: at(9) }), order({ paidAmount: 2, paidAt: at(9) })], day, 0).averageTicket.toFixed(0)).toBe('2');
  });

  test('the day ends at the shop midnight: 23:59 counts, 00:00 of the next day does not', () => {
    const s = summariseDay(
      [
        order({ paidAmount: 5, paidAt: END - 60_000, createdAt: END - 120_000 }),
        order({ paidAmount: 7, paidAt: END, createdAt: END }),
        order({ paidAmount: 11, paidAt: START, createdAt: START }),
        order({ paidAmount: 13, paidAt: START - 1, createdAt: START - 1 }),
      ],
      day,
      2,
    );
    // 5 (23:59) + 11 (00:00) = 16
    expect(s.sales.toFixed(2)).toBe('16.00');
    expect(s.placed).toBe(2);
  });

  test('orders: completed, cancelled or refused, open, and cash awaiting payment', () => {
    const s = summariseDay(
      [
        order({ status: 'successed', paidAmount: 8, total: 8, paidAt: at(8) }),
        order({ status: 'refused', paidAmount: 0, total: 6 }),
        order({ status: 'nopay_cancel', paidAmount: 0, total: 4 }),
        // a cash order being cooked, not paid yet: 15.50 awaiting; another, 4.50
        order({ status: 'confirmed', payType: 'cash', total: 15.5 }),
        order({ status: 'need_pay', payType: 'cash', total: 4.5 }),
        // a refund under way of a payment taken today (20.00): a sale today, pending refund, not taken off
        order({ status: 'refunding', paidAmount: 20, total: 20, paidAt: at(10) }),
      ],
      day,
      2,
    );
    expect([s.placed, s.completed, s.cancelled, s.open]).toEqual([6, 1, 3, 2]);
    // awaiting = 15.50 + 4.50 = 20.00 over 2
    expect(s.awaitingPayment.count).toBe(2);
    expect(s.awaitingPayment.amount.toFixed(2)).toBe('20.00');
    expect(s.refundsPending.count).toBe(1);
    expect(s.refundsPending.amount.toFixed(2)).toBe('20.00');
    // sales = 8 + 20 = 28; no completed refund, net 28
    expect(s.sales.toFixed(2)).toBe('28.00');
    expect(s.net.toFixed(2)).toBe('28.00');
  });

  test('a day without orders is all zero', () => {
    const s = summariseDay([], day, 2);
    expect([s.placed, s.paidCount, s.refundCount]).toEqual([0, 0, 0]);
    expect([s.sales.toFixed(2), s.net.toFixed(2), s.averageTicket.toFixed(2)]).toEqual(['0.00', '0.00', '0.00']);
    expect(s.byPayType).toEqual([]);
  });
});
