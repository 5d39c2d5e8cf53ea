import { OrderType } from '../../../src/domain/enums';
import { clientOfUserAgent, orderSourceOf, userAgentCode } from '../../../src/domain/user-agent';

describe('order source from the order type and the client (C§3)', () => {
  it.each([
    [OrderType.takeaway, 'weapp', 'weixin'],
    [OrderType.selfPickup, 'weapp', 'weixin'],
    [OrderType.dine, 'weapp', 'weixin_eat_in'],
    [OrderType.takeaway, 'alipay', 'koubei'],
    [OrderType.dine, 'kiosk', 'kiosk-dine-in'],
    [OrderType.takeaway, 'h5', null],
    [OrderType.appointment, 'weapp', 'appointment'],
    [OrderType.openTable, 'alipay', 'openTable'],
  ] as const)('%s from %s is %p', (orderType, client, source) => {
    expect(orderSourceOf(orderType, userAgentCode(orderType, client))).toBe(source);
  });

  it('reads the client back from every code of the ranges, and nothing from unknown codes', () => {
    expect([1, 2, 3, 4, 51, 104, 201, 202, 203, 303].map(clientOfUserAgent)).toEqual([
      'weapp',
      'alipay',
      'h5',
      'kiosk',
      'weapp',
      'kiosk',
      'weapp',
      'alipay',
      'h5',
      'h5',
    ]);
    expect([null, 0, 5, 7, 204, 1.5].map(clientOfUserAgent)).toEqual([null, null, null, null, null, null]);
  });
});
