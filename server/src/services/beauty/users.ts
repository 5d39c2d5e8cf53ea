/** beauty/users (C§7, ORDER-5): who performs the cart's services, who is free at the chosen time. */
import type { z } from 'zod';
import type { BeautyUsersReq, BeautyUsersRes } from '../../../../src/api/contract/beauty';
import type { ServerContext } from '../../context';
import type { Lang } from '../../i18n/messages';
import { getMenu } from '../menu';
import { beautySetOf, busyUsers, lastUserIds, NO_BEAUTY_SET, serviceUsersOf, tagsOf, toServiceUser } from './read';

/** The tags of the services named (their serviceTagId); empty when none names one. */
export async function serviceTagsOfProducts(ctx: ServerContext, shopId: number, lang: Lang, productIds: readonly number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const menu = await getMenu(ctx, shopId, lang);
  const tags = new Set<number>();
  for (const id of productIds) {
    const tag = menu.byId.get(id)?.serviceTagId;
    if (tag !== undefined) tags.add(tag);
  }
  return tags;
}

/**
 * C§3 Beauty: the shop's service users who perform the cart's services (by the services' tags), each
 * `canReverse` only when they take appointments and — the time chosen first (C§5) — are free for the
 * whole service; the ones this customer booked before (lastUsers, most recent first), the tags and the set.
 */
export async function beautyUsers(
  ctx: ServerContext,
  who: { userId: number; shopId: number },
  lang: Lang,
  req: z.output<typeof BeautyUsersReq>,
): Promise<BeautyUsersRes> {
  const db = ctx.db;
  const [set, tags, rows, last, wanted] = await Promise.all([
    beautySetOf(db, who.shopId),
    tagsOf(db, who.shopId, lang),
    serviceUsersOf(db, who.shopId),
    lastUserIds(db, who.userId, who.shopId),
    serviceTagsOfProducts(ctx, who.shopId, lang, req.productIds ?? []),
  ]);
  const beautySet = set ?? NO_BEAUTY_SET;
  const candidates = rows.filter(
    (u) => (wanted.size === 0 || (u.tagId !== null && wanted.has(u.tagId))) && (req.tagId === undefined || u.tagId === req.tagId),
  );
  const busy =
    req.appointment === undefined
      ? new Set<number>()
      : await busyUsers(
          db,
          candidates.map((u) => u.id),
          req.appointment,
          req.duration ?? beautySet.slotMinutes,
        );
  const users = candidates.map((u) => toServiceUser(u, tags, !busy.has(u.id), lang));
  const lastUsers = last.flatMap((id) => users.filter((u) => u.id === id));
  return { users, lastUsers, tags, set: beautySet };
}
