import { ErrorCode } from '../../src/domain/errors';
import { validateAddress } from '../../src/stores/areas/address-edit';
import type { AddressForm } from '../../src/stores/areas/address-edit';
import type { LocationAdapter } from '../../src/platform/types';
import { fail, ok } from '../support/fakes';
import { buildStores } from '../support/store-factories';

const form = (over: Partial<AddressForm> = {}): AddressForm => ({
  name: 'Li Lei',
  phone: '13800000000',
  gender: 1,
  address: 'No. 1 Nanjing Road',
  addressGps: '31.235000,121.475000',
  houseNumber: 'Room 502',
  ...over,
});

const saved = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  name: 'Li Lei',
  phone: '13800000000',
  address: `Road ${id}`,
  addressGps: '31.235,121.475',
  isDefault: false,
  gender: 1,
  ...over,
});

describe('validateAddress (C§5)', () => {
  it('accepts a complete address', () => {
    expect(validateAddress(form())).toEqual([]);
  });

  it('asks for the name', () => {
    expect(validateAddress(form({ name: '  ' }))).toEqual([{ code: ErrorCode.requiredName }]);
  });

  it('asks for a correct phone', () => {
    expect(validateAddress(form({ phone: '12ab' }))).toEqual([{ code: ErrorCode.inputCorrectPhone }]);
  });

  it('asks for the detail address', () => {
    expect(validateAddress(form({ address: '' }))).toEqual([{ code: ErrorCode.requiredAddress }]);
  });

  it('refuses an address without GPS info', () => {
    expect(validateAddress(form({ addressGps: '' }))).toEqual([{ code: ErrorCode.addressNoGps }]);
  });

  it('refuses the unset point 0,0 as GPS info', () => {
    expect(validateAddress(form({ addressGps: '0,0' }))).toEqual([{ code: ErrorCode.addressNoGps }]);
  });

  it('reports every broken rule in form order', () => {
    expect(validateAddress(form({ name: '', phone: '', addressGps: 'x' })).map((e) => e.code)).toEqual([
      ErrorCode.requiredName,
      ErrorCode.requiredPhone,
      ErrorCode.addressNoGps,
    ]);
  });
});

