/**
 * C§6 "the shop boss is contacted for … multi-technician appointments": a service user performs the
 * services of one tag, so services of more than one tag are booked by calling the shop.
 */
import { appointmentTechnicianTags, checkOneTechnician } from '@/domain/beauty';
import { ErrorCode } from '@/domain/errors';

// the demo salon's tags: senior beautician 401, stylist 402, nail artist 403
const facial = { serviceTagId: 401, quantity: 1 };
const cleansing = { serviceTagId: 401, quantity: 2 };
const haircut = { serviceTagId: 402, quantity: 1 };

describe('one technician or the shop (C§6)', () => {
  test('services of one tag, however many, are one technician’s appointment', () => {
    expect(appointmentTechnicianTags([facial, cleansing])).toEqual([401]);
    expect(checkOneTechnician([facial, cleansing])).toBeNull();
  });

  test('a facial and a haircut need a beautician and a stylist: the shop is called', () => {
    expect(appointmentTechnicianTags([facial, haircut])).toEqual([401, 402]);
    expect(checkOneTechnician([facial, haircut])).toEqual({ code: ErrorCode.appointmentNeedsSeveralTechnicians });
  });

  test('a removed line (quantity 0) and a service anyone does (no tag) do not count', () => {
    expect(checkOneTechnician([facial, { ...haircut, quantity: 0 }])).toBeNull();
    expect(checkOneTechnician([facial, { quantity: 1 }])).toBeNull();
    expect(checkOneTechnician([])).toBeNull();
  });
});
