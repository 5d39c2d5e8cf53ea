import { nextDelay, reconnectDelay, reconnectSchedule, reconnectsAtOnce, RESTART_JITTER_MS, shouldRetry } from '@/domain/reconnect';

describe('reconnect schedule', () => {
  it('waits 1, 2, 4, 8 seconds and then 10 seconds for every later attempt', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(nextDelay)).toEqual([1000, 2000, 4000, 8000, 10000, 10000, 10000]);
  });

  it('never exceeds the 10 second cap for large attempt counts', () => {
    expect(nextDelay(1000)).toBe(10000);
  });

  it('allows 10 attempts by default', () => {
    expect(shouldRetry(9)).toBe(true);
    expect(shouldRetry(10)).toBe(false);
  });

  it('allows 5 attempts for scan order', () => {
    expect(shouldRetry(4, 'scanOrder')).toBe(true);
    expect(shouldRetry(5, 'scanOrder')).toBe(false);
  });

  it('lists one delay per allowed attempt', () => {
    expect(reconnectSchedule('scanOrder')).toEqual([1000, 2000, 4000, 8000, 10000]);
    expect(reconnectSchedule()).toHaveLength(10);
  });
});

describe('the one immediate reconnect after a node restarts (OPS-1)', () => {
  it('reconnects at once on 1012 or 1001 at the start of a run, never on a failure or later in the run', () => {
    expect(reconnectsAtOnce(1012, 0)).toBe(true);
    expect(reconnectsAtOnce(1001, 0)).toBe(true);
    expect(reconnectsAtOnce(1012, 1)).toBe(false);
    expect(reconnectsAtOnce(1006, 0)).toBe(false);
    expect(reconnectsAtOnce(1000, 0)).toBe(false);
  });
});

describe('the restart reconnect waits a short jitter only (OPS-1): the closing node spreads its closes', () => {
  it('waits the random share of the 100 ms bound after a 1012 or 1001 at the start of a run', () => {
    expect(RESTART_JITTER_MS).toBe(100);
    // 0 × 100 = 0; 0.25 × 100 = 25; 0.9999 × 100 = 99.99, floored to 99
    expect(reconnectDelay(1012, 0, () => 0)).toBe(0);
    expect(reconnectDelay(1012, 0, () => 0.25)).toBe(25);
    expect(reconnectDelay(1001, 0, () => 0.9999)).toBe(99);
  });

  it('stays below the bound even for a source that returns 1', () => {
    expect(reconnectDelay(1012, 0, () => 1)).toBe(99);
  });

  it('keeps the C§9 backoff for failures and for a second restart in the run, whatever the source', () => {
    const never = () => {
      throw new Error('a backoff reads no random number');
    };
    expect(reconnectDelay(1006, 0, never)).toBe(1000);
    expect(reconnectDelay(1012, 1, never)).toBe(2000);
    expect(reconnectDelay(1000, 3, never)).toBe(8000);
  });

  it('spreads the clients of one hand-off turn over the bound instead of one tick', () => {
    // a seeded source (mulberry32, seed 7). 1,000 uniform draws over 100 ms hit nearly every one of
    // the 100 milliseconds (expected misses 100 × (1 − 1/100)^1000 ≈ 0.004); a burst in one tick would hit one
    let a = 7;
    const seeded = () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const delays = Array.from({ length: 1000 }, () => reconnectDelay(1012, 0, seeded));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(RESTART_JITTER_MS);
    expect(new Set(delays).size).toBeGreaterThan(95);
  });
});
