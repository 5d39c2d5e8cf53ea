/** C§7 beauty: service staff and booked times for appointments (ORDER-5). */
import type { beautyCalls } from './contract/beauty';
import { bindCall } from './request';
import type { RequestClient } from './request';

type Calls = typeof beautyCalls;

/** The beauty calls bound to a client. */
export function createBeautyApi(client: RequestClient) {
  return {
    users: bindCall<Calls['users']>(client, 'beauty/users'),
    alreadyAppointmentTimes: bindCall<Calls['alreadyAppointmentTimes']>(client, 'beauty/alreadyAppointmentTimes'),
  };
}

export type BeautyApi = ReturnType<typeof createBeautyApi>;
