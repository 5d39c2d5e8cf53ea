/**
 * The test clock route: a server started with TEST_CLOCK (tests only, NODE_ENV=test) lets the
 * browser suites move its clock forward, so a wait of minutes (a table fee, a countdown) takes none.
 *
 *   GET  /__test/clock                      → { now }  the server clock, epoch ms
 *   POST /__test/clock { advanceMs: 61000 } → { now }  moved forward; a negative or fractional
 *                                                      amount is refused with 400
 *
 * Registered only when `testClockMovable(config)` holds and the clock can be moved: a server without
 * TEST_CLOCK, any production configuration and any process outside NODE_ENV=test has no such route
 * (404), whatever is asked.
 */
import type { FastifyInstance } from 'fastify';
import { testClockMovable, type MovableClock } from '../config';
import type { ServerContext } from '../context';

export const TEST_CLOCK_PATH = '/__test/clock';

const movable = (clock: ServerContext['clock']): clock is MovableClock => typeof (clock as Partial<MovableClock>).advance === 'function';

export function registerTestClockRoute(app: FastifyInstance, ctx: ServerContext): void {
  const clock = ctx.clock;
  if (!testClockMovable(ctx.config) || !movable(clock)) return;
  app.get(TEST_CLOCK_PATH, async () => ({ now: clock.now() }));
  app.post(TEST_CLOCK_PATH, async (request, reply) => {
    const advanceMs = (request.body as { advanceMs?: unknown } | null)?.advanceMs;
    if (typeof advanceMs !== 'number' || !Number.isSafeInteger(advanceMs) || advanceMs < 0) {
      return reply.code(400).send({ error: 'advanceMs must be a whole number of milliseconds, not negative' });
    }
    const now = clock.advance(advanceMs);
    ctx.log.info({ advanceMs, now }, 'test clock moved');
    return { now };
  });
}
