/**
 * The one instant every test that runs the app "at a time of day" starts from: the server the
 * browser suites spawn (TEST_CLOCK), the browser page (Playwright's page clock) and any host model
 * (mini-program) read their time from here, so the suites give the same answer at any hour of the
 * machine's real clock.
 *
 * The demo shops keep China time (UTC+8); the restaurant is open 06:00–02:00 the next day.
 */

/** Wednesday 2026-03-04 12:00 in the shops' zone (04:00 UTC): inside every demo shop's hours. */
export const DEFAULT_TEST_INSTANT = '2026-03-04T04:00:00.000Z';

/** Thursday 2026-03-05 03:30 in the shops' zone (19:30 UTC the day before): the restaurant is closed. */
export const CLOSED_INSTANT = '2026-03-04T19:30:00.000Z';

/** The instant the suites start at. */
export const TEST_INSTANT: string = DEFAULT_TEST_INSTANT;

/** Milliseconds of an ISO instant; throws on anything else. */
export function instantMs(iso: string): number {
  const ms = Date.parse(iso);
  if (!/^\d{4}-\d\d-\d\dT/.test(iso) || Number.isNaN(ms)) throw new Error(`not an ISO instant: ${iso}`);
  return ms;
}

/**
 * A clock that reads `iso` at `originMs` (real time, default now) and ticks in real time from there:
 * the reading the server in TEST_CLOCK mode gives (its origin is its process start).
 */
export function tickingClock(iso: string, originMs: number = Date.now()): { now(): number } {
  const start = instantMs(iso);
  return { now: () => start + (Date.now() - originMs) };
}
