import type { ServerContext } from '../context';
import { clientLogs } from '../db/schema';

/** Stores a client's log text (user/putLogs), cut to 16 KB. */
export async function saveClientLog(ctx: ServerContext, who: { userId: number; shopId: number } | null, log: string): Promise<void> {
  await ctx.db.insert(clientLogs).values({ userId: who?.userId ?? null, shopId: who?.shopId ?? null, log: log.slice(0, 16384) });
}
