import * as path from 'node:path';
import { MiniHost } from './host/host';
import { startLoopbackServer, MINI_NOW, type LoopbackServer } from './host/server';
import { rootOf, textOf } from './host/tree';

jest.setTimeout(60000);
let srv: LoopbackServer;
beforeAll(async () => {
  srv = await startLoopbackServer();
});
afterAll(() => srv.close());

for (const platform of ['weapp', 'alipay'] as const) {
  test(`smoke ${platform}`, async () => {
    const host = new MiniHost({ platform, distDir: path.join(__dirname, '../../dist', platform), serverOrigin: srv.origin, buildOrigin: 'http://127.0.0.1:8080', now: MINI_NOW });
    await host.launch({ query: { id: '1001' } });
    await host.settle();
    console.log(platform, host.stack.map((s) => s.route), host.errors.slice(0, 3), host.requests.map((r) => `${r.status} ${r.url}`).slice(0, 20), host.loadedFiles);
    console.log(JSON.stringify(host.requests.map((r) => [r.sent, r.data])).slice(0, 600), host.toasts, host.modals); console.log(host.stack.map((s) => s.route), textOf(rootOf(host.currentPage.data)).slice(0, 1500));
    const { tapText, pageText } = await import('./host/drive');
    await tapText(host, '外卖配送');
    await host.settle();
    console.log(host.stack.map((s) => s.route), host.errors, pageText(host).slice(0, 1500));
    await tapText(host, '选规格');
    console.log('SPEC', pageText(host).slice(-700));
    await tapText(host, /^微辣$/);
    await tapText(host, /加入购物车/);
    console.log('CART', pageText(host).slice(-300));
    await tapText(host, '去结算');
    await host.settle();
    console.log('CONFIRM', host.currentRoute, host.errors.length, pageText(host), host.toasts);
    await tapText(host, /提交订单|去支付|确认/);
    console.log('PAY', host.currentRoute, host.errors.length, pageText(host), host.toasts, host.modals);
    host.close();
  });
}