describe('AddressStore (USER-3)', () => {
  it('lists the addresses and selects the default one with its distance', async () => {
    const f = buildStores();
    f.transport.on('address/list', ok({ list: [saved(1), saved(2, { isDefault: true })] }));
    f.transport.on('delivery/getDistance', ok({ addressId: 2, distance: 1.5, deliveryDistance: 5, inRange: true }));
    await f.address.load();
    expect(f.address.selected?.id).toEqual(2);
    expect(f.address.distance?.distance).toEqual(1.5);
    expect(f.address.inRange).toEqual(true);
  });

  it('asks the server for the distance of the chosen address', async () => {
    const f = buildStores();
    f.transport.on('address/list', ok({ list: [saved(1), saved(2)] }));
    await f.address.load();
    f.transport.on('delivery/getDistance', ok({ addressId: 1, distance: 7.2, deliveryDistance: 5, inRange: false }));
    await f.address.select(1);
    expect(f.transport.last?.data).toEqual({ addressId: 1 });
    expect(f.address.inRange).toEqual(false);
  });

  it('keeps the distance failure of an address', async () => {
    const f = buildStores();
    f.transport.on('address/list', ok({ list: [saved(1)] }));
    await f.address.load();
    f.transport.on('delivery/getDistance', fail('Shop address set incorrect!', ErrorCode.shopAddressIncorrect));
    await f.address.select(1);
    expect(f.address.distanceError).toEqual({ code: ErrorCode.shopAddressIncorrect });
  });

  it('adds a valid address with its gender and house number', async () => {
    const f = buildStores();
    f.transport.on('address/add', ok(saved(3)));
    f.transport.on('address/list', ok({ list: [saved(3)] }));
    const res = await f.addressEdit.add(form({ gender: 2 }));
    const sent = f.transport.requests.find((r) => r.url.endsWith('/address/add'))?.data;
    expect(res.ok).toEqual(true);
    expect(sent).toEqual({ name: 'Li Lei', phone: '13800000000', gender: 2, address: 'No. 1 Nanjing Road', addressGps: '31.235000,121.475000', houseNumber: 'Room 502' });
  });

  it('sends nothing for an invalid address', async () => {
    const f = buildStores();
    const res = await f.addressEdit.add(form({ addressGps: '' }));
    expect(res).toEqual({ ok: false, errors: [{ code: ErrorCode.addressNoGps }] });
    expect(f.transport.requests.length).toEqual(0);
  });

  it('passes on the server refusal of an address', async () => {
    const f = buildStores();
    f.transport.on('address/add', fail('Address Error', ErrorCode.addressError));
    expect(await f.addressEdit.add(form())).toEqual({ ok: false, errors: [{ code: ErrorCode.addressError }] });
  });

  it('edits an address', async () => {
    const f = buildStores();
    f.transport.on('address/update', ok(saved(1, { name: 'Han Meimei' })));
    f.transport.on('address/list', ok({ list: [saved(1, { name: 'Han Meimei' })] }));
    await f.addressEdit.update(1, form({ name: 'Han Meimei' }));
    expect(f.transport.requests[0].data).toEqual(expect.objectContaining({ id: 1, name: 'Han Meimei' }));
    expect(f.address.list[0].name).toEqual('Han Meimei');
  });

  it('makes an address the default one', async () => {
    const f = buildStores();
    f.transport.on('address/list', ok({ list: [saved(1, { isDefault: true }), saved(2)] }));
    f.transport.on('delivery/getDistance', ok({ addressId: 1, distance: 1, deliveryDistance: 5, inRange: true }));
    await f.address.load();
    f.transport.on('address/update', ok(saved(2, { isDefault: true })));
    await f.addressEdit.setDefault(2);
    const sent = f.transport.requests.find((r) => r.url.endsWith('/address/update'))?.data;
    expect(sent).toMatchObject({ id: 2, isDefault: true, address: 'Road 2' });
  });

  it('deletes an address and forgets it as the selected one', async () => {
    const f = buildStores();
    f.transport.on('address/list', ok({ list: [saved(1, { isDefault: true })] }), ok({ list: [] }));
    f.transport.on('delivery/getDistance', ok({ addressId: 1, distance: 1, deliveryDistance: 5, inRange: true }));
    await f.address.load();
    f.transport.on('address/delete', ok('ok'));
    await f.addressEdit.remove(1);
    expect(f.address.list).toEqual([]);
    expect(f.address.selected).toEqual(null);
  });

  it('fills GPS info from the device position', async () => {
    const location: LocationAdapter = {
      getLocation: async () => ({ ok: true, value: { latitude: 31.2304, longitude: 121.4737, coordType: 'gcj02' } }),
    };
    const f = buildStores({ location });
    expect(await f.addressEdit.locate()).toEqual({ ok: true, addressGps: '31.230400,121.473700' });
  });

  it("converts a browser's WGS-84 position through the server before it becomes the address's GPS (USER-6)", async () => {
    const location: LocationAdapter = {
      getLocation: async () => ({ ok: true, value: { latitude: 31.2324, longitude: 121.4691, coordType: 'wgs84' } }),
    };
    const f = buildStores({ location });
    f.transport.on('delivery/convertGps', ok({ latitude: 31.230401, longitude: 121.473702, coordType: 'gcj02' }));
    expect(await f.addressEdit.locate()).toEqual({ ok: true, addressGps: '31.230401,121.473702' });
    const sent = f.transport.requests.filter((r) => r.url.endsWith('/delivery/convertGps')).map((r) => r.data);
    expect(sent).toEqual([{ latitude: 31.2324, longitude: 121.4691, from: 'wgs84' }]);
  });

  it('does not use a browser position the server could not convert', async () => {
    const location: LocationAdapter = {
      getLocation: async () => ({ ok: true, value: { latitude: 31.2324, longitude: 121.4691, coordType: 'wgs84' } }),
    };
    const f = buildStores({ location });
    f.transport.on('delivery/convertGps', fail('Network error', 'networkError'));
    expect(await f.addressEdit.locate()).toEqual({ ok: false, error: { code: ErrorCode.locationUnavailable } });
  });

  it('asks to open and authorise location when there is none', async () => {
    const f = buildStores();
    expect(await f.addressEdit.locate()).toEqual({ ok: false, error: { code: ErrorCode.locationUnavailable } });
  });
});
