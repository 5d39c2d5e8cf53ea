/**
 * The hosts' websockets in the host model, against a real `ws` server on loopback: the chat app's
 * SocketTasks (five at most at once) and the payment app's one global socket, whose `my.onSocket*`
 * listeners pile up unless removed with `my.offSocket*`; and the app going to the background and back.
 * No build is needed: a minimal package (app.json, App(), one Page()) stands in for dist/.
 */
import { once } from 'node:events';
import * as fs from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { WebSocketServer } from 'ws';
import type { AppLifecycle } from '../../src/platform/types';
import { alipaySocketFactory, type AlipaySocketHost } from '../../src/platform/socket.alipay';
import { RoomChannel } from '../../src/realtime/channel';
import { bindToAppVisibility } from '../../src/realtime/visibility';
import { MiniHost, SOCKET_TASK_LIMIT, type Platform } from './host/host';

jest.setTimeout(30_000);

// ------------------------------------------------------------------ the echo server

interface EchoServer {
  /** http://127.0.0.1:port: the host's server origin, so ws://127.0.0.1:port is in its socket domain list. */
  origin: string;
  ws: string;
  /** Each connection's path and headers, in order. */
  connections: Array<{ url: string; headers: IncomingHttpHeaders }>;
  /** Close codes the server received from clients, in order. */
  closes: number[];
  close(): Promise<void>;
}

