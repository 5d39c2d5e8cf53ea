/** `npm start`'s start-up text (C§2 entry without a shop): the shop list comes before the per-shop links. */
import { demoBanner } from '../../server/src/banner';
import { testConfig } from '../../server/src/config';
import { SHOP } from '../../server/src/demo/ids';

test('the bare address (the shop list) is printed first, then each demo shop’s link', () => {
  const banner = demoBanner(testConfig({ publicUrl: 'http://localhost:8080' }), 1);
  const list = banner.indexOf('Open the app and choose a shop:');
  const firstShop = banner.indexOf(`#/pages/index/index?id=${SHOP.restaurant}`);
  expect(list).toBeGreaterThan(0);
  expect(banner.slice(list).split('\n')[0]).toMatch(/ http:\/\/localhost:8080\/$/);
  expect(firstShop).toBeGreaterThan(list);
});
