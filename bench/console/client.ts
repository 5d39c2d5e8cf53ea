/**
 * The console bench's clients, as the contract (src/api/contract/console.ts) describes them: a staff
 * member's sign-in (the `console_session` cookie), the board call, the actions, and the board's live
 * channel (`CONSOLE_WS_PATH?shopId=`, the cookie as its identity); and a customer placing a cash
 * pickup order over the consumer API (`order/confirm` with the total quoted before).
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import {
  CONSOLE_API_BASE,
  CONSOLE_SESSION_COOKIE,
  CONSOLE_WS_PATH,
  type BoardOrder,
  type ConsoleAction,
  type ConsoleSettings,
} from '../../src/api/contract/console';
import { API_BASE } from '../../src/api/contract/common';

/** A console call; the info of its success, else it throws with the status and the answer. */
export async function consoleCall<T>(base: string, call: string, body: unknown, cookie?: string): Promise<T> {
  const res = await fetch(`${base}${CONSOLE_API_BASE}${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: { result?: boolean; info?: T } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // not JSON: reported below
  }
  if (res.status !== 200 || json.result !== true) throw new ConsoleCallError(call, res.status, text);
  return json.info as T;
}

export class ConsoleCallError extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`console ${call}: ${status} ${body.slice(0, 300)}`);
  }
  /** The error code of the answer (`orderStatusChanged`…), when it has one. */
  get code(): string | undefined {
    try {
      return (JSON.parse(this.body) as { code?: string }).code;
    } catch {
      return undefined;
    }
  }
}

/** Signs in; answers the `cookie` header value carrying the session. */
export async function signIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}${CONSOLE_API_BASE}signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`signIn ${username}: ${res.status} ${text.slice(0, 300)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith(`${CONSOLE_SESSION_COOKIE}=`));
  if (!cookie)
    throw new Error(
      `signIn ${username}: no ${CONSOLE_SESSION_COOKIE} cookie in ${JSON.stringify(res.headers.getSetCookie())}`,
    );
  return cookie;
}

export interface Board {
  orders: BoardOrder[];
  settings: ConsoleSettings;
  serverTime: number;
}

export const fetchBoard = (base: string, shopId: number, cookie: string): Promise<Board> =>
  consoleCall<Board>(base, 'board', { shopId }, cookie);

export const act = (
  base: string,
  cookie: string,
  shopId: number,
  order: Pick<BoardOrder, 'id' | 'status'>,
  action: ConsoleAction,
): Promise<{ order: BoardOrder }> =>
  consoleCall<{ order: BoardOrder }>(
    base,
    'act',
    { shopId, id: order.id, action, expectedStatus: order.status },
    cookie,
  );

/** A frame of the board channel: the contract's, or the bench floor's own (`floor`, published on the bus by the bench). */
export type BoardFrame =
  | { type: 'hello'; shopId: number; serverTime: number }
  | { type: 'order'; order: BoardOrder }
  | { type: 'resync' }
  | { type: 'floor'; n: number };

export interface BoardSocket {
  ws: WebSocket;
  shopId: number;
  /** Resolves once `hello` arrived (the socket is subscribed); rejects when the socket closes before. */
  hello: Promise<void>;
  /** Resolves with the close code. */
  closed: Promise<number>;
}

/**
 * Opens a board socket; `onFrame` gets every frame with the time it arrived (performance.now()),
 * read before the frame is parsed.
 */
export function openBoardSocket(
  base: string,
  shopId: number,
  cookie: string,
  onFrame: (frame: BoardFrame, at: number) => void,
): BoardSocket {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${CONSOLE_WS_PATH}?shopId=${shopId}`, {
    headers: { cookie },
    perMessageDeflate: false,
  });
  let helloDone: () => void = () => undefined;
  let helloFailed: (e: Error) => void = () => undefined;
  const hello = new Promise<void>((resolve, reject) => {
    helloDone = resolve;
    helloFailed = reject;
  });
  // a socket closed after its hello is the caller's business (a kill, the end of the run)
  hello.catch(() => undefined);
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (data) => {
    const at = performance.now();
    const frame = JSON.parse(data.toString()) as BoardFrame;
    if (frame.type === 'hello') helloDone();
    onFrame(frame, at);
  });
  ws.on('error', () => undefined);
  ws.on('close', (code, reason) =>
    helloFailed(
      new Error(`board socket of shop ${shopId} closed with ${code} ${reason.toString()} before its hello`),
    ),
  );
  return { ws, shopId, hello, closed };
}

/** A customer's session token at a shop (the demo's development login: any code is a new user). */
export async function customerLogin(base: string, shopId: number, code: string): Promise<string> {
  const { token } = await consumerCall<{ token: string }>(base, 'user/login', { id: shopId, code });
  return token;
}

export async function consumerCall<T>(
  base: string,
  call: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(`${base}${API_BASE}${call}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}), ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { result: boolean; info: T };
  if (!json.result) throw new Error(`${call}: ${JSON.stringify(json).slice(0, 400)}`);
  return json.info;
}

/** The bench order: one line of `productId`, picked up at the counter as soon as possible, paid there in cash. */
export const cashPickup = (productId: number) => ({
  type: 'selfPickup',
  payType: 'cash',
  products: [{ id: productId, quantity: 1, flag: 'a' }],
  pickupTime: 'ASAP',
  contact_name: 'Bench',
  contact_phone: '+6591234567',
});

/** The total the server asks for an order (its `amountError` answer to a deliberately wrong total). */
export async function quote(base: string, token: string, body: object): Promise<number> {
  const res = await fetch(`${base}${API_BASE}order/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ ...body, expectedTotal: 0.0001 }),
  });
  const json = (await res.json()) as { code?: string; data?: { total: number } };
  if (json.code !== 'amountError' || !json.data)
    throw new Error(`quote failed: ${JSON.stringify(json).slice(0, 400)}`);
  return json.data.total;
}

/** Places the order with its quoted total (one call, as the app confirms); answers the new order's id. */
export async function placeOrder(
  base: string,
  token: string,
  body: object,
  expectedTotal: number,
): Promise<{ id: number; status: string }> {
  const res = await fetch(`${base}${API_BASE}order/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ ...body, expectedTotal }),
  });
  const json = (await res.json()) as { result: boolean; info: { id: number; status: string } };
  if (!json.result) throw new Error(`order/confirm: ${JSON.stringify(json).slice(0, 400)}`);
  return json.info;
}
