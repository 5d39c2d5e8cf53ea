/**
 * The point chooser of the address form (USER-3): its rules (pin, nearby places, search, confirm,
 * the map's region events) and the page on a mini program (map, host chooser) and in a browser (no
 * tiles, typed position).
 */
import type { ReactElement } from 'react';
import { act, fireEvent, render } from '@testing-library/react';
import { setLanguage } from '@/i18n';
import { StoresProvider } from '@/stores';
import type { RootStore } from '@/stores/root';
import UserAddressPoiPage from '@/pages/user/address/poi';
import { addressOfPoint, takePickedPoint } from '@/components/ordering/point-pick';
import {
  chooserReducer,
  confirmPoint,
  initialChooserState,
  matchPoints,
  nearbyPoints,
  regionEndCentre,
  type ChooserState,
  type NearbySources,
} from '@/components/map/point-chooser';
import { ErrorCode } from '@/domain/errors';
import type { LocationAdapter } from '@/platform/types';
import { buildStores, loadShop, type StoreFixture } from '../support/store-factories';
import { ok } from '../support/fakes';

// People's Square, Shanghai; the shop (31.230000,121.470000 in the factories) is ~0.5 km south-west.
const SQUARE = { lat: 31.2336, lng: 121.4741 };
const SHOP = { lat: 31.23, lng: 121.47 };

const sources = (over: Partial<NearbySources> = {}): NearbySources => ({
  located: null,
  shop: { name: 'Noodle House', address: '人民大道 1 号', gpsAddress: '31.230000,121.470000' },
  saved: [
    { id: 5, address: '南京东路 100 号', addressGps: '31.235000,121.480000' },
    { id: 6, address: '没有定位的地址', addressGps: '' },
  ],
  ...over,
});

const run = (...actions: Parameters<typeof chooserReducer>[1][]): ChooserState => actions.reduce(chooserReducer, initialChooserState);

describe('the point chooser rules', () => {
  test('the first fix puts the pin and the map on the device position', () => {
    const s = run({ type: 'locating' }, { type: 'located', at: SQUARE });
    expect(s).toMatchObject({ centre: SQUARE, view: SQUARE, located: SQUARE, locating: 'done' });
  });

  test('moving the map makes its centre the chosen point without sending the camera back', () => {
    const moved = { lat: 31.24, lng: 121.49 };
    const s = run({ type: 'located', at: SQUARE }, { type: 'centre', at: moved });
    expect(s.centre).toEqual(moved);
    expect(s.view).toEqual(SQUARE);
    // a bare pin named by the search box: "lat,lng" with 6 decimals
    expect(confirmPoint(chooserReducer(s, { type: 'query', text: ' 外滩源 ' }))).toEqual({
      ok: true,
      point: { address: '外滩源', addressGps: '31.240000,121.490000' },
    });
  });

  test('a place chosen from the list stays chosen while the map settles within 20 m of it', () => {
    const shop = nearbyPoints(sources(), SQUARE).find((p) => p.key === 'shop')!;
    // 0.0001° latitude ≈ 11 m: still on the shop
    const s = run({ type: 'located', at: SQUARE }, { type: 'select', point: shop }, { type: 'centre', at: { lat: 31.2301, lng: 121.47 } });
    expect(s.selected?.key).toBe('shop');
    expect(confirmPoint(s)).toEqual({ ok: true, point: { address: '人民大道 1 号', name: 'Noodle House', addressGps: '31.230000,121.470000' } });
  });

  test('dragging the map away from a chosen place makes the pin a bare point again', () => {
    const shop = nearbyPoints(sources(), SQUARE).find((p) => p.key === 'shop')!;
    // 0.001° latitude ≈ 111 m
    const s = run({ type: 'select', point: shop }, { type: 'centre', at: { lat: 31.231, lng: 121.47 } });
    expect(s.selected).toBeNull();
  });

  test('without a fix the pin starts at the shop and the failure is kept for the message', () => {
    const s = run({ type: 'locating' }, { type: 'located', at: null, fallback: SHOP });
    expect(s).toMatchObject({ locating: 'failed', centre: SHOP, view: SHOP, located: null });
  });

  test('confirming without any position answers "Address not include gps info"', () => {
    const res = confirmPoint(run({ type: 'located', at: null }));
    expect(res).toEqual({ ok: false, error: expect.objectContaining({ code: ErrorCode.addressNoGps }) });
  });

  test('the nearby list holds the places with a position, nearest to the pin first, with metres', () => {
    const list = nearbyPoints(sources({ located: SQUARE }), SQUARE);
    expect(list.map((p) => p.key)).toEqual(['located', 'shop', 'saved-5']);
    expect(list[0].distanceM).toBe(0);
    // haversine: Δlat 0.0036°, Δlng 0.0041° at 31.23° N ≈ 400 m north, 390 m east → ≈ 558 m
    expect(list[1].distanceM).toBeGreaterThan(540);
    expect(list[1].distanceM).toBeLessThan(575);
  });

  test('the search box keeps the places whose name or address has every word', () => {
    const list = nearbyPoints(sources(), null);
    expect(matchPoints(list, 'noodle').map((p) => p.key)).toEqual(['shop']);
    expect(matchPoints(list, '南京东路 100').map((p) => p.key)).toEqual(['saved-5']);
    expect(matchPoints(list, '外滩')).toEqual([]);
  });

  test("the chat app's region end reports its centre on detail.centerLocation", () => {
    expect(regionEndCentre({ type: 'end', detail: { type: 'end', causedBy: 'drag', centerLocation: { latitude: 31.24, longitude: 121.49 } } })).toEqual({
      lat: 31.24,
      lng: 121.49,
    });
  });

  test("the payment app's region end reports its centre on the detail itself", () => {
    expect(regionEndCentre({ type: 'regionchange', detail: { type: 'end', latitude: '31.24', longitude: '121.49' } })).toEqual({ lat: 31.24, lng: 121.49 });
  });

  test('the start of a move reports no centre', () => {
    expect(regionEndCentre({ type: 'begin', detail: { type: 'begin', centerLocation: { latitude: 31.24, longitude: 121.49 } } })).toBeNull();
  });

  test('a host place puts its street address and its name into the form once each', () => {
    expect(addressOfPoint({ address: '南京东路 300 号', name: '恒基名人购物中心', addressGps: '1,1' })).toBe('南京东路 300 号 恒基名人购物中心');
    expect(addressOfPoint({ address: '上海市人民广场', name: '人民广场', addressGps: '1,1' })).toBe('上海市人民广场');
    expect(addressOfPoint({ address: '', addressGps: '1,1' })).toBe('');
  });
});

