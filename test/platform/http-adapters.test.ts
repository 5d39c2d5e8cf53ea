/**
 * Each host's request semantics in its own adapter (docs/architecture.md §13 Platform by build), driven through the
 * request layer with a fake `wx.request` / `my.request` that answers as the host documents:
 * - chat app: every HTTP answer → `success({ data, statusCode, header })`; `fail({ errno, errMsg })`
 *   only when no answer arrived;
 * - payment app: 2xx → `success({ data, status, headers })`; any other status → `fail({ error: 19,
 *   errorMessage, status, data, headers })`; no answer → `fail({ error: 13 | 12 | 9, errorMessage })`.
 */
import { ENTRY_PAGE, OPENID_STORAGE_KEY, RequestClient, TOKEN_STORAGE_KEY, settle, type Transport } from '../../src/api/request';
import { ErrorCode } from '../../src/domain/errors';
import { errorMessage, setLanguage } from '../../src/i18n';
import { taroTransport as alipayTransport } from '../../src/platform/http.alipay';
import { taroTransport as weappTransport } from '../../src/platform/http.weapp';
import { FakeUi, MemoryStorage } from '../support/fakes';

type Answer = { status: number; body: unknown } | { noAnswer: 'timeout' | 'network' };

interface HostCall {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  header?: Record<string, string>;
  data?: unknown;
}

const g = globalThis as unknown as { my?: unknown; wx?: unknown };

/** The payment app's my.request, per its reference ("success" for 2xx, error 19 with status otherwise). */
function fakeMy(answer: Answer, calls: HostCall[]) {
  return {
    request(o: HostCall & { success: (r: unknown) => void; fail: (e: unknown) => void }) {
      calls.push(o);
      if ('noAnswer' in answer) {
        o.fail(answer.noAnswer === 'timeout' ? { error: 13, errorMessage: '超时' } : { error: 12, errorMessage: '网络出错' });
      } else if (answer.status >= 200 && answer.status < 300) {
        o.success({ data: answer.body, status: answer.status, headers: {} });
      } else {
        o.fail({ error: 19, errorMessage: 'http status error', status: answer.status, data: answer.body, headers: {} });
      }
      return { abort() {} };
    },
  };
}

/** The chat app's wx.request: every answer to success with statusCode. */
function fakeWx(answer: Answer, calls: HostCall[]) {
  return {
    request(o: HostCall & { success: (r: unknown) => void; fail: (e: unknown) => void }) {
      calls.push(o);
      if ('noAnswer' in answer) {
        o.fail(answer.noAnswer === 'timeout' ? { errno: 5, errMsg: 'request:fail timeout' } : { errno: 600001, errMsg: 'request:fail' });
      } else {
        o.success({ data: answer.body, statusCode: answer.status, header: {} });
      }
      return { abort() {} };
    },
  };
}

function client(transport: Transport) {
  const storage = new MemoryStorage();
  storage.set(OPENID_STORAGE_KEY, 'openid-1');
  const ui = new FakeUi();
  const api = new RequestClient({
    transport,
    storage,
    toast: (m) => ui.toast(m),
    reLaunch: (url) => ui.reLaunch(url),
    message: errorMessage,
    context: () => ({ abroad: false, language: 'en', userAgentType: 3 }),
    host: 'http://127.0.0.1:8080',
  });
  api.setToken('stale');
  return { api, storage, ui };
}

beforeAll(() => setLanguage('en'));
afterAll(() => setLanguage('zh-CN'));
afterEach(() => {
  delete g.my;
  delete g.wx;
});

const hosts = [
  { name: 'payment app (my.request)', transport: alipayTransport, install: (a: Answer, c: HostCall[]) => (g.my = fakeMy(a, c)) },
  { name: 'chat app (wx.request)', transport: weappTransport, install: (a: Answer, c: HostCall[]) => (g.wx = fakeWx(a, c)) },
];

describe.each(hosts)('$name adapter', ({ transport, install }) => {
  it('resolves the info of a 200 answer and sends the absolute URL with the JSON body', async () => {
    const calls: HostCall[] = [];
    install({ status: 200, body: { result: true, info: { id: 7 } } }, calls);
    const { api } = client(transport);
    await expect(api.post('store/detail', { id: 7 })).resolves.toEqual({ id: 7 });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('http://127.0.0.1:8080/new/consumer/store/detail');
    expect(calls[0].method).toBe('POST');
    const body = typeof calls[0].data === 'string' ? JSON.parse(calls[0].data) : calls[0].data;
    expect(body).toEqual({ id: 7 });
  });

  it('reads a 401 as login expired: clears the stale token and openid and returns to the entry page', async () => {
    const calls: HostCall[] = [];
    install({ status: 401, body: { result: false, info: 'unauthorized' } }, calls);
    const { api, storage, ui } = client(transport);
    const outcome = await settle(api.post('vip/getInfo'));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toMatchObject({ kind: 'http', status: 401, code: ErrorCode.loginExpired });
    expect(storage.get(TOKEN_STORAGE_KEY)).toBeUndefined();
    expect(storage.get(OPENID_STORAGE_KEY)).toBeUndefined();
    expect(ui.navigations).toEqual([{ kind: 'reLaunch', url: ENTRY_PAGE }]);
    expect(calls).toHaveLength(1);
  });

  it('reads a 403 as the shop being stopped, not as a network error', async () => {
    install({ status: 403, body: { result: false, info: 'stopped' } }, []);
    const outcome = await settle(client(transport).api.post('store/detail'));
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.error).toMatchObject({ kind: 'http', status: 403, code: ErrorCode.forbidden });
  });

  it('reads a 500 as a server error', async () => {
    install({ status: 500, body: 'Internal Server Error' }, []);
    const outcome = await settle(client(transport).api.post('store/detail'));
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.error).toMatchObject({ kind: 'http', status: 500, code: ErrorCode.serverError });
  });

  it('reads a timeout (no answer) as a request timeout', async () => {
    install({ noAnswer: 'timeout' }, []);
    const outcome = await settle(client(transport).api.post('store/detail'));
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.error).toMatchObject({ kind: 'transport', code: ErrorCode.requestTimeout });
  });

  it('reads a lost connection as a network error', async () => {
    install({ noAnswer: 'network' }, []);
    const outcome = await settle(client(transport).api.post('store/detail'));
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.error).toMatchObject({ kind: 'transport', code: ErrorCode.networkError });
  });
});

describe('payment app adapter specifics', () => {
  it('decodes the JSON text of an error answer', async () => {
    g.my = {
      request(o: { fail: (e: unknown) => void }) {
        o.fail({ error: 19, errorMessage: 'http status error', status: 401, data: '{"result":false,"info":"x"}' });
      },
    };
    await expect(
      alipayTransport.send({ url: 'http://h/x', method: 'POST', headers: {}, data: {}, timeoutMs: 1000 }),
    ).resolves.toEqual({ statusCode: 401, data: { result: false, info: 'x' } });
  });

  it('sends header names in lower case, as the host expects', async () => {
    const calls: HostCall[] = [];
    g.my = fakeMy({ status: 200, body: { result: true, info: null } }, calls);
    await alipayTransport.send({ url: 'http://h/x', method: 'POST', headers: { 'Content-Type': 'application/json', Token: 't' }, data: {}, timeoutMs: 1000 });
    expect(calls[0].headers).toEqual({ 'content-type': 'application/json', token: 't' });
  });
});
