import { ok } from '../support/fakes';
import { fakeRoot } from '../support/store-factories';

const build = (query: Record<string, string> = {}) => fakeRoot({ query });

describe('RootStore', () => {
  it('builds the session on the injected storage and platform', () => {
    const { root, platform } = build({ id: '5' });
    root.start();
    expect(root.session.id).toEqual('5');
    expect(root.platform).toEqual(platform);
  });

  it('starts only once when called again without a query', () => {
    const { root } = build({ id: '5' });
    root.start();
    root.session.patch({ shareProductId: '42' });
    root.start();
    expect(root.session.shareProductId).toBe('42');
  });

  it('sends the user-agent code of the chosen order type on every call', async () => {
    const { root, transport } = build();
    root.start();
    root.session.setOrderType('dine');
    transport.on('store/list', ok({ list: [] }));
    await root.api.store.list();
    // h5 dine code: 103
    expect(transport.last?.headers.userAgentType).toBe('103');
  });

  it('logs the session out when a call answers 401', async () => {
    const { root, transport, platform } = build();
    root.start();
    root.session.setLogin('tok', 'open');
    transport.on('vip/getInfo', { statusCode: 401, data: '' });
    await expect(root.api.vip.getInfo({ version: 1 } as never)).rejects.toMatchObject({ code: 'loginExpired' });
    expect(root.session.token).toEqual(null);
    expect(root.session.openid).toEqual('device-1');
    expect(platform.ui.navigations).toEqual([{ kind: 'reLaunch', url: '/pages/index/index' }]);
  });

  it('forgets the refused member card and coupons on a 401', async () => {
    const { root, transport } = build();
    root.start();
    root.session.setLogin('tok', 'open');
    root.member.setVipInfo({ id: 9, balance: 500 } as never);
    root.promotion.setCoupons([{ id: 71, activityID: 9, name: '3 off', type: 4, status: 1, reductionAmount: 3 }] as never);
    transport.on('order/list', { statusCode: 401, data: '' });
    await expect(root.api.order.list({ page: 1 } as never)).rejects.toMatchObject({ code: 'loginExpired' });
    expect(root.member.vipInfo).toEqual(null);
    expect(root.promotion.coupons).toEqual([]);
  });
});