/** Echoes every frame (text as text, binary as binary); the text `close:<code>` makes it close with that code. */
async function startEchoServer(): Promise<EchoServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  const connections: EchoServer['connections'] = [];
  const closes: number[] = [];
  wss.on('connection', (ws, req) => {
    connections.push({ url: req.url ?? '', headers: req.headers });
    ws.on('message', (data, isBinary) => {
      const m = isBinary ? null : /^close:(\d+)$/.exec(data.toString());
      if (m) ws.close(Number(m[1]), 'server says bye');
      else ws.send(data, { binary: isBinary });
    });
    ws.on('close', (code) => closes.push(code));
  });
  await once(wss, 'listening');
  const { port } = wss.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}`,
    connections,
    closes,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}

// ------------------------------------------------------------------ a minimal package and its host

/** app.json with one page, the base template, an App() and a Page() that log their show/hide hooks. */
function miniPackage(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mini-sockets-'));
  const put = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  put('app.json', JSON.stringify({ pages: ['pages/index/index'] }));
  put('base.wxml', '');
  put('base.axml', '');
  put(
    'app.js',
    `var log = global.__lifecycle = [];
    App({
      onLaunch: function () { log.push('app launch'); },
      onShow: function (o) { log.push('app show ' + o.scene); },
      onHide: function () { log.push('app hide'); }
    });`,
  );
  put('pages/index/index.json', '{}');
  put(
    'pages/index/index.js',
    `Page({
      onShow: function () { global.__lifecycle.push('page show'); },
      onHide: function () { global.__lifecycle.push('page hide'); }
    });`,
  );
  return dir;
}

let echo: EchoServer;
let pkg: string;
const hosts: MiniHost[] = [];

beforeAll(async () => {
  echo = await startEchoServer();
  pkg = miniPackage();
});

afterEach(() => {
  while (hosts.length > 0) hosts.pop()?.close();
});

afterAll(async () => {
  await echo.close();
  fs.rmSync(pkg, { recursive: true, force: true });
});

async function launched(platform: Platform): Promise<MiniHost> {
  const host = new MiniHost({ platform, distDir: pkg, serverOrigin: echo.origin, buildOrigin: 'http://127.0.0.1:8080', now: Date.now() });
  hosts.push(host);
  await host.launch();
  return host;
}

type Fn = (...a: unknown[]) => unknown;
type Res = Record<string, unknown>;

/** Polls `cond` (the server's side, or the app's callbacks) until it holds. */
async function waitFor(cond: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Calls an options-object API and resolves with the callback it answered through. */
function call(fn: Fn, o: Res = {}): Promise<{ cb: 'success' | 'fail'; res: Res }> {
  return new Promise((resolve) => {
    fn({ ...o, success: (res: Res) => resolve({ cb: 'success', res }), fail: (res: Res) => resolve({ cb: 'fail', res }) });
  });
}

/** A SocketTask's (or the global listeners') events as the app got them. */
function recorder() {
  const got = { open: [] as Res[], message: [] as Res[], close: [] as Res[], error: [] as Res[] };
  return {
    got,
    open: (r: Res) => got.open.push(r),
    message: (r: Res) => got.message.push(r),
    close: (r: Res) => got.close.push(r),
    error: (r: Res) => got.error.push(r),
  };
}

const none = { open: 0, message: 0, close: 0, error: 0 };

// ------------------------------------------------------------------ the chat app

describe('wx: SocketTask', () => {
  function openTask(wx: Record<string, Fn>, url: string, header: Res = {}) {
    const rec = recorder();
    let task = {} as Record<string, Fn>;
    const connected = call((o) => (task = wx.connectSocket(o) as Record<string, Fn>), { url, header });
    task.onOpen(rec.open);
    task.onMessage(rec.message);
    task.onClose(rec.close);
    task.onError(rec.error);
    return { task, rec, connected };
  }

  test('opens with its header, echoes text and ArrayBuffers, and hears the server close with its code', async () => {
    const host = await launched('weapp');
    const wx = host.evaluate<Record<string, Fn>>('wx');
    const { task, rec, connected } = openTask(wx, `${echo.ws}/echo?room=1`, { token: 'diner-token' });
    expect((await connected).res).toMatchObject({ errMsg: 'connectSocket:ok' });
    await waitFor(() => rec.got.open.length === 1, 'onOpen');
    expect(host.openSockets()).toEqual([expect.objectContaining({ kind: 'task', state: 'open', url: `${echo.ws}/echo?room=1` })]);
    expect(echo.connections.at(-1)).toMatchObject({ url: '/echo?room=1', headers: expect.objectContaining({ token: 'diner-token' }) });

    expect(await call(task.send, { data: 'hello' })).toEqual({ cb: 'success', res: { errMsg: 'sendSocketMessage:ok' } });
    await waitFor(() => rec.got.message.length === 1, 'the echo');
    expect(rec.got.message[0]).toEqual({ data: 'hello' });

    // binary frames: an ArrayBuffer out, an ArrayBuffer of the app's realm back
    const bytes = host.evaluate<ArrayBuffer>('new Uint8Array([1, 2, 250]).buffer');
    await call(task.send, { data: bytes });
    await waitFor(() => rec.got.message.length === 2, 'the binary echo');
    const back = rec.got.message[1].data as ArrayBuffer;
    expect(Object.prototype.toString.call(back)).toBe('[object ArrayBuffer]');
    expect(back).toBeInstanceOf(host.evaluate<ArrayBufferConstructor>('ArrayBuffer'));
    expect([...new Uint8Array(back)]).toEqual([1, 2, 250]);

    await call(task.send, { data: 'close:4001' });
    await waitFor(() => rec.got.close.length === 1, 'onClose');
    expect(rec.got.close[0]).toEqual({ code: 4001, reason: 'server says bye' });
    expect(rec.got.error).toEqual([]);
    expect(host.openSockets()).toEqual([]);
    expect(host.sockets[0]).toMatchObject({ state: 'closed', code: 4001, closedBy: 'server', sent: 3, received: 2 });

    const late = await call(task.send, { data: 'anyone?' });
    expect(late.cb).toBe('fail');
    expect(String(late.res.errMsg)).toMatch(/^sendSocketMessage:fail .*not connected/);
  });

  test('close({code: 1000}) reaches the server as 1000 and comes back to onClose', async () => {
    const host = await launched('weapp');
    const wx = host.evaluate<Record<string, Fn>>('wx');
    const { task, rec } = openTask(wx, `${echo.ws}/echo`);
    await waitFor(() => rec.got.open.length === 1, 'onOpen');
    const before = echo.closes.length;
    expect(await call(task.close, { code: 1000, reason: 'page left' })).toEqual({ cb: 'success', res: { errMsg: 'closeSocket:ok' } });
    await waitFor(() => rec.got.close.length === 1, 'onClose');
    expect(rec.got.close[0]).toEqual({ code: 1000, reason: 'page left' });
    await waitFor(() => echo.closes.length > before, 'the server to see the close');
    expect(echo.closes.at(-1)).toBe(1000);
    expect(host.sockets[0]).toMatchObject({ closedBy: 'app', code: 1000 });
    // a code a browser would refuse is refused here too
    const { task: other, rec: otherRec } = openTask(wx, `${echo.ws}/echo`);
    await waitFor(() => otherRec.got.open.length === 1, 'onOpen');
    const bad = await call(other.close, { code: 1006 });
    expect(bad.cb).toBe('fail');
    expect(String(bad.res.errMsg)).toMatch(/^closeSocket:fail/);
  });

  test(`at most ${SOCKET_TASK_LIMIT} tasks at once: the next one fails until one closes`, async () => {
    const host = await launched('weapp');
    const wx = host.evaluate<Record<string, Fn>>('wx');
    const open = Array.from({ length: SOCKET_TASK_LIMIT }, () => openTask(wx, `${echo.ws}/echo`));
    for (const t of open) expect((await t.connected).cb).toBe('success');
    await waitFor(() => open.every((t) => t.rec.got.open.length === 1), 'five onOpen');
    expect(host.openSockets()).toHaveLength(SOCKET_TASK_LIMIT);

    const sixth = openTask(wx, `${echo.ws}/echo`);
    const refused = await sixth.connected;
    expect(refused.cb).toBe('fail');
    expect(String(refused.res.errMsg)).toMatch(/^createSocketTask:fail .*exceed max concurrent count/);
    await waitFor(() => sixth.rec.got.error.length === 1, "the sixth task's onError");
    expect(sixth.rec.got.open).toEqual([]);
    expect(host.openSockets()).toHaveLength(SOCKET_TASK_LIMIT);
    expect(host.apiCalls.filter((a) => a === 'connectSocket')).toHaveLength(SOCKET_TASK_LIMIT + 1);

    open[0].task.close({});
    await waitFor(() => open[0].rec.got.close.length === 1, 'the first task closed');
    const seventh = openTask(wx, `${echo.ws}/echo`);
    expect((await seventh.connected).cb).toBe('success');
    await waitFor(() => seventh.rec.got.open.length === 1, 'the seventh onOpen');
  });

  test("the build's origin reaches the server; other origins are not in the socket domain list", async () => {
    const host = await launched('weapp');
    const wx = host.evaluate<Record<string, Fn>>('wx');
    const mapped = openTask(wx, 'ws://127.0.0.1:8080/ws/room-1?token=t');
    await waitFor(() => mapped.rec.got.open.length === 1, 'onOpen');
    expect(echo.connections.at(-1)?.url).toBe('/ws/room-1?token=t');

    const elsewhere = await call((o) => wx.connectSocket(o), { url: 'ws://127.0.0.1:9/ws' });
    expect(elsewhere).toEqual({ cb: 'fail', res: { errMsg: 'createSocketTask:fail url not in domain list' } });
    const http = await call((o) => wx.connectSocket(o), { url: echo.origin });
    expect(String(http.res.errMsg)).toMatch(/^createSocketTask:fail invalid url/);
  });

  test('the legacy wx.onSocket* / wx.sendSocketMessage act on the latest task', async () => {
    const host = await launched('weapp');
    const wx = host.evaluate<Record<string, Fn>>('wx');
    const rec = recorder();
    wx.onSocketOpen(rec.open);
    wx.onSocketMessage(rec.message);
    wx.onSocketClose(rec.close);
    wx.connectSocket({ url: `${echo.ws}/echo` });
    await waitFor(() => rec.got.open.length === 1, 'wx.onSocketOpen');
    wx.sendSocketMessage({ data: 'legacy' });
    await waitFor(() => rec.got.message.length === 1, 'wx.onSocketMessage');
    expect(rec.got.message[0]).toEqual({ data: 'legacy' });
    wx.closeSocket({});
    await waitFor(() => rec.got.close.length === 1, 'wx.onSocketClose');
    expect(rec.got.close[0]).toMatchObject({ code: 1000 });
    expect(host.socketHandlerCounts()).toEqual({ open: 1, message: 1, close: 1, error: 0 });
  });
});

// ------------------------------------------------------------------ the payment app

describe('my: the global socket', () => {
  function listen(my: Record<string, Fn>) {
    const rec = recorder();
    my.onSocketOpen(rec.open);
    my.onSocketMessage(rec.message);
    my.onSocketClose(rec.close);
    my.onSocketError(rec.error);
    return {
      ...rec,
      off: () => {
        my.offSocketOpen(rec.open);
        my.offSocketMessage(rec.message);
        my.offSocketClose(rec.close);
        my.offSocketError(rec.error);
      },
    };
  }

  test('opens, echoes (res.data a string), and hears the server close with its code', async () => {
    const host = await launched('alipay');
    const my = host.evaluate<Record<string, Fn>>('my');
    const l = listen(my);
    expect((await call(my.connectSocket, { url: `${echo.ws}/echo`, header: { token: 'diner-token' } })).cb).toBe('success');
    await waitFor(() => l.got.open.length === 1, 'onSocketOpen');
    expect(echo.connections.at(-1)?.headers.token).toBe('diner-token');
    expect(host.openSockets()).toEqual([expect.objectContaining({ kind: 'global', state: 'open' })]);

    expect((await call(my.sendSocketMessage, { data: 'hello' })).cb).toBe('success');
    await waitFor(() => l.got.message.length === 1, 'onSocketMessage');
    expect(l.got.message[0]).toEqual({ data: 'hello', isBuffer: false });

    my.sendSocketMessage({ data: 'close:4001' });
    await waitFor(() => l.got.close.length === 1, 'onSocketClose');
    expect(l.got.close[0]).toEqual({ code: 4001, reason: 'server says bye' });
    expect(host.openSockets()).toEqual([]);
    const late = await call(my.sendSocketMessage, { data: 'anyone?' });
    expect(late).toMatchObject({ cb: 'fail', res: { error: 10 } });
  });

  test('closeSocket({code: 1000}) reaches the server as 1000', async () => {
    const host = await launched('alipay');
    const my = host.evaluate<Record<string, Fn>>('my');
    const l = listen(my);
    my.connectSocket({ url: `${echo.ws}/echo` });
    await waitFor(() => l.got.open.length === 1, 'onSocketOpen');
    const before = echo.closes.length;
    expect((await call(my.closeSocket, { code: 1000 })).cb).toBe('success');
    await waitFor(() => l.got.close.length === 1, 'onSocketClose');
    expect(l.got.close[0]).toMatchObject({ code: 1000 });
    await waitFor(() => echo.closes.length > before, 'the server to see the close');
    expect(echo.closes.at(-1)).toBe(1000);
  });

  test('connecting again closes the socket that is open: one global socket at a time', async () => {
    const host = await launched('alipay');
    const my = host.evaluate<Record<string, Fn>>('my');
    const l = listen(my);
    my.connectSocket({ url: `${echo.ws}/first` });
    await waitFor(() => l.got.open.length === 1, 'the first open');
    const before = echo.closes.length;
    my.connectSocket({ url: `${echo.ws}/second` });
    await waitFor(() => l.got.open.length === 2 && echo.closes.length > before, 'the second open and the first closed');
    expect(echo.closes.at(-1)).toBe(1000);
    expect(host.openSockets()).toEqual([expect.objectContaining({ url: `${echo.ws}/second` })]);
    expect(host.sockets[0]).toMatchObject({ state: 'closed', closedBy: 'host' });
    // the global listeners hear the first socket's close too: they cannot tell the sockets apart
    await waitFor(() => l.got.close.length === 1, 'the first close');
  });

  test('three connect/close cycles that remove their listeners (offSocket*) leave none', async () => {
    const host = await launched('alipay');
    const my = host.evaluate<Record<string, Fn>>('my');
    for (let cycle = 0; cycle < 3; cycle += 1) {
      const l = listen(my);
      expect(host.socketHandlerCounts()).toEqual({ open: 1, message: 1, close: 1, error: 1 });
      my.connectSocket({ url: `${echo.ws}/echo` });
      await waitFor(() => l.got.open.length === 1, 'onSocketOpen');
      my.sendSocketMessage({ data: `ping ${cycle}` });
      await waitFor(() => l.got.message.length === 1, 'the echo');
      my.closeSocket({});
      await waitFor(() => l.got.close.length === 1, 'onSocketClose');
      l.off();
      expect(host.socketHandlerCounts()).toEqual(none);
    }
  });

  test('without offSocket* the listeners pile up: three cycles leave three of each, and one message runs three handlers', async () => {
    const host = await launched('alipay');
    const my = host.evaluate<Record<string, Fn>>('my');
    let handled = 0;
    for (let cycle = 0; cycle < 3; cycle += 1) {
      const l = listen(my);
      my.onSocketMessage(() => (handled += 1));
      my.offSocketMessage(l.message);
      handled = 0;
      my.connectSocket({ url: `${echo.ws}/echo` });
      await waitFor(() => l.got.open.length === 1, 'onSocketOpen');
      my.sendSocketMessage({ data: `ping ${cycle}` });
      await waitFor(() => handled === cycle + 1, 'the echo in every handler registered so far');
      my.closeSocket({});
      await waitFor(() => l.got.close.length === 1, 'onSocketClose');
    }
    expect(handled).toBe(3);
    expect(host.socketHandlerCounts()).toEqual({ open: 3, message: 3, close: 3, error: 3 });
    // offSocket* without a listener removes them all
    my.offSocketOpen();
    my.offSocketMessage();
    my.offSocketClose();
    my.offSocketError();
    expect(host.socketHandlerCounts()).toEqual(none);
  });

  test('multiple: true gives a SocketTask of its own beside the global socket', async () => {
    const host = await launched('alipay');
    const my = host.evaluate<Record<string, Fn>>('my');
    const l = listen(my);
    my.connectSocket({ url: `${echo.ws}/global` });
    const task = my.connectSocket({ url: `${echo.ws}/task`, multiple: true }) as Record<string, Fn>;
    const rec = recorder();
    task.onOpen(rec.open);
    task.onMessage(rec.message);
    await waitFor(() => l.got.open.length === 1 && rec.got.open.length === 1, 'both open');
    task.send({ data: 'to the task' });
    await waitFor(() => rec.got.message.length === 1, "the task's echo");
    expect(rec.got.message[0]).toEqual({ data: 'to the task', isBuffer: false });
    expect(l.got.message).toEqual([]);
    expect(host.openSockets().map((s) => s.kind).sort()).toEqual(['global', 'task']);
  });

  test("the app's adapter (alipaySocketFactory) over the host's my: reconnects leave no listener behind", async () => {
    const host = await launched('alipay');
    const my = host.evaluate<AlipaySocketHost>('my');
    const open = alipaySocketFactory(() => my);
    for (let cycle = 0; cycle < 4; cycle += 1) {
      const got: { open: number; messages: string[]; closes: number[] } = { open: 0, messages: [], closes: [] };
      const socket = open(`${echo.ws}/ws/room-1?token=t`, { token: 't' });
      socket.onOpen(() => (got.open += 1));
      socket.onMessage((d) => got.messages.push(d));
      socket.onClose((code) => got.closes.push(code));
      await waitFor(() => got.open === 1, 'the adapter open');
      expect(host.socketHandlerCounts()).toEqual({ open: 1, message: 1, close: 1, error: 1 });
      socket.send(`frame ${cycle}`);
      await waitFor(() => got.messages.length === 1, 'the adapter echo');
      expect(got.messages).toEqual([`frame ${cycle}`]);
      if (cycle % 2 === 0) {
        // the app closes (hidden, page left)
        const before = echo.closes.length;
        socket.close(1000, 'closed by the app');
        await waitFor(() => host.openSockets().length === 0 && echo.closes.length > before, 'the close');
        expect(echo.closes.at(-1)).toBe(1000);
        // the close event still goes to the global listeners: reconnecting before it arrived would
        // hand it to the next socket's listeners (they cannot tell the sockets apart)
        await host.settle();
      } else {
        // the server closes (lost): the adapter hears it and cleans up
        socket.send('close:4002');
        await waitFor(() => got.closes.length === 1, 'the adapter close');
        expect(got.closes).toEqual([4002]);
      }
      expect(host.socketHandlerCounts()).toEqual(none);
    }
  });

  test("the adapter: closing and reconnecting at once, the old socket's late close is not taken for the new one's", async () => {
    const host = await launched('alipay');
    const my = host.evaluate<AlipaySocketHost>('my');
    const open = alipaySocketFactory(() => my);
    const first = open(`${echo.ws}/ws/room-1?token=t`, { token: 't' });
    let firstOpen = false;
    first.onOpen(() => (firstOpen = true));
    await waitFor(() => firstOpen, 'the first open');
    first.close(1000, 'hidden');
    // at once, before the first close event came back through the global listeners
    const got: { open: number; messages: string[]; closes: number[] } = { open: 0, messages: [], closes: [] };
    const second = open(`${echo.ws}/ws/room-1?token=t`, { token: 't' });
    second.onOpen(() => (got.open += 1));
    second.onMessage((d) => got.messages.push(d));
    second.onClose((code) => got.closes.push(code));
    await waitFor(() => got.open === 1, 'the second open');
    await host.settle();
    second.send('still here');
    await waitFor(() => got.messages.length === 1, 'the echo on the second socket');
    expect(got.closes).toEqual([]);
    expect(got.messages).toEqual(['still here']);
    expect(host.socketHandlerCounts()).toEqual({ open: 1, message: 1, close: 1, error: 1 });
    // and its own close, when the server ends it, is heard
    second.send('close:4002');
    await waitFor(() => got.closes.length === 1, 'the second close');
    expect(got.closes).toEqual([4002]);
  });

  test('hidden, the room channel closes its socket with 1000; shown, it connects again; listeners never pile up', async () => {
    const host = await launched('alipay');
    const my = host.evaluate<AlipaySocketHost & Record<string, Fn>>('my');
    // as src/platform/lifecycle.ts through Taro: Taro.onAppHide is my.onAppHide on the payment app
    const lifecycle: AppLifecycle = {
      onShow(listener) {
        const h = () => listener();
        my.onAppShow(h);
        return () => my.offAppShow(h);
      },
      onHide(listener) {
        const h = () => listener();
        my.onAppHide(h);
        return () => my.offAppHide(h);
      },
    };
    const channel = new RoomChannel({
      roomId: 'room-1',
      url: `${echo.ws}/ws/room-1?token=t`,
      token: 't',
      me: { openId: 'o-1', nickname: 'Diner', avatar: '' },
      socket: alipaySocketFactory(() => my),
    });
    const unbind = bindToAppVisibility(channel, lifecycle);
    const isOpen = () => host.openSockets().some((s) => s.state === 'open');
    channel.open();
    await host.until(isOpen, 'the channel socket open');
    expect(host.socketHandlerCounts()).toEqual({ open: 1, message: 1, close: 1, error: 1 });
    for (let cycle = 0; cycle < 3; cycle += 1) {
      const before = echo.closes.length;
      await host.hideApp();
      expect(host.openSockets()).toEqual([]);
      expect(channel.status).toBe('closed');
      await waitFor(() => echo.closes.length > before, 'the server to see the close');
      expect(echo.closes.at(-1)).toBe(1000);
      expect(host.socketHandlerCounts()).toEqual(none);
      await host.showApp();
      await host.until(isOpen, 'the channel socket open again');
      expect(host.openSockets()).toHaveLength(1);
      expect(host.socketHandlerCounts()).toEqual({ open: 1, message: 1, close: 1, error: 1 });
    }
    expect(host.appListenerCounts()).toEqual({ show: 1, hide: 1 });
    unbind();
    channel.close();
    expect(host.appListenerCounts()).toEqual({ show: 0, hide: 0 });
    expect(host.errors).toEqual([]);
  });
});

// ------------------------------------------------------------------ background and foreground

describe.each(['weapp', 'alipay'] as Platform[])('hideApp / showApp [%s]', (platform) => {
  test("run the page's and the App's hooks and the onAppHide / onAppShow listeners", async () => {
    const host = await launched(platform);
    const api = host.evaluate<Record<string, Fn>>(platform === 'weapp' ? 'wx' : 'my');
    const heard: string[] = [];
    const onHide = () => heard.push('hide');
    const onShow = (o: { scene: number }) => heard.push(`show ${o.scene}`);
    api.onAppHide(onHide);
    api.onAppShow(onShow);
    expect(host.appListenerCounts()).toEqual({ show: 1, hide: 1 });
    await host.hideApp();
    expect(host.hidden).toBe(true);
    await host.showApp({ scene: 1089 });
    expect(host.evaluate<string[]>('__lifecycle')).toEqual(['app launch', 'app show 1001', 'page show', 'page hide', 'app hide', 'app show 1089', 'page show']);
    expect(heard).toEqual(['hide', 'show 1089']);
    api.offAppHide(onHide);
    api.offAppShow();
    expect(host.appListenerCounts()).toEqual({ show: 0, hide: 0 });
    expect(host.errors).toEqual([]);
  });
});
