import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** The staff console's day summary (CONSOLE-6) calls, registered like those of ./console.ts. */
export function registerSummaryRoutes(app: FastifyInstance, ctx: ServerContext): void {
  void app;
  void ctx;
}
