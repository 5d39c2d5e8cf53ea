/**
 * How the H5 build and the demo pictures are served: compressed when the browser accepts it, and the
 * build's fingerprinted scripts and styles (`js/app.1a2b3c4d.js`, `css/…`) cached for a year, since a
 * new build gives them new names; the page itself and everything else is revalidated on every visit.
 */
import type { Stats } from 'node:fs';
import type { Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * A build file whose name carries its content hash (config/index.ts: `[name].[contenthash:8]`), or
 * the build's compressed copy of one (`.br`, `.gz`, sent in its place by @fastify/static).
 */
const FINGERPRINTED = /[\\/](?:js|css)[\\/][^\\/]+\.[0-9a-f]{8}\.(?:js|css)(?:\.br|\.gz)?$/;

/** Replies worth compressing: text, scripts, styles, JSON and SVG pictures. */
const COMPRESSIBLE = /^(?:text\/|application\/(?:javascript|json|xml)|image\/svg\+xml)/;

/** Smaller replies gain nothing from compression. */
const MIN_BYTES = 1024;

/** The `setHeaders` of @fastify/static: long caching for fingerprinted files, revalidation for the rest. */
export function staticCacheHeaders(reply: FastifyReply, filePath: string, _stat?: Stats): void {
  reply.header('cache-control', FINGERPRINTED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/**
 * Compresses the static replies of `scope` (brotli, else gzip, as the request accepts) on their way
 * out; call it in the plugin scope that registers @fastify/static, so API replies are left alone.
 */
export function compressStaticReplies(scope: FastifyInstance): void {
  scope.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode !== 200 || reply.getHeader('content-encoding') !== undefined) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const length = Number(reply.getHeader('content-length'));
    if (Number.isFinite(length) && length < MIN_BYTES) return payload;
    if (!payload || typeof (payload as Readable).pipe !== 'function') return payload;
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    reply.header('vary', 'accept-encoding');
    if (!encoding) return payload;
    const encoder = encoding === 'br' ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip();
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    // the compressed body is another representation of the file: its validator is weak
    const etag = reply.getHeader('etag');
    if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
    const source = payload as Readable;
    source.on('error', (e) => encoder.destroy(e));
    return source.pipe(encoder);
  });
}
