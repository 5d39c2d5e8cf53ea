/**
 * Interaction constants of C§9 and the pull-to-refresh states of C§4 ("Other"), one place for the
 * screens of all three targets.
 */

/** C§9: a press held this long is a long press… */
export const LONG_PRESS_MS = 350;
/** …unless the finger moved more than this (px) first. */
export const LONG_PRESS_MOVE_PX = 10;
/** C§9 swiper: a slide stays this long, and moves in this long. */
export const SWIPER_INTERVAL_MS = 5000;
export const SWIPER_DURATION_MS = 500;
/** C§9: the customer's position is read again this often while a screen shows it. */
export const LOCATION_REFRESH_MS = 30_000;
/** C§5 time picker: the whole day. */
export const TIME_PICKER_RANGE = { start: '00:00', end: '23:59' } as const;
/** How far (px) the list is pulled down before letting go refreshes it. */
export const PULL_REFRESH_PX = 80;

/** C§4 pull-to-refresh states; `idle` is the list at rest. */
export type PullState = 'idle' | 'pulling' | 'reached' | 'aborting' | 'refreshing' | 'restoring';

export type PullEvent =
  | { type: 'move'; distance: number }
  | { type: 'release' }
  | { type: 'refreshed' }
  | { type: 'settled' };

/**
 * The pull-to-refresh state machine: pulling below the threshold, reached at or past it; letting go
 * before it aborts (the list springs back), after it refreshes; a finished refresh restores the list,
 * and a settled list is idle again. A move while refreshing changes nothing (one refresh at a time).
 */
export function pullRefresh(state: PullState, event: PullEvent, threshold: number = PULL_REFRESH_PX): PullState {
  switch (event.type) {
    case 'move':
      if (state === 'refreshing' || state === 'restoring') return state;
      if (event.distance <= 0) return state === 'idle' ? 'idle' : 'aborting';
      return event.distance >= threshold ? 'reached' : 'pulling';
    case 'release':
      if (state === 'reached') return 'refreshing';
      if (state === 'pulling') return 'aborting';
      return state;
    case 'refreshed':
      return state === 'refreshing' ? 'restoring' : state;
    case 'settled':
      return state === 'aborting' || state === 'restoring' ? 'idle' : state;
    default:
      return state;
  }
}

/**
 * A long press (C§9): it fires when the press has lasted LONG_PRESS_MS and the finger has not moved
 * more than LONG_PRESS_MOVE_PX from where it went down.
 */
export class LongPressTracker {
  private from: { x: number; y: number; at: number } | null = null;

  down(x: number, y: number, at: number): void {
    this.from = { x, y, at };
  }

  /** false once the finger moved too far: the press is no long press any more. */
  move(x: number, y: number): boolean {
    if (!this.from) return false;
    if (Math.hypot(x - this.from.x, y - this.from.y) > LONG_PRESS_MOVE_PX) this.from = null;
    return this.from !== null;
  }

  /** Whether the press, still down at `at`, is a long press now. */
  due(at: number): boolean {
    return this.from !== null && at - this.from.at >= LONG_PRESS_MS;
  }

  up(): void {
    this.from = null;
  }
}
