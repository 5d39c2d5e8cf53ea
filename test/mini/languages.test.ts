/**
 * Languages in the mini programs (C§1): the package carries Simplified Chinese; another language is
 * fetched from the server (user/messages) when the customer chooses it, shown once it has arrived,
 * and kept on the device, so the next start shows it without asking again.
 */
import { SHOP } from '../../server/src/demo/ids';
import { tapText, waitRoute, waitText } from './host/drive';
import { describePlatforms, harnessForFile } from './host/suite';

jest.setTimeout(60_000);
const h = harnessForFile();
const SHOP_ID = String(SHOP.restaurant);

describePlatforms('languages', (platform) => {
  test('English is fetched when chosen, shown, and kept for the next start', async () => {
    const host = h.host(platform, { actionSheet: (items) => items.indexOf('English') });
    await host.launch({ query: { id: SHOP_ID } });
    await waitRoute(host, 'pages/user/index-tab');
    await host.tapTab('pages/user/center');
    await waitText(host, '联系商家');
    expect(host.requests.filter((r) => r.url.endsWith('/user/messages'))).toEqual([]);

    await tapText(host, '语言');
    await waitText(host, 'Contact the shop');
    const fetched = host.requests.filter((r) => r.url.endsWith('/user/messages'));
    expect(fetched).toHaveLength(1);
    expect(host.errors).toEqual([]);

    // the same device starts again: English at once, from the kept copy
    const again = h.host(platform, { storage: new Map(host.storage) });
    await again.launch({ query: { id: SHOP_ID } });
    await waitRoute(again, 'pages/user/index-tab');
    await again.tapTab('pages/user/center');
    await waitText(again, 'Contact the shop');
    expect(again.requests.filter((r) => r.url.endsWith('/user/messages'))).toEqual([]);
    expect(again.errors).toEqual([]);
  });

  test('French is complete: it arrives alone and shows without English', async () => {
    const host = h.host(platform, { actionSheet: (items) => items.indexOf('Français') });
    await host.launch({ query: { id: SHOP_ID } });
    await waitRoute(host, 'pages/user/index-tab');
    await host.tapTab('pages/user/center');
    await waitText(host, '联系商家');
    await tapText(host, '语言');
    // every language is complete: fr alone is fetched, and the page shows it
    await waitText(host, 'Langue');
    const langs = host.requests
      .filter((r) => r.url.endsWith('/user/messages'))
      // the chat app sends the object, the payment app's adapter the JSON text
      .map((r) => ((typeof r.sent === 'string' ? JSON.parse(r.sent) : r.sent) as { lang: string }).lang);
    expect(langs).toEqual(['fr']);
    expect(host.errors).toEqual([]);
  });
});
