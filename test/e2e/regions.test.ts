/**
 * Phone regions and positions in a browser, against the real server (USER-5, USER-6): an address
 * saved with a UK mobile keeps its calling code and passes the UK check, where the same digits typed
 * as a mainland number are refused; the browser's WGS-84 position becomes the GCJ-02 point of the
 * shops' maps before it is the address's GPS.
 */
import { SHOP } from './demo';
import { waitUntil } from '../support/processes';
import { apiCall, e2eReady, launch, newPhone, serverAndBrowser, shot, tap, toastText, type } from './harness';

const ready = e2eReady();
const suite = ready ? describe : describe.skip;

jest.setTimeout(240_000);

suite('phone region and position in a browser', () => {
  const env = serverAndBrowser();

  test('the login page links to the user agreement (C§2 protocol)', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await page.locator('#home-takeaway').waitFor({ timeout: 30_000 });
      await page.goto(`${env.server.base}/#/pages/user/login`);
      await tap(page, '#login-agreement');
      await page.waitForFunction(() => location.hash.includes('pages/user/protocol'), undefined, { timeout: 20_000 });
      // the page's chunk and its texts arrive after the route changes: the agreement's paragraphs are the mark
      await page.locator('#protocol-agreement .general-doc__para').first().waitFor({ timeout: 20_000 });
      await page.locator('#protocol-privacy .general-doc__para').first().waitFor({ timeout: 20_000 });
      expect((await page.locator('#protocol-agreement').innerText()).length + (await page.locator('#protocol-privacy').innerText()).length).toBeGreaterThan(300);
    } finally {
      await context.close();
    }
  });

  test('a UK mobile is refused as a mainland number and saved with +44 once its region is chosen; the located point is GCJ-02', async () => {
    const { context, page } = await newPhone(env.browser, env.server);
    try {
      // the phone stands at 31.2324,121.4691 (WGS-84, central Shanghai)
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 31.2324, longitude: 121.4691 });
      await launch(page, env.server.base, `id=${SHOP.restaurant}`);
      await page.locator('#home-takeaway').waitFor({ timeout: 30_000 });
      await page.goto(`${env.server.base}/#/pages/user/address/add`);
      await type(page, '#addr-name', 'Alex Smith');
      await type(page, '#addr-phone', '07700900123');
      await type(page, '#addr-address', '人民广场 1 号');
      await tap(page, '#addr-locate');
      // the converted point, not the browser's: WGS-84 → GCJ-02 moves it about 0.0045° east, 0.002° south here
      await page.waitForFunction(() => {
        const el = document.querySelector('#addr-gps input') as HTMLInputElement | null;
        return !!el && el.value !== '';
      });
      const gps = await page.locator('#addr-gps input').inputValue();
      const [lat, lng] = gps.split(',').map(Number);
      expect(lat).toBeGreaterThan(31.2295);
      expect(lat).toBeLessThan(31.2310);
      expect(lng).toBeGreaterThan(121.4725);
      expect(lng).toBeLessThan(121.4745);

      // typed in the default region (mainland), 07700900123 is no mainland mobile
      await tap(page, '#addr-save');
      expect(await toastText(page)).toMatch(/手机号|phone/i);

      await tap(page, '#addr-phone-region');
      await shot(page, 'phone-region-list');
      await tap(page, '#addr-phone-region-GB');
      expect(await page.locator('#addr-phone-region').textContent()).toContain('GB +44');
      await tap(page, '#addr-save');
      // the form was opened by a link (no page below it): saving lands on the address list, not on the
      // same form reloaded
      await page.waitForFunction(() => location.hash.includes('pages/user/address/list'), undefined, { timeout: 20_000 });
      await page.locator('.address-list-page').first().waitFor({ timeout: 20_000 });
      const saved = await waitUntil(
        'the address saved',
        async () => {
          const { list } = (await apiCall(page, 'address/list', {})).info as { list: Array<{ phone: string; addressGps: string }> };
          return list.length > 0 ? list : false;
        },
        { timeoutMs: 15_000, everyMs: 250 },
      );
      expect(saved.map((a) => a.phone)).toEqual(['+447700900123']);
      expect(saved[0].addressGps).toBe(gps);
    } finally {
      await context.close();
    }
  });
});
