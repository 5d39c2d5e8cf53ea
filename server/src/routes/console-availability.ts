import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** The staff console's availability (CONSOLE-5) calls, registered like those of ./console.ts. */
export function registerAvailabilityRoutes(app: FastifyInstance, ctx: ServerContext): void {
  void app;
  void ctx;
}
