/**
 * The H5 build as the server serves it (server/src/http/static-assets.ts): compressed (brotli, else
 * gzip) when the browser accepts it, the fingerprinted scripts and styles cached for a year, the page
 * revalidated on every visit. The files are sent as @fastify/static sends them — a file stream with its
 * type, length and ETag, then its `setHeaders` — from a scope like the server's (@fastify/static itself
 * loads ES modules these tests cannot; the end-to-end suites and bench/lighthouse.ts go through it).
 */
import { createReadStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { compressStaticReplies, staticCacheHeaders } from '../../server/src/http/static-assets';

const TYPES: Record<string, string> = { '.js': 'application/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8', '.txt': 'text/plain; charset=utf-8' };

jest.setTimeout(60_000);

describe('static files of the H5 build', () => {
  let app: FastifyInstance;
  let dir: string;
  // 4,000 bytes of script and 2,000 of page: both above the 1,024-byte floor
  const script = `var a=${JSON.stringify('x'.repeat(3990))};`;
  const page = `<!DOCTYPE html><html lang="zh-CN"><head><title>Shop</title></head><body>${'<p>menu</p>'.repeat(180)}</body></html>`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'static-assets-'));
    mkdirSync(path.join(dir, 'js'));
    writeFileSync(path.join(dir, 'js', 'app.1a2b3c4d.js'), script);
    writeFileSync(path.join(dir, 'index.html'), page);
    writeFileSync(path.join(dir, 'small.txt'), 'ok');
    app = Fastify();
    await app.register(async (scope) => {
      compressStaticReplies(scope);
      scope.get('/*', async (request, reply) => {
        const rel = (request.params as { '*': string })['*'] || 'index.html';
        const file = path.join(dir, rel);
        const stat = statSync(file);
        reply.header('content-type', TYPES[path.extname(file)]).header('content-length', stat.size).header('etag', `"${stat.size}-${stat.mtimeMs}"`);
        staticCacheHeaders(reply, file, stat);
        return reply.send(createReadStream(file));
      });
    });
    app.post('/new/consumer/store/publicList', async () => ({ result: true, info: 'x'.repeat(5000) }));
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a fingerprinted script brotli-compressed and cached for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/js/app.1a2b3c4d.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends the page gzip-compressed to a browser without brotli, revalidated on every visit', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers.etag ?? 'W/')).toMatch(/^W\//);
    expect(gunzipSync(res.rawPayload).toString()).toBe(page);
  });

  it('sends files as they are without an accepted encoding, and small files uncompressed', async () => {
    const plain = await app.inject({ method: 'GET', url: '/js/app.1a2b3c4d.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const small = await app.inject({ method: 'GET', url: '/small.txt', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('ok');
  });

  it("caches the build's compressed copy of a fingerprinted file for a year, and nothing else", () => {
    const headers: Record<string, string> = {};
    const reply = { header: (k: string, v: string) => (headers[k] = v) } as unknown as Parameters<typeof staticCacheHeaders>[0];
    for (const file of ['js/app.1a2b3c4d.js.br', 'css/8174.fa2dc3e9.css.gz', 'js/app.1a2b3c4d.js']) {
      staticCacheHeaders(reply, path.join(dir, file));
      expect({ file, 'cache-control': headers['cache-control'] }).toEqual({ file, 'cache-control': 'public, max-age=31536000, immutable' });
    }
    for (const file of ['index.html', 'js/app.js.br', 'js/app.1a2b3c4d.js.zst', 'demo-images/logo.svg']) {
      staticCacheHeaders(reply, path.join(dir, file));
      expect({ file, 'cache-control': headers['cache-control'] }).toEqual({ file, 'cache-control': 'no-cache' });
    }
  });

  it('leaves the API replies alone', async () => {
    const res = await app.inject({ method: 'POST', url: '/new/consumer/store/publicList', payload: {}, headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
  });
});
