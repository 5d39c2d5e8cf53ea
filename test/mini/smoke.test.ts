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
    host.close();
  });
}
