/**
 * The built weapp and alipay apps launched without a shop query (C§2 entry, SHOP-1) on the host
 * model against the real server: the shop list (token-free, nearest first from the host's position),
 * choosing a shop opens its home, and the next launch without a query goes straight back to it. A
 * table link naming a table the shop does not have shows the spec's message and leads to the list.
 */
import { SHOP } from '../../server/src/demo/ids';
import type { MiniHost } from './host/host';
import { pageText, tapText, waitRoute, waitText } from './host/drive';
import { describePlatforms, harnessForFile } from './host/suite';

jest.setTimeout(90_000);
const h = harnessForFile();

function noFaults(host: MiniHost): void {
  expect(host.errors).toEqual([]);
  expect(host.requests.filter((r) => r.failed || r.status >= 500)).toEqual([]);
}

const calls = (host: MiniHost, path: string) => host.requests.filter((r) => r.url.endsWith(`/new/consumer/${path}`));

describePlatforms('entry without a shop', (platform) => {
  test('launched without a shop query: the shop list nearest first, choose the bistro, and the next launch goes straight to it', async () => {
    await h.srv().server.reset();
    const host = h.host(platform, { loginCode: () => `mini-entry-${platform}` });
    await host.launch({ query: {} });
    await waitRoute(host, 'pages/store/list');
    // the host's position is the bistro's (31.2304, 121.4737): the bistro, then the salon 2.4 km away, then Singapore
    await waitText(host, '按距离由近到远');
    const text = pageText(host);
    const at = (name: string) => text.indexOf(name);
    expect(at('沪味小馆')).toBeGreaterThanOrEqual(0);
    expect(at('沪味小馆')).toBeLessThan(at('悦容美学馆'));
    expect(at('悦容美学馆')).toBeLessThan(at('好味速食'));
    expect(text).not.toContain('获取门店数据失败');
    // the list needs no login: no token was asked for before the customer chose
    expect(calls(host, 'user/login').length + calls(host, 'user/aliLogin').length).toBe(0);
    const listCalls = calls(host, 'store/publicList');
    expect(listCalls.length).toBeGreaterThanOrEqual(1);
    expect(listCalls.every((r) => r.status === 200)).toBe(true);

    await tapText(host, '沪味小馆（南京东路店）');
    await waitRoute(host, 'pages/user/index-tab');
    await waitText(host, '沪味小馆');
    noFaults(host);
    host.close();

    // the next launch without a query: straight to the bistro, no list
    const again = h.host(platform, { storage: host.storage, loginCode: () => `mini-entry-${platform}` });
    await again.launch({ query: {} });
    await waitRoute(again, 'pages/user/index-tab');
    await waitText(again, '沪味小馆');
    expect(calls(again, 'store/publicList')).toEqual([]);
    noFaults(again);
  });

  test('a table the shop does not have: "table number not found", and the shop list from there', async () => {
    await h.srv().server.reset();
    const host = h.host(platform, { loginCode: () => `mini-entry-table-${platform}` });
    await host.launch({ query: { id: String(SHOP.restaurant), isDine: '1', table: 'Z99' } });
    await waitText(host, '桌号不存在');
    expect(host.currentRoute).toBe('pages/index/index');
    await tapText(host, '选择门店');
    await waitRoute(host, 'pages/store/list');
    await waitText(host, '悦容美学馆');
    noFaults(host);
  });
});
