import { checkOrderTime, offeredTimes } from '../../../src/domain/order-times';
import { ErrorCode } from '../../../src/domain/errors';
import { clockText } from '../../../src/components/ordering/time-slots';

/** Shop clock UTC+8: 2026-11-23 12:10 local is 04:10 UTC. */
const at = (hh: number, mm: number) => Date.UTC(2026, 10, 23, hh - 8, mm);
const NOW = at(12, 10);
const shop = {
  utcOffsetMinutes: 480,
  businessTimeRange: [{ start: '10:00', end: '14:00' }, { start: '17:00', end: '21:00' }],
  deliveryTimeRange: [{ start: '11:00', end: '13:30' }, { start: '18:00', end: '20:00' }],
  allowPickupAppointment: true,
};
const clocks = (list: number[]) => list.map((t) => clockText(t, 480));

describe('delivery and pickup times offered (C§4, C§3 deliveryTimeRange, allowPickupAppointment)', () => {
  it('offers delivery on the half hours inside both the hours and the delivery times', () => {
    // from 12:10: first slot 13:00 (≥ 30 min ahead); 13:00 is inside hours and delivery (till 13:30),
    // 13:30 is the end of the delivery range (closed from the end minute); evening 18:00–19:30
    expect(clocks(offeredTimes(shop, 'takeaway', NOW, 6))).toEqual(['13:00', '18:00', '18:30', '19:00', '19:30']);
  });

  it('offers pickup inside the hours only', () => {
    expect(clocks(offeredTimes(shop, 'selfPickup', NOW, 4))).toEqual(['13:00', '13:30', '17:00', '17:30']);
  });

  it('offers pickup as soon as possible only when the shop takes no pickup appointments', () => {
    expect(offeredTimes({ ...shop, allowPickupAppointment: false }, 'selfPickup', NOW)).toEqual([]);
  });

  it('refuses a time the shop does not offer, and takes one it does', () => {
    expect(checkOrderTime(shop, 'takeaway', at(13, 0), NOW)).toBeNull();
    expect(checkOrderTime(shop, 'takeaway', 'ASAP', NOW)).toBeNull();
    // 17:30 is open for pickup but outside the delivery times
    expect(checkOrderTime(shop, 'takeaway', at(17, 30), NOW)).toEqual({ code: ErrorCode.orderTimeUnavailable });
    expect(checkOrderTime(shop, 'selfPickup', at(17, 30), NOW)).toBeNull();
    // 12:30 is less than 30 minutes ahead; 13:15 is no half hour; 15:00 is outside the hours
    expect(checkOrderTime(shop, 'selfPickup', at(12, 30), NOW)).toEqual({ code: ErrorCode.orderTimeUnavailable });
    expect(checkOrderTime(shop, 'selfPickup', at(13, 15), NOW)).toEqual({ code: ErrorCode.orderTimeUnavailable });
    expect(checkOrderTime(shop, 'selfPickup', at(15, 0), NOW)).toEqual({ code: ErrorCode.orderTimeUnavailable });
    expect(checkOrderTime({ ...shop, allowPickupAppointment: false }, 'selfPickup', at(13, 0), NOW)).toEqual({ code: ErrorCode.orderTimeUnavailable });
  });
});
