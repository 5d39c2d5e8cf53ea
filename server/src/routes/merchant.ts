import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { refuseUnstorableText } from '../http/call';
import { HttpError } from '../http/errors';
import { MERCHANT_OPS, runMerchantOp, type MerchantOp } from '../services/orders/merchant';
import { BACKUP_CHECKSUMS_HEADER, backupFileName, dumpRunningDatabase } from '../services/ops/backup';

/** Base path of the merchant admin API (SERVER-4). */
export const MERCHANT_BASE = '/merchant/';
/** The online backup of the embedded database (OPS-1): a gzip tarball, not JSON. */
export const MERCHANT_BACKUP_PATH = `${MERCHANT_BASE}backup`;

const keyMatches = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The merchant admin API: POST /merchant/<operation> (orders, order/act, stock, shop/export,
 * shop/load, tables, refunds, notices, staff/add, check) with the `x-merchant-key` header equal to
 * MERCHANT_KEY; not registered at all when MERCHANT_KEY is unset. Answers `{result, info}` like the
 * consumer API, except `POST /merchant/backup` (a gzip tarball of the embedded database, OPS-1).
 */
export function registerMerchantRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const key = ctx.config.merchantKey;
  if (!key) return;
  const guard = (request: FastifyRequest) => {
    const given = request.headers['x-merchant-key'];
    if (typeof given !== 'string' || !keyMatches(given, key)) throw new HttpError(401, 'loginExpired');
  };
  for (const op of Object.keys(MERCHANT_OPS) as MerchantOp[]) {
    app.post(MERCHANT_BASE + op, { preValidation: refuseUnstorableText }, async (request: FastifyRequest, reply: FastifyReply) => {
      guard(request);
      return reply.send({ result: true, info: await runMerchantOp(ctx, op, request.body) });
    });
  }
  // the running node's embedded database, streamed as PGlite's gzip tarball (npm run merchant -- backup);
  // with {"checksums": true} its checksums at the backup's instant in a header
  app.post(MERCHANT_BACKUP_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    guard(request);
    const asked = (request.body ?? {}) as { checksums?: unknown };
    const { blob, checksums } = await dumpRunningDatabase(ctx, { checksums: asked.checksums === true });
    if (checksums) reply.header(BACKUP_CHECKSUMS_HEADER, JSON.stringify(checksums));
    return reply
      .header('content-type', 'application/gzip')
      .header('content-length', String(blob.size))
      .header('content-disposition', `attachment; filename="${backupFileName(ctx.clock.now())}"`)
      .header('cache-control', 'no-store')
      .send(Readable.fromWeb(blob.stream() as WebReadableStream));
  });
}
