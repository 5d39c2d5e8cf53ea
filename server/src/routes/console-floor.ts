import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';

/** The staff console's floor (kitchen tickets CONSOLE-3, tables CONSOLE-4) calls, registered like those of ./console.ts. */
export function registerFloorRoutes(app: FastifyInstance, ctx: ServerContext): void {
  void app;
  void ctx;
}
