import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HeaderNames } from '../../../src/api/contract/common';
import { codeOfIssue } from '../../../src/api/contract/shared-shapes';
import type { ErrorCode } from '../../../src/domain/errors';
import type { ServerContext } from '../context';
import { messageFor, pickLanguage, type Lang } from '../i18n/messages';
import { AppError, HttpError } from './errors';
import { isDatabaseUnavailable } from '../db/unavailable';

const langOf = (req: FastifyRequest, ctx: ServerContext): Lang => {
  const abroadHeader = req.headers[HeaderNames.abroadEnv];
  const abroad = abroadHeader === undefined ? ctx.config.abroadEnv : abroadHeader === '1';
  const language = req.headers[HeaderNames.language];
  return pickLanguage(Array.isArray(language) ? language[0] : language, abroad);
};

/** The first line of an error message, bounded: an answer never carries a stack or a dump. */
const firstLine = (message: string | undefined): string | undefined =>
  message ? message.split('\n', 1)[0].slice(0, 200) : undefined;

/** Shapes a failure body: `{result:false, info, code}` (C§7, C§8), with the message's values as `params`. */
export function failureBody(code: ErrorCode, lang: Lang, params?: Record<string, string | number>, detail?: string, data?: unknown) {
  const info = messageFor(code, lang, params) + (detail ? `: ${detail}` : '');
  const body = { result: false as const, info, code, ...(params && Object.keys(params).length > 0 ? { params } : {}) };
  return data === undefined ? body : { ...body, data };
}

/** The error code of @fastify/under-pressure's refusal (http/ops.ts). */
const UNDER_PRESSURE = 'FST_UNDER_PRESSURE';

/** SQLSTATE numeric_value_out_of_range. */
const NUMBER_OUT_OF_RANGE = '22003';

/** The SQLSTATE of a database error, also when drizzle wrapped it ("Failed query", the driver's error as cause). */
function databaseCodeOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * The app's error handler. Validation and business failures answer HTTP 200 with
 * `{result:false, info, code}` — a 4xx would make the client show "Server Error" (C§8). Only a
 * missing/expired token (401) and a stopped shop (403) use HTTP statuses.
 */
export function installErrorHandler(app: FastifyInstance, ctx: ServerContext): void {
  app.setErrorHandler((raw: FastifyError | AppError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = langOf(request, ctx);
    // drizzle wraps what the driver threw (e.g. the database's time limit) in a "Failed query" error
    const cause: unknown = (raw as { cause?: unknown }).cause;
    const error = cause instanceof AppError ? cause : raw;
    if (error !== raw) request.log.warn({ err: raw }, error.message);
    if (error instanceof AppError) {
      return reply.code(200).send(failureBody(error.code, lang, error.params, error.detail, error.data));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(failureBody(error.code, lang));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // a refinement that stands for a catalogue rule answers with that rule's message
      for (const v of error.validation) {
        const coded = codeOfIssue(v.params as { params?: unknown });
        if (coded) return reply.code(200).send(failureBody(coded, lang));
      }
      const detail = error.validation
        .slice(0, 5)
        .map((v) => `${v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body'} ${v.message}`)
        .join('; ');
      return reply.code(200).send(failureBody('badRequest', lang, undefined, detail));
    }
    if (databaseCodeOf(raw) === NUMBER_OUT_OF_RANGE) {
      // a well-formed number no column can hold (an id past the integer range): no such record, bad input
      request.log.warn({ err: raw }, 'number out of the database range');
      return reply.code(200).send(failureBody('badRequest', lang, undefined, 'a number is out of range'));
    }
    if ((error as FastifyError).code === UNDER_PRESSURE) {
      // the node is overloaded (@fastify/under-pressure set 503 and Retry-After): send it again later (OPS-1)
      return reply.code(503).send(failureBody('serverError', lang));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // malformed JSON, body too large, unsupported content type: still a clear result:false
      const code: ErrorCode = status === 429 ? 'tooManyRequests' : 'badRequest';
      return reply.code(200).send(failureBody(code, lang, undefined, firstLine(error.message)));
    }
    request.log.error({ err: error }, 'request failed');
    // the database restarting, unreachable or its disk full: 503, the request can be sent again (SERVER-3)
    if (isDatabaseUnavailable(error)) return reply.code(503).send(failureBody('serverError', lang));
    return reply.code(500).send(failureBody('serverError', lang));
  });
}
