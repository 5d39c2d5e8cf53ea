/**
 * Reconnect schedule of the scan-order live channel (C§4 "Scan-order live channel", C§9, TABLE-2).
 *
 * `attempt` counts the reconnect attempts already made (0 before the first retry), so the delay before
 * the first retry is `nextDelay(0)` = 1 s and the schedule runs 1, 2, 4, 8, 10, 10… seconds.
 */

/** C§9: base delay 1 s. */
export const RECONNECT_BASE_MS = 1000;
/** C§9: the delay doubles up to a cap of 10 s. */
export const RECONNECT_CAP_MS = 10000;

/** Which channel reconnects: the default channel, or the scan-order room (fewer attempts, C§4). */
export type ReconnectMode = 'default' | 'scanOrder';

/** C§9: 10 attempts by default, 5 for scan order. */
export const RECONNECT_MAX_ATTEMPTS: Readonly<Record<ReconnectMode, number>> = { default: 10, scanOrder: 5 };

/** Delay in ms before the retry that follows `attempt` failed attempts: 1 s doubling, capped at 10 s. */
export function nextDelay(attempt: number): number {
  const n = Math.max(0, Math.floor(attempt));
  // 2^4 = 16 s already exceeds the cap, so stop doubling early and never overflow for large counts
  if (n >= 4) return RECONNECT_CAP_MS;
  return Math.min(RECONNECT_BASE_MS * 2 ** n, RECONNECT_CAP_MS);
}

/** Whether another attempt may be made after `attempt` attempts; false means show the Retry dialog (C§4). */
export function shouldRetry(attempt: number, mode: ReconnectMode = 'default'): boolean {
  return attempt < RECONNECT_MAX_ATTEMPTS[mode];
}

/** The whole delay schedule of one reconnect run, in ms (one entry per allowed attempt). */
export function reconnectSchedule(mode: ReconnectMode = 'default'): number[] {
  return Array.from({ length: RECONNECT_MAX_ATTEMPTS[mode] }, (_, i) => nextDelay(i));
}

/** The close code a server node sends its live channels when it restarts (RFC 6455 1012, OPS-1). */
export const SERVICE_RESTART_CLOSE = 1012;
/** "Going away": a server shutting down or a page leaving (RFC 6455 1001). */
export const GOING_AWAY_CLOSE = 1001;

/**
 * Whether a lost channel reconnects at once instead of after the backoff: once per run, when the
 * server said it is restarting or going away (its balancer has another node ready), never after a
 * failure. The next loss of the run follows the C§9 schedule, so a fleet restarting as a whole is
 * not hammered (docs/decisions.md "Operations").
 */
export function reconnectsAtOnce(code: number, attempt: number): boolean {
  return attempt === 0 && (code === SERVICE_RESTART_CLOSE || code === GOING_AWAY_CLOSE);
}

/**
 * The jitter of the reconnect after a restart (OPS-1). A node that restarts hands its channels off a
 * share at a time (server/src/services/tables/live.ts `handOffSockets`, SHUTDOWN_HANDOFF_MS), so the
 * clients closed in one turn reconnect at once, each after a random share of this short bound: one
 * turn's clients arrive spread over it instead of in one tick (docs/decisions.md "Operations").
 */
export const RESTART_JITTER_MS = 100;

/**
 * Delay in ms before reconnecting after a close with `code`, `attempt` failed attempts into the run:
 * after a restart (reconnectsAtOnce) a jitter below RESTART_JITTER_MS, else the C§9 backoff.
 * `random` returns a number in [0, 1) (Math.random; a seeded source in tests).
 */
export function reconnectDelay(code: number, attempt: number, random: () => number = Math.random): number {
  if (!reconnectsAtOnce(code, attempt)) return nextDelay(attempt);
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
  return Math.floor(r * RESTART_JITTER_MS);
}
