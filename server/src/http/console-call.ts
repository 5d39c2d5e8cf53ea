/**
 * The console's variant of `registerCall` (http/call.ts; docs/architecture.md §14, §17): POST
 * `CONSOLE_API_BASE + def.path`, the body validated by the contract's `def.req`, the identity the
 * staff session of the `console_session` cookie (never a header a page's script could read), 401
 * `loginExpired` without a valid one, and the answer `{result: true, info}` as the consumer API's.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CONSOLE_API_BASE, CONSOLE_SESSION_COOKIE } from '../../../src/api/contract/console';
import { HeaderNames, type CallDef } from '../../../src/api/contract/common';
import type { ServerContext } from '../context';
import { pickLanguage, type Lang } from '../i18n/messages';
import { resolveStaffSession, STAFF_SESSION_MS, type StaffSession } from '../services/console/accounts';
import { refuseUnstorableText } from './call';
import { HttpError } from './errors';

/** The cookie's path: the console's pages, calls and live channel. */
export const CONSOLE_COOKIE_PATH = '/console';

export interface ConsoleCallContext<Body> {
  body: Body;
  /** The staff session; reading it on a call without one answers 401. */
  readonly session: StaffSession;
  lang: Lang;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type ConsoleCallHandler<C extends CallDef> = (ctx: ConsoleCallContext<z.output<C['req']>>) => Promise<z.input<C['res']>>;

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * The value of cookie `name` in the request's Cookie header (RFC 6265 `name=value` pairs). Parsed here
 * rather than by @fastify/cookie: its v11 loads the ESM-only `cookie` package with a dynamic import(),
 * which the test runner's CommonJS runtime cannot run on Node 20.
 */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const raw = request.headers.cookie;
  if (typeof raw !== 'string') return undefined;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** The session cookie's attributes: httpOnly, SameSite=Strict, Path /console, Secure over HTTPS. */
const attributes = (request: FastifyRequest): string =>
  `Path=${CONSOLE_COOKIE_PATH}; HttpOnly; SameSite=Strict${request.protocol === 'https' ? '; Secure' : ''}`;

/**
 * Sets the session cookie for one shift: httpOnly (no script reads it), SameSite=Strict (the console
 * calls its own origin only), Path /console (its pages, calls and live channel), Secure when the
 * request came over HTTPS (directly, or through a trusted proxy that says so).
 */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.header('set-cookie', `${CONSOLE_SESSION_COOKIE}=${encodeURIComponent(token)}; Max-Age=${STAFF_SESSION_MS / 1000}; ${attributes(request)}`);
}

/** Clears the session cookie (sign-out). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', `${CONSOLE_SESSION_COOKIE}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; ${attributes(request)}`);
}

/** Registers one console call. */
export function registerConsoleCall<C extends CallDef>(app: FastifyInstance, server: ServerContext, def: C, handler: ConsoleCallHandler<C>): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: CONSOLE_API_BASE + def.path,
    schema: { body: def.req },
    preValidation: refuseUnstorableText,
    handler: async (request, reply) => {
      const session = def.auth ? await resolveStaffSession(server, cookieOf(request, CONSOLE_SESSION_COOKIE)) : null;
      if (def.auth && !session) throw new HttpError(401, 'loginExpired');
      const abroadHeader = header(request, HeaderNames.abroadEnv);
      const abroad = abroadHeader === undefined ? server.config.abroadEnv : abroadHeader === '1';
      const info = await handler({
        body: request.body as z.output<C['req']>,
        get session(): StaffSession {
          if (!session) throw new HttpError(401, 'loginExpired');
          return session;
        },
        lang: pickLanguage(header(request, HeaderNames.language), abroad),
        request,
        reply,
      });
      reply.header('content-type', 'application/json; charset=utf-8');
      return reply.send(JSON.stringify({ result: true, info }));
    },
  });
}
