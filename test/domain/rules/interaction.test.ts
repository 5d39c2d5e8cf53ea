import {
  LONG_PRESS_MOVE_PX,
  LONG_PRESS_MS,
  LOCATION_REFRESH_MS,
  LongPressTracker,
  PULL_REFRESH_PX,
  SWIPER_DURATION_MS,
  SWIPER_INTERVAL_MS,
  TIME_PICKER_RANGE,
  pullRefresh,
  type PullEvent,
  type PullState,
} from '../../../src/domain/interaction';

describe('C§9 interaction constants', () => {
  it('are the figures of the spec', () => {
    expect(LONG_PRESS_MS).toEqual(350);
    expect(LONG_PRESS_MOVE_PX).toEqual(10);
    expect(SWIPER_INTERVAL_MS).toEqual(5000);
    expect(SWIPER_DURATION_MS).toEqual(500);
    expect(LOCATION_REFRESH_MS).toEqual(30000);
    expect(TIME_PICKER_RANGE).toEqual({ start: '00:00', end: '23:59' });
  });
});

describe('pull-to-refresh states (C§4: pulling, reached, aborting, refreshing, restoring)', () => {
  const run = (events: PullEvent[]): PullState[] => {
    const seen: PullState[] = [];
    let s: PullState = 'idle';
    for (const e of events) {
      s = pullRefresh(s, e);
      seen.push(s);
    }
    return seen;
  };

  it('pulls past the threshold, refreshes, restores and rests', () => {
    expect(run([{ type: 'move', distance: 30 }, { type: 'move', distance: PULL_REFRESH_PX }, { type: 'release' }, { type: 'refreshed' }, { type: 'settled' }])).toEqual([
      'pulling',
      'reached',
      'refreshing',
      'restoring',
      'idle',
    ]);
  });

  it('aborts when let go before the threshold, or pushed back above it', () => {
    expect(run([{ type: 'move', distance: 79 }, { type: 'release' }, { type: 'settled' }])).toEqual(['pulling', 'aborting', 'idle']);
    expect(run([{ type: 'move', distance: 90 }, { type: 'move', distance: 0 }])).toEqual(['reached', 'aborting']);
  });

  it('goes back from reached to pulling when the finger eases off', () => {
    expect(run([{ type: 'move', distance: 100 }, { type: 'move', distance: 50 }])).toEqual(['reached', 'pulling']);
  });

  it('ignores pulls during a refresh: one refresh at a time', () => {
    expect(run([{ type: 'move', distance: 100 }, { type: 'release' }, { type: 'move', distance: 120 }, { type: 'release' }])).toEqual([
      'reached',
      'refreshing',
      'refreshing',
      'refreshing',
    ]);
  });
});

describe('long press (C§9: 350 ms, cancelled by a move over 10 px)', () => {
  it('fires at 350 ms, not at 349', () => {
    const p = new LongPressTracker();
    p.down(100, 100, 1000);
    expect(p.due(1349)).toBe(false);
    expect(p.due(1350)).toBe(true);
  });

  it('survives a 10 px wobble and is cancelled past it', () => {
    const p = new LongPressTracker();
    p.down(100, 100, 0);
    // 6-8-10 triangle: exactly 10 px away
    expect(p.move(106, 108)).toBe(true);
    expect(p.due(400)).toBe(true);
    expect(p.move(107, 108)).toBe(false);
    expect(p.due(400)).toBe(false);
  });

  it('ends when the finger lifts', () => {
    const p = new LongPressTracker();
    p.down(0, 0, 0);
    p.up();
    expect(p.due(1000)).toBe(false);
  });
});
