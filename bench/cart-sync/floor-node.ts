/**
 * One node of the two-node committed floor (bench/cart-sync.ts): the relay of ./floor.ts committing
 * each operation on PostgreSQL (FLOOR_DATABASE_URL) and relaying events through Redis
 * (FLOOR_REDIS_URL), in a process of its own as each server node is. Prints its base URL, then runs
 * until SIGTERM.
 */
import { postgresFloorStore, redisFloorBus, startFloorRelay } from './floor';

async function main(): Promise<void> {
  const url = process.env.FLOOR_DATABASE_URL;
  const redis = process.env.FLOOR_REDIS_URL;
  if (!url || !redis) throw new Error('FLOOR_DATABASE_URL and FLOOR_REDIS_URL are needed');
  const relay = await startFloorRelay({ store: await postgresFloorStore(url), bus: await redisFloorBus(redis) });
  process.stdout.write(`floor node listening ${relay.base}\n`);
  process.once('SIGTERM', () => {
    void relay.close().then(() => process.exit(0));
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
