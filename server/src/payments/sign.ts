import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Field values a signature covers. */
export type SignedFields = Record<string, string | number | boolean>;

/**
 * HMAC-SHA256 signatures of the sandbox providers (ORDER-7): the fields other than `sign`, sorted by
 * name, joined as `k=v&k=v`. The key is PAY_SANDBOX_SECRET, or a random one per server process.
 */
export class PaySigner {
  private readonly key: Buffer;

  constructor(secret: string | null = process.env.PAY_SANDBOX_SECRET || null) {
    this.key = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  /** The canonical text of the fields (everything but `sign`). */
  static canonical(fields: SignedFields): string {
    return Object.keys(fields)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => `${k}=${String(fields[k])}`)
      .join('&');
  }

  /** The hex signature of the fields. */
  sign(fields: SignedFields): string {
    return createHmac('sha256', this.key).update(PaySigner.canonical(fields)).digest('hex');
  }

  /** Whether `sign` is the signature of the other fields (constant-time compare). */
  verify(fields: SignedFields & { sign: string }): boolean {
    const expected = Buffer.from(this.sign(fields), 'hex');
    const given = Buffer.from(/^[0-9a-f]{64}$/.test(fields.sign) ? fields.sign : '', 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
