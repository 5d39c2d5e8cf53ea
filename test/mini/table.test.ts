/**
 * The table flow in the built weapp and alipay apps on the host model (ORDER-4, TABLE-1…5, APP-10):
 * two diners' apps, each its own login, scan one table's code; the first opens the table, the second
 * joins its order; the room's socket (weapp socket tasks; alipay's one global socket with its
 * onSocket* listeners) carries each one's dish to the other; one places the order, the other gets
 * the submitted dialog; hiding the app closes the socket with 1000 and showing it connects again.
 */
import { SHOP, TABLE_CODE } from '../../server/src/demo/ids';
import type { MiniHost } from './host/host';
import { tapText, waitRoute, waitText } from './host/drive';
import { describePlatforms, harnessForFile } from './host/suite';
import { rootOf, walk, type TaroNode } from './host/tree';

jest.setTimeout(90_000);
const h = harnessForFile();
const SHOP_ID = String(SHOP.restaurant);
const TOMATO_EGG = 10303;
const GREEN_BEANS = 10305;

/** Taps the element whose id is `id` on the current page. */
async function tapId(host: MiniHost, id: string): Promise<void> {
  const found = await host.until(() => {
    const hits: Array<{ node: TaroNode; ancestors: TaroNode[] }> = [];
    walk(rootOf(host.currentPage.data), (node, ancestors) => {
      if (node.uid === id) hits.push({ node, ancestors });
    });
    return hits[0] ?? null;
  }, `element #${id}`);
  const { node, ancestors } = found;
  host.dispatch(node, 'tap', {}, ancestors.filter((a) => a.uid || a.sid).reverse());
  await host.settle();
}

/** Waits for a condition that arrives over the socket (not a request the host settles on). */
async function eventually(host: MiniHost, pred: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5_000;
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
    await host.settle();
  }
}

/** The units the cart bar shows on the menu. */
function cartUnits(host: MiniHost): string {
  let units = '';
  walk(rootOf(host.currentPage.data), (node, ancestors) => {
    if (typeof node.cl === 'string' && node.cl.split(/\s+/).includes('cart-bar__badge') && ancestors.length > 0) {
      const text = (node.cn ?? []).map((c) => (c && typeof c.v === 'string' ? c.v : '')).join('');
      if (text) units = text;
    }
  });
  return units;
}

describePlatforms('table', (platform) => {
  test('two diners share one cart over the socket; one places the order, the other gets the dialog; hide closes, show reopens', async () => {
    const table = platform === 'weapp' ? 'A6' : 'A7';
    // TABLE-7: the table's code arrives in the launch query (A), or inside the scanned QR link's `q` (B)
    const query = { source_type: '6', shop_id: SHOP_ID, table_no: table, tableCode: TABLE_CODE[table] };
    const scannedLink = `https://shop.example.com/#/pages/index/index?source_type=6&shop_id=${SHOP_ID}&table_no=${table}&tableCode=${TABLE_CODE[table]}`;
    const a = h.host(platform, { loginCode: () => `${platform}-table-diner-a` });
    const b = h.host(platform, { loginCode: () => `${platform}-table-diner-b` });

    await a.launch({ query });
    await waitRoute(a, 'pages/product/table');
    await tapText(a, '开台');
    await waitRoute(a, 'pages/user/index-tab-1');
    await eventually(a, () => a.openSockets().length === 1 && /已同步/.test(JSON.stringify(a.currentPage.data)), 'A live');

    await b.launch({ query: { q: encodeURIComponent(scannedLink) } });
    await waitRoute(b, 'pages/user/index-tab-1');
    await eventually(b, () => b.openSockets().length === 1 && /已同步/.test(JSON.stringify(b.currentPage.data)), 'B live');

    // each one's dish reaches the other through the room
    await tapText(a, '家常小炒');
    await tapId(a, `add-${TOMATO_EGG}`);
    await eventually(b, () => cartUnits(b) === '1', 'B sees A’s dish');
    await tapText(b, '家常小炒');
    await tapId(b, `add-${GREEN_BEANS}`);
    await eventually(a, () => cartUnits(a) === '2', 'A sees B’s dish');

    // the payment app's listeners never pile up: one of each for the one socket
    if (platform === 'alipay') expect(a.socketHandlerCounts()).toEqual({ open: 1, message: 1, close: 1, error: 1 });

    // A places the order from the table's confirm page; B gets the submitted dialog
    await tapText(a, '去结算');
    await waitRoute(a, 'pages/order/order');
    await tapId(a, 'table-submit');
    await waitRoute(a, 'pages/order/confirmed-order');
    await waitText(a, '番茄炒蛋');
    await eventually(b, () => b.modals.some((m) => /已为本桌下单/.test(m)), 'B’s submitted dialog');
    // the host confirms the dialog: it leads B to the ordered dishes, both diners' lines in the round
    await waitRoute(b, 'pages/order/confirmed-order');
    await waitText(b, '干煸四季豆');
    await waitText(b, '番茄炒蛋');

    // hidden: the socket closes with 1000; shown: it connects again
    await b.hideApp();
    await eventually(b, () => b.openSockets().length === 0, 'B’s socket closed');
    expect(b.sockets.at(-1)).toMatchObject({ code: 1000, closedBy: 'app' });
    await b.showApp();
    await eventually(b, () => b.openSockets().length === 1, 'B’s socket open again');
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  test('TABLE-7: a scan-order launch without the table code is refused with "scan the code on your table"; nothing is opened', async () => {
    const table = platform === 'weapp' ? 'A8' : 'R1';
    const host = h.host(platform, { loginCode: () => `${platform}-table-no-code` });
    await host.launch({ query: { source_type: '6', shop_id: SHOP_ID, table_no: table } });
    await waitRoute(host, 'pages/product/table');
    await waitText(host, '请扫描您餐桌上的二维码');
    expect(host.requests.some((r) => /table\/order$/.test(r.url))).toBe(false);
    expect(JSON.stringify(host.currentPage.data)).not.toContain('开台');
    expect(host.errors).toEqual([]);
  });
});
