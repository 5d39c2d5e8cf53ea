/**
 * Seeded randomness for the tests: the same seed gives the same numbers, so a run that failed can be
 * replayed. A test that picks its seed prints it and reads it back from an environment variable.
 */

/** A generator of numbers in [0, 1) from `seed` (mulberry32). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The seed in `process.env[name]` (a whole number), or a fresh one taken from the clock when it is
 * unset; `label` and the seed are printed with how to replay the run.
 */
export function seedFrom(name: string, label: string, env: NodeJS.ProcessEnv = process.env): number {
  const given = env[name];
  if (given !== undefined && given !== '') {
    const n = Number(given);
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number, not "${given}"`);
    console.log(`${label}: ${name}=${n} (given)`);
    return n;
  }
  const seed = Date.now() % 2 ** 31;
  console.log(`${label}: ${name}=${seed} (replay with ${name}=${seed})`);
  return seed;
}
