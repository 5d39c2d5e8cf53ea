import fc from 'fast-check';
import { OrderType } from '@/domain/enums';
import { isWithinBusinessHours, nextOpeningTime, ShopHours } from '@/domain/hours';
import { nextDelay, RECONNECT_CAP_MS } from '@/domain/reconnect';
import { orderTypeOfUserAgent, userAgentCode } from '@/domain/user-agent';

const hhmm = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(
  ([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`,
);
const range = fc.record({ start: hhmm, end: hhmm });
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });
const offset = fc.integer({ min: -12 * 60, max: 14 * 60 });

describe('hours properties', () => {
  it('opens the shop at the next opening time it reports', () => {
    fc.assert(
      fc.property(fc.array(range, { minLength: 1, maxLength: 3 }), instant, offset, (ranges, now, utcOffsetMinutes) => {
        const shop: ShopHours = { businessTimeRange: ranges, utcOffsetMinutes };
        const next = nextOpeningTime(shop, now, OrderType.takeaway);
        return next !== null && next > now && isWithinBusinessHours(shop, next, OrderType.takeaway);
      }),
    );
  });

  it('answers the same for an instant given as epoch ms or as a Date', () => {
    fc.assert(
      fc.property(fc.array(range, { minLength: 1, maxLength: 3 }), instant, (ranges, now) => {
        const shop: ShopHours = { businessTimeRange: ranges, utcOffsetMinutes: 480 };
        return isWithinBusinessHours(shop, now) === isWithinBusinessHours(shop, new Date(now));
      }),
    );
  });
});

describe('reconnect properties', () => {
  it('never shortens the delay and never passes the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (n) => nextDelay(n) <= nextDelay(n + 1) && nextDelay(n + 1) <= RECONNECT_CAP_MS),
    );
  });
});

describe('user-agent properties', () => {
  it('reads back the order type of every code it gives, scan entry included', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(OrderType)),
        fc.constantFrom('weapp' as const, 'alipay' as const, 'h5' as const, 'kiosk' as const),
        fc.boolean(),
        (orderType, platform, scanOrder) => {
          const read = orderTypeOfUserAgent(userAgentCode(orderType, platform, { scanOrder }));
          return read === (scanOrder && orderType === OrderType.dine ? OrderType.openTable : orderType);
        },
      ),
    );
  });
});
