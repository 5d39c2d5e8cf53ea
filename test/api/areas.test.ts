import { createApi } from '../../src/api';
import { calls } from '../../src/api/contract';
import { AVATAR_UPLOAD_PATH as CONTRACT_AVATAR_PATH } from '../../src/api/contract/user';
import { RequestClient } from '../../src/api/request';
import { AVATAR_UPLOAD_PATH } from '../../src/api/user';
import { FakeTransport, FakeUi, MemoryStorage, fail, ok } from '../support/fakes';
import { orderDetail } from '../support/store-factories';

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

const CLIENT_AREAS = ['store', 'order', 'table', 'delivery', 'beauty', 'user', 'vip', 'address', 'activity', 'message'] as const;

describe('API area modules', () => {
  it('offer every call of the contract under the contract path', () => {
    const { api } = setup();
    for (const area of CLIENT_AREAS) {
      const defs = calls[area] as Record<string, { path: string }>;
      const fns = api[area] as unknown as Record<string, { path?: string }>;
      for (const [name, def] of Object.entries(defs)) {
        expect({ call: `${area}.${name}`, path: fns[name]?.path }).toEqual({ call: `${area}.${name}`, path: def.path });
      }
    }
  });

  it('post the request to /new/consumer/<path> and resolve with info', async () => {
    const { api, transport } = setup();
    transport.on('order/detail', ok(orderDetail({ id: 5 })));
    await expect(api.order.detail({ id: 5 })).resolves.toMatchObject({ id: 5 });
    expect(transport.last).toMatchObject({ url: '/new/consumer/order/detail', data: { id: 5 } });
  });

  it('send an empty body when a call takes no fields', async () => {
    const { api, transport } = setup();
    transport.on('store/list', ok({ list: [] }));
    await api.store.list();
    expect(transport.last?.data).toEqual({});
  });

  it('submit an order without an error toast (C§7 order/confirm)', async () => {
    const { api, transport, ui } = setup();
    transport.on('order/confirm', fail('No valid pay type', 'noValidPayType'));
    await expect(api.order.confirm({} as never)).rejects.toMatchObject({ code: 'noValidPayType' });
    expect(ui.toasts).toEqual([]);
  });

  it('pass the Idempotency-Key of an order submission', async () => {
    const { api, transport } = setup();
    transport.on('order/confirm', ok({ id: 1, orderNo: '20261123120000001', status: 'nopay', payStatus: 0, total: 20, needPay: true, payDeadline: null }));
    await api.order.confirm({} as never, { idempotencyKey: 'sub-1' });
    expect(transport.last?.headers['Idempotency-Key']).toBe('sub-1');
  });

  it('load an activity without an error toast (P§7 activity/detail)', async () => {
    const { api, transport, ui } = setup();
    transport.on('activity/detail', fail('Coupon activity not exist', 'couponActivityNotExist'));
    await expect(api.activity.detail({ id: 3 })).rejects.toMatchObject({ code: 'couponActivityNotExist' });
    expect(ui.toasts).toEqual([]);
  });

  it('toast a failure of an ordinary call', async () => {
    const { api, transport, ui } = setup();
    transport.on('address/delete', fail('Address Error', 'addressError'));
    await expect(api.address.delete({ id: 2 })).rejects.toMatchObject({ code: 'addressError' });
    expect(ui.toasts).toEqual(['Address Error']);
  });

  it('reach the message-centre calls under the same base', async () => {
    const { api, transport } = setup();
    transport.on('consumer/cart-sync', ok({ products: [], version: 0 }));
    await api.message.cartSync({} as never);
    expect(transport.last?.url).toBe('/new/consumer/consumer/cart-sync');
  });

  it('give the avatar upload target with the token header and no JSON content type', () => {
    const { api } = setup();
    const target = api.user.avatarUploadTarget();
    expect(AVATAR_UPLOAD_PATH).toBe(CONTRACT_AVATAR_PATH);
    expect(target.url).toBe(`/new/consumer/${CONTRACT_AVATAR_PATH}`);
    expect(target.name).toBe('file');
    expect(target.headers).toMatchObject({ token: '', userAgentType: '101', language: 'zh' });
    expect(target.headers?.['Content-Type']).toBeUndefined();
  });
});
