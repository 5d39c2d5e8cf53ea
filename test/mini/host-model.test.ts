/**
 * The host model itself: data paths, each host's request semantics, the navigation rules and the
 * logic layer's globals, checked on a launched build against the loopback server.
 */
import { SHOP } from '../../server/src/demo/ids';
import { applyPath, dataPathKeys, PAGE_STACK_LIMIT, type MiniHost } from './host/host';
import { describePlatforms, harnessForFile } from './host/suite';

jest.setTimeout(60_000);
const h = harnessForFile();

test("setData paths in Taro's form apply like the hosts' (`root.cn.[0].cn.[2].v`)", () => {
  expect(dataPathKeys('root.cn.[0].cn.[2].v')).toEqual(['root', 'cn', 0, 'cn', 2, 'v']);
  expect(dataPathKeys('root.cn[1].cl')).toEqual(['root', 'cn', 1, 'cl']);
  const data: Record<string, unknown> = { root: { cn: [{ cn: [{}, {}, { v: 'a' }] }] } };
  applyPath(data, 'root.cn.[0].cn.[2].v', 'b');
  applyPath(data, 'root.cn.[1].nn', '3');
  expect(data).toEqual({ root: { cn: [{ cn: [{}, {}, { v: 'b' }] }, { nn: '3' }] } });
});

/** Calls the host's request API from inside the app and returns which callback got what. */
function requestFromApp(host: MiniHost, url: string, platform: string, data: object = {}): Promise<{ cb: string; res: Record<string, unknown> }> {
  return new Promise((resolve) => {
    const api = host.evaluate<Record<string, (o: unknown) => void>>(platform === 'weapp' ? 'wx' : 'my');
    api.request({
      url,
      method: 'POST',
      header: { 'content-type': 'application/json' },
      headers: { 'content-type': 'application/json' },
      data: platform === 'weapp' ? data : JSON.stringify(data),
      success: (res: Record<string, unknown>) => resolve({ cb: 'success', res }),
      fail: (res: Record<string, unknown>) => resolve({ cb: 'fail', res }),
    });
  });
}

describePlatforms('host model', (platform) => {
  test('the logic layer has no browser globals (navigator only on the payment app)', async () => {
    const host = h.host(platform);
    await host.launch({ query: { id: String(SHOP.restaurant) } });
    const kinds = host.evaluate<Record<string, string>>(
      '({ window: typeof window, document: typeof document, fetch: typeof fetch, xhr: typeof XMLHttpRequest, process: typeof process, navigator: typeof navigator })',
    );
    expect(kinds).toEqual({
      window: 'undefined',
      document: 'undefined',
      fetch: 'undefined',
      xhr: 'undefined',
      process: 'undefined',
      navigator: platform === 'alipay' ? 'object' : 'undefined',
    });
    // the clock starts at the instant the server has
    expect(host.evaluate<number>('Date.now()')).toBeGreaterThanOrEqual(h.srv().server.clock.now());
  });

  test(platform === 'weapp' ? 'wx.request: success with {data, statusCode, header} for a 401' : 'my.request: a 401 goes to fail with error 19 and its status', async () => {
    const host = h.host(platform);
    await host.launch({ query: { id: String(SHOP.restaurant) } });
    const out = await requestFromApp(host, 'http://127.0.0.1:8080/new/consumer/user/sendSmsCode', platform, { phone: '13800000000' });
    if (platform === 'weapp') {
      expect(out.cb).toBe('success');
      expect(out.res.statusCode).toBe(401);
      expect(out.res).toHaveProperty('header');
      expect(out.res).toHaveProperty('data');
    } else {
      expect(out.cb).toBe('fail');
      expect(out.res.error).toBe(19);
      expect(out.res.status).toBe(401);
      expect(out.res).toHaveProperty('data');
    }
    const ok = await requestFromApp(host, 'http://127.0.0.1:8080/new/consumer/user/login', platform, { id: SHOP.restaurant, code: 'host-model-check' });
    expect(ok.cb).toBe('success');
    expect(platform === 'weapp' ? ok.res.statusCode : ok.res.status).toBe(200);
  });

  test('navigation rules: tab pages only by switchTab, a stack of at most 10 pages', async () => {
    const host = h.host(platform);
    await host.launch({ query: { id: String(SHOP.restaurant) } });
    await host.settle();
    const api = host.evaluate<Record<string, (o: unknown) => void>>(platform === 'weapp' ? 'wx' : 'my');
    const call = (name: string, url: string) =>
      new Promise<string>((resolve) => api[name]({ url, success: () => resolve('ok'), fail: (e: { errMsg?: string; errorMessage?: string }) => resolve(String(e.errMsg ?? e.errorMessage)) }));
    expect(await call('navigateTo', '/pages/user/center')).toMatch(/can not navigateTo a tabbar page/);
    expect(await call('redirectTo', '/pages/user/center')).toMatch(/can not redirectTo a tabbar page/);
    expect(await call('switchTab', '/pages/index/empty')).toMatch(/can not switch to no-tabBar page/);
    expect(await call('switchTab', '/pages/user/center')).toBe('ok');
    expect(host.currentRoute).toBe('pages/user/center');
    while (host.stack.length < PAGE_STACK_LIMIT) expect(await call('navigateTo', '/pages/index/empty')).toBe('ok');
    expect(await call('navigateTo', '/pages/index/empty')).toMatch(/limit exceed/);
    expect(host.stack).toHaveLength(PAGE_STACK_LIMIT);
    await host.settle();
  });
});
