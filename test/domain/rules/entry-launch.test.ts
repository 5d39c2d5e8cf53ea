import { launchTarget, pageNotFoundUrl, readRememberedShop, scanChoiceRoute, scanEntry, tableCode } from '@/domain/entry-launch';
import type { LaunchFacts, RememberedShop } from '@/domain/entry-launch';
import { EntryPages } from '@/domain/entry-routing';
import { OrderType } from '@/domain/enums';
import { parseStartupParams } from '@/domain/startup';

const env = { userAgent: 'Mozilla/5.0', deviceId: 'device-1' };
/** The launch facts of a query, as the session reads them (C§2 start-up parameters). */
const facts = (query: Record<string, string>): LaunchFacts => {
  const s = parseStartupParams(query, env);
  return { id: s.shopId, brand: s.brand, tableNo: s.tableNo, newTableNo: s.newTableNo };
};
const BISTRO: RememberedShop = { id: 1001, chainId: 1 };
const SALON: RememberedShop = { id: 1003, chainId: null };

describe('a launch without a shop id (C§2 entry)', () => {
  test('opens the shop list of every shop the first time', () => {
    expect(launchTarget(facts({}), null)).toEqual({ kind: 'list', brand: null });
  });

  test('goes straight to the shop remembered from the last visit', () => {
    expect(launchTarget(facts({}), BISTRO)).toEqual({ kind: 'shop', shopId: 1001, remembered: true });
  });

  test('a brand link lists that brand’s shops when the remembered shop is not one of them', () => {
    expect(launchTarget(facts({ brand: '1' }), SALON)).toEqual({ kind: 'list', brand: 1 });
    expect(launchTarget(facts({ brand: '2' }), BISTRO)).toEqual({ kind: 'list', brand: 2 });
  });

  test('a brand link goes to the remembered shop when it belongs to that brand', () => {
    expect(launchTarget(facts({ brand: '1' }), BISTRO)).toEqual({ kind: 'shop', shopId: 1001, remembered: true });
  });

  test('hosts’ "undefined" and empty values count as no shop id', () => {
    expect(launchTarget(facts({ id: 'undefined', shop_id: '' }), null)).toEqual({ kind: 'list', brand: null });
  });
});

describe('a launch naming a shop', () => {
  test('opens that shop, whatever was remembered', () => {
    expect(launchTarget(facts({ id: '1002' }), BISTRO)).toEqual({ kind: 'shop', shopId: 1002, remembered: false });
  });

  test('the scan-order program names its shop in shop_id', () => {
    expect(launchTarget(facts({ source_type: '6', shop_id: '1001', table_no: 'A1' }), null)).toEqual({ kind: 'shop', shopId: 1001, remembered: false });
  });
});

describe('links that cannot be read are an invalid QR code (C§8)', () => {
  test.each([
    ['a shop id that is not a number', { id: 'bistro' }],
    ['a shop id of zero', { id: '0' }],
    ['a brand that is not a number', { brand: 'good-taste' }],
    ['a table number with characters no table code has', { id: '1001', table: 'A1;drop' }],
    ['a scan-order table without its shop', { source_type: '6', table_no: 'A1' }],
    ['a dine-in table without a shop', { isDine: '1', table: 'A1' }],
  ])('%s', (_name, query) => {
    expect(launchTarget(facts(query), BISTRO)).toEqual({ kind: 'invalid', code: 'invalidQr' });
  });
});

describe('the remembered shop read back from storage', () => {
  test('a stored shop with its chain', () => {
    expect(readRememberedShop({ id: 1001, chainId: 1 })).toEqual(BISTRO);
  });

  test('a shop outside any chain', () => {
    expect(readRememberedShop({ id: 1003 })).toEqual(SALON);
  });

  test.each([[undefined], [null], ['1001'], [{ id: '1001' }], [{ id: -3 }], [{ id: 1.5 }]])('%p is forgotten', (stored) => {
    expect(readRememberedShop(stored)).toBeNull();
  });
});

describe('the scan-to-order choice (C§1, C§2)', () => {
  const tableLink = { tableNo: 'A1', isScanOrder: false, isDine: false, orderType: null };
  const both = { openScanSwitch: true, allowDineIn: true, selfCollection: true };

  test('a table link at a shop taking dine-in and pickup lets the customer choose', () => {
    expect(scanEntry(tableLink, both)).toEqual({ kind: 'choose' });
  });

  test('a shop without the scan switch takes pickup only: no choice, pickup', () => {
    expect(scanEntry(tableLink, { ...both, openScanSwitch: false })).toEqual({ kind: 'type', orderType: OrderType.selfPickup });
  });

  test('a shop without self collection takes dine-in only', () => {
    expect(scanEntry(tableLink, { ...both, selfCollection: false })).toEqual({ kind: 'type', orderType: OrderType.dine });
  });

  test('a shop taking neither leaves the entry rules as they are', () => {
    expect(scanEntry(tableLink, { openScanSwitch: true, allowDineIn: false })).toBeNull();
  });

  test('a link that already says dine-in, the scan-order program, or a link without a table asks nothing', () => {
    expect(scanEntry({ ...tableLink, isDine: true, orderType: OrderType.dine }, both)).toBeNull();
    expect(scanEntry({ ...tableLink, isScanOrder: true, orderType: OrderType.openTable }, both)).toBeNull();
    expect(scanEntry({ ...tableLink, tableNo: null }, both)).toBeNull();
  });

  test('after the choice the customer lands on the menu, not a home tab', () => {
    expect(scanChoiceRoute({ url: EntryPages.home, method: 'switchTab' })).toEqual({ url: EntryPages.product, method: 'redirect' });
    expect(scanChoiceRoute({ url: EntryPages.orderingTab, method: 'switchTab' })).toEqual({ url: EntryPages.product, method: 'redirect' });
    // an earlier entry rule (the shared red bag) still comes first
    const bag = { url: `${EntryPages.expandRedBag}?id=9`, method: 'redirect' as const };
    expect(scanChoiceRoute(bag)).toBe(bag);
  });

  test('the table code the server checks names shop and table', () => {
    expect(tableCode(1001, 'A1')).toBe('T1001-A1');
  });
});

describe('a launch onto a page that does not exist (C§2)', () => {
  test('restarts at the entry page with the launch query, without the host’s own keys', () => {
    expect(pageNotFoundUrl({ id: '1001', table: 'A 1', $taroTimestamp: 123 })).toBe('/pages/index/index?id=1001&table=A%201');
  });

  test('without a query it is the bare entry page', () => {
    expect(pageNotFoundUrl(undefined)).toBe('/pages/index/index');
    expect(pageNotFoundUrl({})).toBe('/pages/index/index');
  });
});
