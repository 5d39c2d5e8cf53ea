/**
 * The security headers of every answer (the H5 site, the API, the provider pages):
 *
 * - pages (text/html): a Content-Security-Policy allowing scripts from the site itself and the
 *   page's own inline scripts by their sha256 (computed when the page is served: from the page text,
 *   or for the H5 build's files from the file on disk, again whenever it changes), no plugins, framed
 *   by the site itself only (its web-view page); every other answer: `default-src 'none';
 *   frame-ancestors 'self'`;
 * - everywhere: X-Content-Type-Options nosniff, Referrer-Policy, X-Frame-Options SAMEORIGIN,
 *   Permissions-Policy (camera for the QR scanner and location for addresses, on the site only),
 *   Strict-Transport-Security when the request came over HTTPS (directly, or through a trusted proxy
 *   that says so: TRUST_PROXY=1 and X-Forwarded-Proto), no X-Powered-By;
 * - API answers (consumer, message-centre, merchant, console): Cache-Control no-store;
 * - CORS (through @fastify/cors, `corsPolicy`) only for API paths asked from the origins of
 *   CORS_ORIGINS (none by default: the site calls its own origin).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cors, { type FastifyCorsOptionsDelegateCallback } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, HeaderNames } from '../../../src/api/contract/common';
import { CONSOLE_API_BASE } from '../../../src/api/contract/console';
import { MESSAGE_CENTRE_BASE } from '../../../src/api/contract/message';
import type { ServerContext } from '../context';

/** Paths whose answers are API answers (never cached, CORS applies). */
export const API_PREFIXES = [API_BASE, MESSAGE_CENTRE_BASE, '/merchant/'] as const;

/** The headers a browser may send cross-origin to the API (C§7 headers, content type, idempotency). */
const CORS_HEADERS = ['content-type', HeaderNames.token, HeaderNames.abroadEnv, HeaderNames.language, HeaderNames.userAgentType, HeaderNames.idempotencyKey];

/** HSTS: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * What the site may use: the camera (QR scan) and location (addresses, distance), on itself only. Only
 * features Chromium recognises are named (an unknown one is a console warning on every page).
 */
export const PERMISSIONS_POLICY =
  'camera=(self), geolocation=(self), microphone=(), payment=(), usb=(), serial=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()';

/** The policy of a page, with the hashes of its inline scripts. */
export function pageCsp(scriptHashes: readonly string[]): string {
  const scripts = ["'self'", ...[...new Set(scriptHashes)].map((h) => `'sha256-${h}'`)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    // inline style attributes and the style elements components add at run time
    "style-src 'self' 'unsafe-inline'",
    // product pictures and avatars may live on another https host (shop configuration, chat apps)
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    // the API and the live channel (ws/wss of the same host count as 'self')
    "connect-src 'self'",
    "worker-src 'self' blob:",
    // the web-view page (C§2) shows http(s) pages, the providers' payment pages among them
    "frame-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // framed by the site itself only (its web-view page); never by another site
    "frame-ancestors 'self'",
  ].join('; ');
}

/** The policy of everything that is not a page. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'self'";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** sha256 (base64) of each inline script of a page (a script with a src, or not JavaScript, is skipped). */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    const attrs = m[1];
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && !/^(text|application)\/(javascript|ecmascript)$|^module$/.test(type)) continue;
    out.push(createHash('sha256').update(m[2], 'utf8').digest('base64'));
  }
  return out;
}

/**
 * The inline-script hashes of the pages at the root of the H5 build, read again when a page changes
 * (a new build while the server runs).
 */
export class BuildPageHashes {
  private key = '';
  private hashes: string[] = [];

  constructor(private readonly dir: string | null) {}

