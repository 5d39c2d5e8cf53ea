import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { API_BASE, HeaderNames, type CallDef } from '../../../src/api/contract/common';
import type { ServerContext } from '../context';
import type { Lang } from '../i18n/messages';
import { pickLanguage } from '../i18n/messages';
import type { Session } from '../services/sessions';
import { findUnstorableText } from '../../../src/api/contract/text';
import { AppError, HttpError } from './errors';

/**
 * Refuses a body holding text the database cannot store (NUL, unpaired surrogate) in any string,
 * before the call's schema runs: `badRequest` naming the field instead of a database failure.
 */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const at = findUnstorableText(request.body);
  if (at !== null) {
    throw new AppError('badRequest', undefined, undefined, `${at || 'body'} contains a NUL character or an unpaired surrogate`);
  }
}

/** A success body already serialised (cached answers skip JSON.stringify). */
export class PreSerialized {
  constructor(readonly infoJson: string) {}
}

/** What a call handler receives. */
export interface CallContext<Body> {
  body: Body;
  /** The token's session; reading it on a call without a valid token answers 401 (C§8). */
  readonly session: Session;
  /** The session when a valid token was sent, else null (calls that work signed in or not). */
  readonly maybeSession: Session | null;
  token: string | null;
  lang: Lang;
  /** Abroad-Env header (or ABROAD_ENV): the overseas rules apply (C§1). */
  abroad: boolean;
  userAgentType: number | null;
  request: FastifyRequest;
  reply: FastifyReply;
  server: ServerContext;
}

export type CallHandler<C extends CallDef> = (
  ctx: CallContext<z.output<C['req']>>,
) => Promise<z.input<C['res']> | PreSerialized>;

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Registers one call of the contract: POST `API_BASE + def.path`, body validated by `def.req`
 * (fastify-type-provider-zod), 401 without a valid token when `def.auth`, and the handler's
 * result wrapped as `{result: true, info}`. Failures are thrown (AppError / HttpError) and shaped
 * by the app's error handler.
 */
export function registerCall<C extends CallDef>(
  app: FastifyInstance,
  server: ServerContext,
  def: C,
  handler: CallHandler<C>,
  base: string = API_BASE,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: base + def.path,
    schema: { body: def.req },
    preValidation: refuseUnstorableText,
    handler: async (request, reply) => {
      const token = header(request, HeaderNames.token) ?? null;
      const maybeSession = token ? await server.sessions.resolve(token) : null;
      if (def.auth && !maybeSession) throw new HttpError(401, 'loginExpired');
      const abroadHeader = header(request, HeaderNames.abroadEnv);
      const abroad = abroadHeader === undefined ? server.config.abroadEnv : abroadHeader === '1';
      const uat = Number(header(request, HeaderNames.userAgentType));
      const ctx: CallContext<z.output<C['req']>> = {
        body: request.body as z.output<C['req']>,
        get session(): Session {
          if (!maybeSession) throw new HttpError(401, 'loginExpired');
          return maybeSession;
        },
        maybeSession,
        token,
        lang: pickLanguage(header(request, HeaderNames.language), abroad),
        abroad,
        userAgentType: Number.isInteger(uat) && uat > 0 ? uat : null,
        request,
        reply,
        server,
      };
      const info = await handler(ctx);
      reply.header('content-type', 'application/json; charset=utf-8');
      if (info instanceof PreSerialized) return reply.send(`{"result":true,"info":${info.infoJson}}`);
      return reply.send(JSON.stringify({ result: true, info: info === undefined ? null : info }));
    },
  });
}
