/**
 * Shared steps of the console route tests: a console call with the session cookie (its success checked
 * against the contract's answer schema, like `TestServer.call`), sign-in as a demo login, and the
 * cookie a sign-in set.
 */
import type { z } from 'zod';
import { CONSOLE_API_BASE, CONSOLE_SESSION_COOKIE } from '../../../src/api/contract/console';
import type { CallDef } from '../../../src/api/contract/common';
import { consoleCalls } from '../../../src/api/contract/console';
import type { ErrorCode } from '../../../src/domain/errors';
import type { TestServer } from '../../support/build-server';

export interface ConsoleResult<C extends CallDef> {
  status: number;
  ok: boolean;
  info: z.output<C['res']>;
  code: ErrorCode | undefined;
  params?: Record<string, string | number>;
  data?: unknown;
  /** The Set-Cookie header(s) of the answer. */
  setCookie: string[];
}

/** POSTs a console call, with `cookie` (a `console_session=…` pair) when given. */
export async function consoleCall<C extends CallDef>(
  server: TestServer,
  def: C,
  body: unknown,
  cookie?: string | null,
  headers: Record<string, string> = {},
): Promise<ConsoleResult<C>> {
  const res = await server.app.inject({
    method: 'POST',
    url: CONSOLE_API_BASE + def.path,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers },
    payload: JSON.stringify(body),
  });
  const parsed = JSON.parse(res.body) as { result: boolean; info: unknown; code?: ErrorCode; params?: Record<string, string | number>; data?: unknown };
  const raw = res.headers['set-cookie'];
  const setCookie = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  if (parsed.result) {
    const checked = def.res.safeParse(parsed.info);
    if (!checked.success) throw new Error(`${def.path} answered outside its contract: ${JSON.stringify(checked.error.issues.slice(0, 3))}`);
    return { status: res.statusCode, ok: true, info: checked.data as z.output<C['res']>, code: undefined, setCookie };
  }
  return { status: res.statusCode, ok: false, info: parsed.info as z.output<C['res']>, code: parsed.code, params: parsed.params, data: parsed.data, setCookie };
}

/** The success's info (throws with the failure otherwise). */
export function ok<C extends CallDef>(r: ConsoleResult<C>): z.output<C['res']> {
  if (!r.ok) throw new Error(`expected a success, got ${r.status} ${r.code}: ${String(r.info)}`);
  return r.info;
}

/** The `console_session=<token>` pair a sign-in answer set. */
export function sessionCookieOf(setCookie: string[]): string {
  const line = setCookie.find((c) => c.startsWith(`${CONSOLE_SESSION_COOKIE}=`));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(setCookie)}`);
  return line.split(';')[0];
}

/** Signs in; answers the cookie pair to send back. */
export async function signInAs(server: TestServer, username: string, password: string): Promise<string> {
  const r = await consoleCall(server, consoleCalls.signIn, { username, password });
  ok(r);
  return sessionCookieOf(r.setCookie);
}

/** The demo owner's / staff member's cookie of a shop. */
export const owner = (server: TestServer, shopId: number) => signInAs(server, `owner-${shopId}`, `demo-owner-${shopId}`);
export const staffOf = (server: TestServer, shopId: number) => signInAs(server, `staff-${shopId}`, `demo-staff-${shopId}`);
