import { eq } from 'drizzle-orm';
import type { ServerContext } from '../context';
import { users } from '../db/schema';

/** store/setUserInfo: a nickname and/or avatar URL the user chose (USER-2); the user counts as authorised. */
export async function setUserInfo(ctx: ServerContext, userId: number, input: { nickName?: string; avatarUrl?: string }): Promise<void> {
  const set: Partial<typeof users.$inferInsert> = { authorised: true };
  if (input.nickName !== undefined) set.nickName = input.nickName;
  if (input.avatarUrl !== undefined) set.avatarUrl = input.avatarUrl;
  await ctx.db.update(users).set(set).where(eq(users.id, userId));
}
