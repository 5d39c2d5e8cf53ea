import { OrderType } from '@/domain/enums';
import { couponOrderTypeRange, ORDER_TYPE_CHANGED, orderTypeOfUserAgent, userAgentCode } from '@/domain/user-agent';

describe('user-agent codes', () => {
  it.each([
    [OrderType.takeaway, 'weapp', 1],
    [OrderType.takeaway, 'alipay', 2],
    [OrderType.takeaway, 'h5', 3],
    [OrderType.takeaway, 'kiosk', 4],
    [OrderType.selfPickup, 'weapp', 51],
    [OrderType.selfPickup, 'alipay', 52],
    [OrderType.selfPickup, 'h5', 53],
    [OrderType.selfPickup, 'kiosk', 54],
    [OrderType.dine, 'weapp', 101],
    [OrderType.dine, 'alipay', 102],
    [OrderType.dine, 'h5', 103],
    [OrderType.dine, 'kiosk', 104],
    [OrderType.openTable, 'weapp', 201],
    [OrderType.openTable, 'alipay', 202],
    [OrderType.openTable, 'h5', 203],
    [OrderType.openTable, 'kiosk', 203],
    [OrderType.appointment, 'weapp', 301],
    [OrderType.appointment, 'alipay', 302],
    [OrderType.appointment, 'h5', 303],
    [OrderType.appointment, 'kiosk', 303],
  ] as const)('gives %s on %s the code %i', (orderType, platform, code) => {
    expect(userAgentCode(orderType, platform)).toBe(code);
  });

  it('gives dine-in through the scan-order entry a scan-order code', () => {
    expect(userAgentCode(OrderType.dine, 'weapp', { scanOrder: true })).toBe(201);
    expect(userAgentCode(OrderType.dine, 'h5', { scanOrder: true })).toBe(203);
  });

  it('ignores the scan-order entry for takeaway', () => {
    expect(userAgentCode(OrderType.takeaway, 'weapp', { scanOrder: true })).toBe(1);
  });

  it('names the event fired when the order type changes', () => {
    expect(ORDER_TYPE_CHANGED).toBe('orderTypeChanged');
  });
});

describe('order type of a user-agent code', () => {
  it.each([
    [1, OrderType.takeaway],
    [6, OrderType.takeaway],
    [51, OrderType.selfPickup],
    [56, OrderType.selfPickup],
    [101, OrderType.dine],
    [106, OrderType.dine],
    [201, OrderType.openTable],
    [203, OrderType.openTable],
    [301, OrderType.appointment],
    [303, OrderType.appointment],
  ])('reads %i as %s', (code, orderType) => {
    expect(orderTypeOfUserAgent(code)).toBe(orderType);
  });

  it('reads codes outside the ranges as unknown', () => {
    expect(orderTypeOfUserAgent(0)).toBeNull();
    expect(orderTypeOfUserAgent(7)).toBeNull();
    expect(orderTypeOfUserAgent(204)).toBeNull();
  });

  it('round-trips every code it gives', () => {
    for (const orderType of Object.values(OrderType)) {
      for (const platform of ['weapp', 'alipay', 'h5', 'kiosk'] as const) {
        expect(orderTypeOfUserAgent(userAgentCode(orderType, platform))).toBe(orderType);
      }
    }
  });
});

describe('coupon order-type ranges', () => {
  it('puts takeaway codes in 1-50', () => {
    expect(couponOrderTypeRange(3)).toEqual({ orderType: OrderType.takeaway, min: 1, max: 50 });
  });

  it('puts pickup codes in 51-100, dine codes in 101-200 and appointment codes in 301-400', () => {
    expect(couponOrderTypeRange(52)?.orderType).toBe(OrderType.selfPickup);
    expect(couponOrderTypeRange(104)?.orderType).toBe(OrderType.dine);
    expect(couponOrderTypeRange(301)?.orderType).toBe(OrderType.appointment);
  });

  it('counts scan-order codes as dine', () => {
    expect(couponOrderTypeRange(201)?.orderType).toBe(OrderType.dine);
  });

  it('puts codes outside every range in none', () => {
    expect(couponOrderTypeRange(0)).toBeNull();
    expect(couponOrderTypeRange(401)).toBeNull();
  });
});
