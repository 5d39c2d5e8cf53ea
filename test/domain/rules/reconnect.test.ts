import { nextDelay, reconnectSchedule, reconnectsAtOnce, shouldRetry } from '@/domain/reconnect';

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
