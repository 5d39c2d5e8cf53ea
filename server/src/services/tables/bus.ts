import { perServer } from '../../context';
import { createBus, type Bus } from '../../bus';

/**
 * The room fan-out of this server (TABLE-6, SERVER-2): in-process, or Redis pub/sub when REDIS_URL
 * is set so diners connected to different processes share one room.
 */
export const roomBus = perServer((ctx): Bus => {
  const bus = createBus({ redisUrl: ctx.config.redisUrl, logger: ctx.log });
  ctx.onClose(() => bus.close());
  return bus;
});
