/**
 * P§7: activity/receiveExpandCoupon shows no error toast (docs/spec-rules.md P7.5); the screen shows
 * the refusal itself.
 */
import { createApi } from '../../src/api';
import { RequestClient } from '../../src/api/request';
import { FakeTransport, FakeUi, MemoryStorage, fail } from '../support/fakes';

function setup() {
  const transport = new FakeTransport();
  const ui = new FakeUi();
  const client = new RequestClient({
    transport,
    storage: new MemoryStorage(),
    toast: (m) => ui.toast(m),
    reLaunch: (url) => ui.reLaunch(url),
    message: (code) => code,
    context: () => ({ abroad: false, language: 'zh', userAgentType: 101 }),
  });
  return { transport, ui, api: createApi(client) };
}

describe('shared red bag call (P§7)', () => {
  it('opens a shared red bag without an error toast when the server refuses it', async () => {
    const { api, transport, ui } = setup();
    transport.on('activity/receiveExpandCoupon', fail('Invalid Coupon', 'invalidCoupon'));
    await expect(api.activity.receiveExpandCoupon({ id: 3, fromRedBagID: 11 })).rejects.toMatchObject({ code: 'invalidCoupon' });
    expect(ui.toasts).toEqual([]);
  });
});