/** Taro's H5 input answers a CustomEvent whose detail carries the value. */
function typeInto(el: Element, value: string) {
  act(() => {
    el.dispatchEvent(new CustomEvent('input', { detail: { value }, bubbles: true }));
  });
}

function renderPage(f: StoreFixture, ui: ReactElement = <UserAddressPoiPage />) {
  const root = { ...f, platform: f.platform } as unknown as RootStore;
  return render(<StoresProvider value={root}>{ui}</StoresProvider>);
}

const miniLocation = (over: Partial<LocationAdapter> = {}): LocationAdapter => ({
  getLocation: async () => ({ ok: true, value: { latitude: SQUARE.lat, longitude: SQUARE.lng, coordType: 'gcj02' } }),
  mapTiles: true,
  choosePlace: jest.fn(),
  mapCentre: jest.fn(),
  ...over,
});

describe('the point chooser page on a mini program', () => {
  beforeEach(() => {
    setLanguage('zh-CN');
    takePickedPoint();
  });

  async function open(location: LocationAdapter) {
    const f = buildStores({ platform: 'weapp', location });
    await loadShop(f);
    f.transport.on('address/list', ok({ list: [{ id: 5, name: '李华', phone: '13712345678', address: '南京东路 100 号', addressGps: '31.235000,121.480000' }] }));
    await f.address.load();
    let view!: ReturnType<typeof renderPage>;
    await act(async () => {
      view = renderPage(f);
    });
    return { f, ...view };
  }

  test('shows the map centred on the device position with the pin there', async () => {
    const { container } = await open(miniLocation());
    const map = container.querySelector('#poi-map');
    expect(map).not.toBeNull();
    expect(container.querySelector('#poi-pin')?.textContent).toContain('31.233600,121.474100');
    expect(container.querySelector('#poi-gps')).toBeNull();
  });

  test('a map move that ends elsewhere makes that centre the point confirm hands back', async () => {
    const { f, container } = await open(miniLocation());
    const map = container.querySelector('#poi-map') as Element;
    await act(async () => {
      map.dispatchEvent(new CustomEvent('regionchange', { detail: { type: 'end', latitude: 31.24, longitude: 121.49 } }));
    });
    expect(container.querySelector('#poi-pin')?.textContent).toContain('31.240000,121.490000');
    typeInto(container.querySelector('#poi-name') as Element, '外滩源');
    fireEvent.click(container.querySelector('#poi-confirm') as Element);
    expect(takePickedPoint()).toEqual({ address: '外滩源', addressGps: '31.240000,121.490000' });
    expect(f.platform.ui.navigations).toEqual([{ kind: 'navigateBack', url: '1' }]);
  });

  test('"use my location" after a drag sends the map back to the device position', async () => {
    const moveMap = jest.fn().mockResolvedValue({ ok: true, value: undefined });
    const { container } = await open(miniLocation({ moveMap }));
    await act(async () => {
      (container.querySelector('#poi-map') as Element).dispatchEvent(new CustomEvent('regionchange', { detail: { type: 'end', latitude: 31.24, longitude: 121.49 } }));
    });
    await act(async () => {
      fireEvent.click(container.querySelector('#poi-locate') as Element);
    });
    // the position props did not change (same fix), so the map is moved by its context
    expect(moveMap).toHaveBeenCalledWith('poi-map', { latitude: SQUARE.lat, longitude: SQUARE.lng });
    expect(container.querySelector('#poi-pin')?.textContent).toContain('31.233600,121.474100');
  });

  test('tapping a nearby saved address and confirming returns its address and position', async () => {
    const { container } = await open(miniLocation());
    fireEvent.click(container.querySelector('#poi-item-saved-5') as Element);
    fireEvent.click(container.querySelector('#poi-confirm') as Element);
    expect(takePickedPoint()).toEqual({ address: '南京东路 100 号', name: '', addressGps: '31.235000,121.480000' });
  });

  test('without GPS it says "Cant get location" and starts the map at the shop', async () => {
    const { container } = await open(miniLocation({ getLocation: async () => ({ ok: false, code: ErrorCode.locationUnavailable }) }));
    expect(container.querySelector('#poi-no-gps')?.textContent).toContain('无法获取位置，请打开定位并授权');
    expect(container.querySelector('#poi-pin')?.textContent).toContain('31.230000,121.470000');
  });

  test("the host's own chooser returns its place straight to the form", async () => {
    const choosePlace = jest.fn().mockResolvedValue({
      ok: true,
      value: { name: '恒基名人购物中心', address: '南京东路 300 号', latitude: 31.2365, longitude: 121.4802, coordType: 'gcj02' },
    });
    const { f, container } = await open(miniLocation({ choosePlace }));
    await act(async () => {
      fireEvent.click(container.querySelector('#poi-host-search') as Element);
    });
    // the chooser opens where the pin is
    expect(choosePlace).toHaveBeenCalledWith({ latitude: SQUARE.lat, longitude: SQUARE.lng, coordType: 'gcj02' });
    expect(takePickedPoint()).toEqual({ address: '南京东路 300 号', name: '恒基名人购物中心', addressGps: '31.236500,121.480200' });
    expect(f.platform.ui.navigations).toEqual([{ kind: 'navigateBack', url: '1' }]);
  });

  test('backing out of the host chooser stays on the page without a message', async () => {
    const choosePlace = jest.fn().mockResolvedValue({ ok: false, code: ErrorCode.locationUnavailable, cancelled: true });
    const { f, container } = await open(miniLocation({ choosePlace }));
    await act(async () => {
      fireEvent.click(container.querySelector('#poi-host-search') as Element);
    });
    expect(takePickedPoint()).toBeNull();
    expect(f.platform.ui.toasts).toEqual([]);
    expect(f.platform.ui.navigations).toEqual([]);
  });
});

