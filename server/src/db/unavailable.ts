/**
 * Failures of the database itself, not of the request (SERVER-3): the connection refused or cut
 * (PostgreSQL restarting, shutting down, not yet accepting connections), no connection to be had in
 * time, or the disk under the data full. They are answered 503 with the catalogue's server-error
 * message — never the driver's text — and the request may be sent again once the database is back.
 */

/** Error codes of node's sockets and the file system that mean "the database cannot be reached or written now". */
const SYSTEM_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOSPC',
  'EDQUOT',
]);

/**
 * PostgreSQL SQLSTATEs of the same: class 08 (connection exception), 53 (insufficient resources:
 * disk full, out of memory, too many connections), 57P01–57P03 (admin/crash shutdown, cannot connect now).
 */
const SQLSTATE = /^(08...|53...|57P0[123])$/;

/** Messages of node-postgres and PGlite for a lost connection, a full pool wait or a full disk. */
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|no space left on device|could not (extend|write to) file|PGlite is closed/i;

/** Whether `err` (or an error it wraps, as drizzle's "Failed query" does) is the database being unavailable. */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (SYSTEM_CODES.has(code) || SQLSTATE.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    // an AggregateError (a connect to several addresses) holds the socket errors
    if (Array.isArray(errors) && errors.some((x) => isDatabaseUnavailable(x))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
