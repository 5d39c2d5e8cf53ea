import {
  ApiError,
  ENTRY_PAGE,
  OPENID_STORAGE_KEY,
  RequestClient,
  TOKEN_STORAGE_KEY,
  settle,
} from '../../src/api/request';
import { ErrorCode } from '../../src/domain/errors';
import { errorMessage, setLanguage } from '../../src/i18n';
import { FakeTransport, FakeUi, MemoryStorage, fail, ok, status } from '../support/fakes';
import { shopDetail } from '../support/store-factories';

/** Answers inside the contract for the calls these tests make (the layer does not read them). */
const EMPTY_ORDER_PAGE = { list: [], total: 0, page: 1, pageLimit: 10 };
const CONFIRMED = { id: 1, orderNo: '20261123120000001', status: 'nopay', payStatus: 0, total: 20, needPay: true, payDeadline: null };

const DAY_MS = 24 * 60 * 60 * 1000;

function setup(opts: { abroad?: boolean; now?: number } = {}) {
  const transport = new FakeTransport().on('order/list', ok(EMPTY_ORDER_PAGE)).on('order/confirm', ok(CONFIRMED));
  const storage = new MemoryStorage();
  const ui = new FakeUi();
  let clock = opts.now ?? 1_700_000_000_000;
  const unauthorized: number[] = [];
  const client = new RequestClient({
    transport,
    storage,
    toast: (m) => ui.toast(m),
    reLaunch: (url) => ui.reLaunch(url),
    message: errorMessage,
    context: () => ({ abroad: opts.abroad ?? true, language: 'en', userAgentType: 3 }),
    host: 'https://shop.example',
    onUnauthorized: () => unauthorized.push(1),
    now: () => clock,
  });
  return {
    transport,
    storage,
    ui,
    client,
    unauthorized,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const outcome = await settle(call);
  if (outcome.ok) throw new Error('expected the call to fail');
  return outcome.error;
}

beforeAll(() => {
  setLanguage('en');
});
afterAll(() => {
  setLanguage('zh-CN');
});

describe('request layer: success and headers', () => {
  it('POSTs JSON to <host>/new/consumer/<path> and resolves with info', async () => {
    const { client, transport } = setup();
    transport.on('store/detail', ok(shopDetail({ id: 7, name: 'Noodle Bar' })));
    await expect(client.post('store/detail', { appId: 'x' })).resolves.toEqual(shopDetail({ id: 7, name: 'Noodle Bar' }));
    expect(transport.last).toMatchObject({
      url: 'https://shop.example/new/consumer/store/detail',
      method: 'POST',
      data: { appId: 'x' },
    });
  });

  it('asks the transport for a 60 second timeout', async () => {
    const { client, transport } = setup();
    await client.post('order/list');
    expect(transport.last?.timeoutMs).toBe(60000);
  });

  it('sends token, Abroad-Env, language and userAgentType', async () => {
    const { client, transport } = setup({ abroad: true });
    client.setToken('tok-1');
    await client.post('order/list');
    expect(transport.last?.headers).toMatchObject({
      token: 'tok-1',
      'Abroad-Env': '1',
      language: 'en',
      userAgentType: '3',
      'Content-Type': 'application/json',
    });
  });

  it('sends Abroad-Env 0 outside the overseas environment', async () => {
    const { client, transport } = setup({ abroad: false });
    await client.post('order/list');
    expect(transport.last?.headers['Abroad-Env']).toBe('0');
  });

  it('sends an Idempotency-Key only when the call passes one', async () => {
    const { client, transport } = setup();
    await client.post('order/confirm', {}, { idempotencyKey: 'k-42' });
    expect(transport.last?.headers['Idempotency-Key']).toBe('k-42');
    await client.post('order/list');
    expect(transport.last?.headers['Idempotency-Key']).toBeUndefined();
  });

  it('treats any 2xx status with result true as success', async () => {
    const { client, transport, ui } = setup();
    transport.on('order/list', { statusCode: 201, data: { result: true, info: EMPTY_ORDER_PAGE } });
    await expect(client.post('order/list')).resolves.toEqual(EMPTY_ORDER_PAGE);
    expect(ui.toasts).toEqual([]);
  });
});

describe('request layer: business failures (result false)', () => {
  it('toasts info and rejects with the catalogue code', async () => {
    const { client, transport, ui } = setup();
    transport.on('vip/bind', fail('Sms code verify failed', 'smsVerifyFailed'));
    const error = await failureOf(client.post('vip/bind', { code: '1234' }));
    expect(error).toMatchObject({ kind: 'business', code: ErrorCode.smsVerifyFailed, info: 'Sms code verify failed' });
    expect(ui.toasts).toEqual(['Sms code verify failed']);
  });

  it('does not toast when the call is silent, but still rejects', async () => {
    const { client, transport, ui } = setup();
    transport.on('order/confirm', fail('No valid pay type', 'noValidPayType'));
    const error = await failureOf(client.post('order/confirm', {}, { silent: true }));
    expect(error.code).toBe(ErrorCode.noValidPayType);
    expect(ui.toasts).toEqual([]);
  });

  it('maps the fast-bind code -1 to needRegisterInStore (P§8)', async () => {
    const { client, transport } = setup();
    transport.on('vip/bind', fail('register in store', -1));
    const error = await failureOf(client.post('vip/bind', {}, { silent: true }));
    expect(error.code).toEqual(ErrorCode.needRegisterInStore);
    expect(error.rawCode).toEqual(-1);
  });

  it('keeps the data a failure carries', async () => {
    const { client, transport } = setup();
    transport.on('store/checkStock', fail('Tea is insufficient inventory', 'insufficientInventory', { id: 9 }));
    const error = await failureOf(client.post('store/checkStock', {}, { silent: true }));
    expect(error.data).toEqual({ id: 9 });
  });

  it('falls back to the locale text when the failure has no info', async () => {
    const { client, transport, ui } = setup();
    transport.on('vip/update', fail('', 'functionClosed'));
    await failureOf(client.post('vip/update'));
    expect(ui.toasts).toEqual(['Function Closed']);
  });
});

describe('request layer: HTTP error catalogue (C§8)', () => {
  it('on 401 toasts login expired, clears token and openid and goes to the entry page', async () => {
    const { client, transport, ui, storage, unauthorized } = setup();
    client.setToken('tok-1');
    storage.set(OPENID_STORAGE_KEY, 'open-1');
    transport.on('vip/getInfo', status(401));
    const error = await failureOf(client.post('vip/getInfo'));
    expect(error).toMatchObject({ kind: 'http', status: 401, code: ErrorCode.loginExpired });
    expect(ui.toasts).toEqual(['Login expired']);
    expect(storage.get(TOKEN_STORAGE_KEY)).toBeUndefined();
    expect(storage.get(OPENID_STORAGE_KEY)).toBeUndefined();
    expect(ui.navigations).toEqual([{ kind: 'reLaunch', url: ENTRY_PAGE }]);
    expect(unauthorized).toHaveLength(1);
  });

  it('on 403 toasts forbidden (shop stopped) and keeps the identity', async () => {
    const { client, transport, ui } = setup();
    client.setToken('tok-1');
    transport.on('store/detail', status(403));
    const error = await failureOf(client.post('store/detail'));
    expect(error.code).toBe(ErrorCode.forbidden);
    expect(ui.toasts).toEqual(['Forbidden: the shop has stopped operating']);
    expect(client.tokens.get()).toBe('tok-1');
    expect(ui.navigations).toEqual([]);
  });

  it('on 500 toasts "Server Error, retry please"', async () => {
    const { client, transport, ui } = setup();
    transport.on('store/detail', status(500));
    const error = await failureOf(client.post('store/detail'));
    expect(error.code).toEqual(ErrorCode.serverError);
    expect(error.status).toEqual(500);
    expect(ui.toasts).toEqual(['Server Error, retry please']);
  });

  it('treats 303 as a server error: the first status above 302', async () => {
    const { client, transport } = setup();
    transport.on('store/detail', status(303));
    expect((await failureOf(client.post('store/detail'))).code).toBe(ErrorCode.serverError);
  });

  it('treats 302 as the unknown case: "Network Error"', async () => {
    const { client, transport, ui } = setup();
    transport.on('store/detail', status(302));
    expect((await failureOf(client.post('store/detail'))).code).toBe(ErrorCode.networkError);
    expect(ui.toasts).toEqual(['Network Error']);
  });

  it('treats a 2xx answer that is not an envelope as a server error', async () => {
    const { client, transport } = setup();
    transport.on('store/detail', { statusCode: 200, data: '<html>' });
    expect((await failureOf(client.post('store/detail'))).code).toBe(ErrorCode.serverError);
  });
});

describe('request layer: transport failures and framework codes', () => {
  it('maps framework code 5 to a timeout and toasts it', async () => {
    const { client, transport, ui } = setup();
    transport.on('order/list', { fail: { errno: 5, errMsg: 'request:fail timeout' } });
    const error = await failureOf(client.post('order/list'));
    expect(error).toMatchObject({ kind: 'transport', code: ErrorCode.requestTimeout, rawCode: 5 });
    expect(ui.toasts).toEqual(['Request timed out, retry please']);
  });

  it('recognises a timeout from the message when no errno is given', async () => {
    const { client, transport } = setup();
    transport.on('order/list', { fail: { errMsg: 'request:fail timeout' } });
    expect((await failureOf(client.post('order/list'))).code).toBe(ErrorCode.requestTimeout);
  });

  it('maps framework code 602001 to a network error with "Network Error"', async () => {
    const { client, transport, ui } = setup();
    transport.on('order/list', { fail: { errno: 602001 } });
    expect((await failureOf(client.post('order/list'))).code).toBe(ErrorCode.networkError);
    expect(ui.toasts).toEqual(['Network Error']);
  });

  it('maps framework code 600009 to a socket connect failure', async () => {
    const { client, transport } = setup();
    transport.on('order/list', { fail: { errno: 600009 } });
    expect((await failureOf(client.post('order/list'))).code).toBe(ErrorCode.socketConnectFailed);
  });

  it('maps framework code 600003 to an abort and shows nothing', async () => {
    const { client, transport, ui } = setup();
    transport.on('order/list', { fail: { errno: 600003 } });
    expect((await failureOf(client.post('order/list'))).code).toBe(ErrorCode.requestAborted);
    expect(ui.toasts).toEqual([]);
  });

  it('treats an unknown failure as "Network Error"', async () => {
    const { client, transport } = setup();
    transport.on('order/list', { fail: {} });
    expect((await failureOf(client.post('order/list'))).code).toBe(ErrorCode.networkError);
  });
});

describe('request layer: token life', () => {
  it('keeps the token for 24 hours', () => {
    const { client, advance } = setup();
    client.setToken('tok-1');
    advance(DAY_MS - 1);
    expect(client.tokens.get()).toBe('tok-1');
  });

  it('drops the token once 24 hours have passed and sends an empty token header', async () => {
    const { client, advance, storage, transport } = setup();
    client.setToken('tok-1');
    advance(DAY_MS);
    await client.post('order/list');
    expect(transport.last?.headers.token).toBe('');
    expect(storage.get(TOKEN_STORAGE_KEY)).toBeUndefined();
  });

  it('drops a token stored without an expiry', () => {
    const { client, storage } = setup();
    storage.set(TOKEN_STORAGE_KEY, 'legacy');
    expect(client.tokens.get()).toBeNull();
    expect(storage.get(TOKEN_STORAGE_KEY)).toBeUndefined();
  });
});
