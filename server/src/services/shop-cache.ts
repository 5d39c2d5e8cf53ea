import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { shops } from '../db/schema';

/** How long a node trusts the menu version it read before asking the database again. */
export const VERSION_TTL_MS = 2000;

/**
 * Cache of shop answers keyed by shop id + menu version (MENU-5). store/detail and store/products
 * are read on every app start; rebuilding them costs several queries, so a built answer is kept
 * until the shop's version changes. A version bump on this node is seen at once; a bump made by
 * another node within VERSION_TTL_MS.
 */
export class ShopCache {
  private readonly versions = new Map<number, { version: number; checkedAt: number }>();
  private readonly entries = new Map<string, { shopId: number; version: number; value: Promise<unknown> }>();
  private readonly short = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** The current menu version of a shop, or null when the shop does not exist. */
  async version(shopId: number): Promise<number | null> {
    const t = this.now();
    const v = this.versions.get(shopId);
    if (v && t - v.checkedAt < VERSION_TTL_MS) return v.version;
    const rows = await this.db.select({ v: shops.menuVersion }).from(shops).where(eq(shops.id, shopId)).limit(1);
    if (!rows[0]) return null;
    this.setVersion(shopId, rows[0].v, t);
    return rows[0].v;
  }

  /** The cached value of `kind` for the shop at `version`, built by `load` on a miss. */
  get<T>(kind: string, shopId: number, version: number, load: () => Promise<T>): Promise<T> {
    const key = `${kind}:${shopId}:${version}`;
    const hit = this.entries.get(key);
    if (hit) return hit.value as Promise<T>;
    const value = load();
    this.entries.set(key, { shopId, version, value });
    // a failed build is not cached
    value.catch(() => this.entries.delete(key));
    return value;
  }

  /**
   * A value kept for `ttlMs` (live figures like stock left, where a second of delay is harmless
   * because orders re-check stock in the database). `drop(kind, shopId)` forgets it at once.
   */
  fresh<T>(kind: string, shopId: number, ttlMs: number, load: () => Promise<T>): Promise<T> {
    const key = `${kind}:${shopId}`;
    const t = this.now();
    const hit = this.short.get(key);
    if (hit && t - hit.at < ttlMs) return hit.value as Promise<T>;
    const value = load();
    this.short.set(key, { at: t, value });
    value.catch(() => this.short.delete(key));
    return value;
  }

  /** Forgets a `fresh` value (e.g. after an order changed the stock). */
  drop(kind: string, shopId: number): void {
    this.short.delete(`${kind}:${shopId}`);
  }

  /** Raises the shop's menu version (the menu or settings changed) and drops its cached answers. */
  async bump(shopId: number): Promise<number> {
    const rows = await this.db
      .update(shops)
      .set({ menuVersion: sql`${shops.menuVersion} + 1` })
      .where(eq(shops.id, shopId))
      .returning({ v: shops.menuVersion });
    const v = rows[0]?.v ?? 0;
    this.setVersion(shopId, v, this.now());
    return v;
  }

  /** Forgets everything (tests reset the tables between cases). */
  clear(): void {
    this.versions.clear();
    this.entries.clear();
    this.short.clear();
  }

  /** Number of cached answers (for tests). */
  get size(): number {
    return this.entries.size;
  }

  private setVersion(shopId: number, version: number, t: number): void {
    const old = this.versions.get(shopId);
    if (old && old.version !== version) {
      for (const [k, e] of this.entries) if (e.shopId === shopId && e.version !== version) this.entries.delete(k);
    }
    this.versions.set(shopId, { version, checkedAt: t });
  }
}
