/** Bounded concurrency for the benches: at most `limit` calls of `fn` in flight at a time. */

/** Runs `fn` over `items` with at most `limit` at a time; answers the results in the items' order. */
export async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** Runs `fn(i)` for i = 0 … n-1 with at most `limit` at a time. */
export async function poolTimes<R>(n: number, limit: number, fn: (i: number) => Promise<R>): Promise<R[]> {
  return pool(Array.from({ length: n }, (_, i) => i), limit, (i) => fn(i));
}
