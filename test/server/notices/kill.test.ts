/**
 * kill -9 in the middle of a customer notice's send (NOTICE-1, SERVER-3): the real server as a child
 * process on the embedded database on disk, the chat app's server API a loopback double
 * (test/support/doubles/wechat-api-double.ts) that accepts the subscribe message and holds its
 * answer. The server is killed while it waits, then started again on the same data: the notice whose
 * attempt was recorded but whose answer never came is settled as `unknown` and not sent again (the
 * double, which dedupes nothing and allows the customer five messages, counts exactly one), and the
 * restarted server's outbox goes on sending the next notice once.
 */
import { rmSync } from 'node:fs';
import { SHOP } from '../../../server/src/demo/ids';
import { NOTICE_LEASE_MS } from '../../../server/src/services/notices/outbox';
import { api, confirm, merchant, ok, quote } from '../../support/faults';
import { spawnFaultServer, type FaultServer } from '../../support/fault-server';
import { startWechatApiDouble, type WechatApiDouble } from '../../support/doubles/wechat-api-double';
import { newDataDir, waitUntil } from '../../support/processes';
import { takeaway } from '../orders/helpers';

jest.setTimeout(120_000);

const APP_ID = 'wx00kill0000000001';
const SECRET = 'kill-app-secret';
const dataDir = newDataDir();
let server: FaultServer | null = null;
let wx: WechatApiDouble;

beforeAll(async () => {
  wx = await startWechatApiDouble({ appId: APP_ID, secret: SECRET });
});
afterAll(async () => {
  if (server) await server.kill9();
  await wx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(instant?: number): Promise<FaultServer> {
  server = await spawnFaultServer({ dataDir, instant, env: { WEAPP_APP_ID: APP_ID, WEAPP_SECRET: SECRET, WECHAT_API_BASE_URL: wx.baseUrl } });
  return server;
}

interface ListedNotice {
  orderId: number;
  templateId: string;
  state: string;
  attempts: number;
  lastError: string | null;
}

const listed = async (s: FaultServer, orderId: number): Promise<ListedNotice[]> => {
  const a = await merchant<ListedNotice[]>(s.base, 'notices', { orderId });
  if (!a.body?.result) throw new Error(`notices: ${a.text}`);
  return a.body.info;
};
const act = async (s: FaultServer, id: number, action: string) => {
  const a = await merchant<{ status: string }>(s.base, 'order/act', { id, action });
  if (!a.body?.result) throw new Error(`${action}: ${a.text}`);
  return a.body.info.status;
};

test('a server killed while WeChat holds the send, then restarted, has sent the notice once', async () => {
  const first = await start();
  const code = 'kill-diner';
  const { token } = await ok(api<{ token: string }>(first.base, 'user/login', { id: SHOP.restaurant, code }));
  const openid = wx.openidOf(code);
  wx.subscribe(openid, 'order-accepted', 5);
  wx.subscribe(openid, 'order-delivering', 5);
  const body = takeaway();
  const order = await ok(confirm(first.base, token, body, await quote(first.base, token, body)));

  wx.state.holdSends = true;
  // the staff action answers at once; the send goes out apart from it and WeChat holds its answer
  expect(await act(first, order.id, 'accept')).toBe('confirmed');
  await waitUntil('WeChat to hold the send', () => wx.heldCount() === 1);
  expect(await listed(first, order.id)).toMatchObject([{ templateId: 'order-accepted', state: 'sending', attempts: 1 }]);
  await first.kill9();
  wx.state.holdSends = false;

  // started again once the attempt's lease has run out
  const second = await start(first.now() + NOTICE_LEASE_MS + 1_000);
  const settled = await waitUntil('the lost attempt to be settled', async () => {
    const [n] = await listed(second, order.id);
    return n.state === 'unknown' ? n : undefined;
  });
  expect(settled).toMatchObject({ attempts: 1, lastError: 'the attempt got no answer (the sender stopped mid-send); not repeated' });

  // the restarted outbox works: the next status change is sent, once
  expect(await act(second, order.id, 'deliver')).toBe('delivered');
  await waitUntil('the delivering notice to be sent', async () => (await listed(second, order.id)).some((n) => n.templateId === 'order-delivering' && n.state === 'sent'));
  expect((await listed(second, order.id)).map((n) => [n.templateId, n.state])).toEqual([
    ['order-delivering', 'sent'],
    ['order-accepted', 'unknown'],
  ]);
  expect(wx.sends.map((s) => [s.touser, s.template_id])).toEqual([
    [openid, 'order-accepted'],
    [openid, 'order-delivering'],
  ]);
  expect(wx.subscriptionsLeft(openid, 'order-accepted')).toBe(4);
});