describe('the point chooser page in a browser', () => {
  beforeEach(() => {
    setLanguage('zh-CN');
    takePickedPoint();
  });

  test('loads no map and confirms a typed place with its typed position', async () => {
    const f = buildStores({ platform: 'h5' });
    await loadShop(f);
    let container!: HTMLElement;
    await act(async () => {
      ({ container } = renderPage(f));
    });
    expect(container.querySelector('#poi-map')).toBeNull();
    expect(container.querySelector('#poi-host-search')).toBeNull();
    typeInto(container.querySelector('#poi-name') as Element, '人民广场');
    typeInto(container.querySelector('#poi-gps') as Element, '31.2304,121.4737');
    fireEvent.click(container.querySelector('#poi-confirm') as Element);
    expect(takePickedPoint()).toEqual({ address: '人民广场', addressGps: '31.230400,121.473700' });
  });

  test('a position that is not "lat,lng" is refused with "Address not include gps info"', async () => {
    const f = buildStores({ platform: 'h5' });
    let container!: HTMLElement;
    await act(async () => {
      ({ container } = renderPage(f));
    });
    typeInto(container.querySelector('#poi-gps') as Element, '31.2304');
    fireEvent.click(container.querySelector('#poi-confirm') as Element);
    expect(takePickedPoint()).toBeNull();
    expect(f.platform.ui.toasts).toEqual(['地址缺少定位信息']);
  });
});

describe('the point chooser search box', () => {
  beforeEach(() => setLanguage('zh-CN'));

  test('narrows the nearby places to the matching ones', async () => {
    const f = buildStores({ platform: 'h5' });
    await loadShop(f, { name: 'Noodle House', address: '人民大道 1 号' });
    f.transport.on('address/list', ok({ list: [{ id: 5, name: '李华', phone: '13712345678', address: '南京东路 100 号', addressGps: '31.235000,121.480000' }] }));
    await f.address.load();
    let container!: HTMLElement;
    await act(async () => {
      ({ container } = renderPage(f));
    });
    typeInto(container.querySelector('#poi-name') as Element, '南京东路');
    expect(container.querySelector('#poi-item-saved-5')).not.toBeNull();
    expect(container.querySelector('#poi-item-shop')).toBeNull();
  });

  test('a name that matches nothing says so and keeps every place listed', async () => {
    const f = buildStores({ platform: 'h5' });
    await loadShop(f, { name: 'Noodle House', address: '人民大道 1 号' });
    let container!: HTMLElement;
    await act(async () => {
      ({ container } = renderPage(f));
    });
    typeInto(container.querySelector('#poi-name') as Element, '外滩源');
    expect(container.querySelector('#poi-nearby')?.textContent).toContain('没有匹配的地点');
    expect(container.querySelector('#poi-item-shop')).not.toBeNull();
  });
});