  current(): string[] {
    if (!this.dir) return [];
    let pages: Array<{ file: string; mtimeMs: number; size: number }>;
    try {
      pages = fs
        .readdirSync(this.dir)
        .filter((f) => f.endsWith('.html'))
        .map((f) => {
          const st = fs.statSync(path.join(this.dir!, f));
          return { file: f, mtimeMs: st.mtimeMs, size: st.size };
        });
    } catch {
      return [];
    }
    const key = pages.map((p) => `${p.file}:${p.mtimeMs}:${p.size}`).join('|');
    if (key !== this.key) {
      this.hashes = pages.flatMap((p) => {
        try {
          return inlineScriptHashes(fs.readFileSync(path.join(this.dir!, p.file), 'utf8'));
        } catch {
          return [];
        }
      });
      this.key = key;
    }
    return this.hashes;
  }
}

const isApi = (url: string): boolean => API_PREFIXES.some((p) => url.startsWith(p));

/** The request came over HTTPS (request.protocol reads X-Forwarded-Proto only behind a trusted proxy). */
const overHttps = (request: FastifyRequest): boolean => request.protocol === 'https';

/**
 * The CORS policy of one request, for @fastify/cors: only an API path asked from an origin of
 * CORS_ORIGINS is answered (Access-Control-Allow-Origin: that origin, no credentials); any other
 * request gets no CORS header, and its preflight is not answered (it goes on to the routes: 404).
 * The browser's preflight of a POST with the API's headers (an OPTIONS with
 * Access-Control-Request-Method) is answered 204 with POST, the API headers, max-age 600 and
 * Cache-Control no-store; an OPTIONS without it is no preflight and goes on to the routes.
 * A policy chosen per request makes @fastify/cors write Vary: Origin on every answer it sees.
 */
export function corsPolicy(origins: readonly string[]): FastifyCorsOptionsDelegateCallback {
  const allowed = new Set(origins);
  return (request, callback) => {
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !allowed.has(origin) || !isApi(request.url)) {
      callback(null, { origin: false });
      return;
    }
    callback(null, {
      origin,
      credentials: false,
      methods: 'POST',
      allowedHeaders: CORS_HEADERS,
      maxAge: 600,
      cacheControl: 'no-store',
      preflight: Boolean(request.headers['access-control-request-method']),
      strictPreflight: false,
      optionsSuccessStatus: 204,
    });
  };
}

/** Registers the headers on every answer of the app (a root-level plugin). */
export const securityHeaders = fp(
  async (app: FastifyInstance, { ctx }: { ctx: ServerContext }) => {
    const buildHashes = new BuildPageHashes(ctx.config.staticDir);
    // the staff console's page (/console/, http/console-static.ts): its inline scripts, if any, too
    const consoleHashes = new BuildPageHashes(ctx.config.consoleDir);

    await app.register(cors, { delegator: corsPolicy(ctx.config.corsOrigins) });

    app.addHook('onSend', async (request, reply, payload) => {
      reply.removeHeader('x-powered-by');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('x-frame-options', 'SAMEORIGIN');
      if (overHttps(request)) reply.header('strict-transport-security', HSTS);
      const type = String(reply.getHeader('content-type') ?? '');
      if (reply.statusCode === 304) {
        // a revalidated file: the browser keeps the policy it stored with it (a 304's headers replace the
        // stored ones, and a 304 has no content type to choose by — a resource policy here would block
        // every script of a cached page)
      } else if (type.startsWith('text/html')) {
        const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
        // a page made here carries its scripts; a page of the build is a file read from disk
        reply.header(
          'content-security-policy',
          pageCsp(text !== null ? inlineScriptHashes(text) : [...buildHashes.current(), ...consoleHashes.current()]),
        );
        reply.header('permissions-policy', PERMISSIONS_POLICY);
      } else {
        reply.header('content-security-policy', RESOURCE_CSP);
      }
      // the console's calls too (never CORS: its session cookie is for its own origin only)
      if (isApi(request.url) || request.url.startsWith(CONSOLE_API_BASE)) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);
