import type { FastifyRequest } from 'fastify';
import { HeaderNames } from '../../../src/api/contract/common';
import { fail } from './errors';

/** docs/api.md: a client-made unique string, 8 to 64 letters, digits, `-` or `_` (a UUID is 36). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** The Idempotency-Key header of a money-moving call, if sent; a malformed one is `badRequest`. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[HeaderNames.idempotencyKey];
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v === undefined || v === '') return null;
  if (!IDEMPOTENCY_KEY.test(v)) throw fail('badRequest');
  return v;
}
