/**
 * Waits for a condition instead of sleeping: checks `condition` after every turn of the event loop
 * until it holds, and fails with `what` once `timeoutMs` of real time has passed without it.
 */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
