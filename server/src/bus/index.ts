import { MemoryBus } from './memory';
import { RedisBus } from './redis';
import type { Bus, BusLogger } from './types';

export type { Bus, BusHandler, BusMessage } from './types';

/** In-process by default; Redis pub/sub when a Redis URL is configured (several processes). */
export function createBus(opts: { redisUrl: string | null; logger?: BusLogger; channelPrefix?: string }): Bus {
  if (!opts.redisUrl) return new MemoryBus(opts.logger);
  return new RedisBus({ url: opts.redisUrl, logger: opts.logger, channelPrefix: opts.channelPrefix });
}
