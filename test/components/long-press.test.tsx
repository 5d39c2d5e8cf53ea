import { act, fireEvent, render } from '@testing-library/react';
import { View } from '@tarojs/components';
import { useLongPress } from '@/components/use-long-press';

function Target({ onLong }: { onLong: () => void }) {
  const handlers = useLongPress(onLong);
  return (
    <View id="target" {...handlers}>
      hold me
    </View>
  );
}

const touch = (x: number, y: number) => ({ touches: [{ clientX: x, clientY: y }], changedTouches: [{ clientX: x, clientY: y }] });

describe('useLongPress (C§9: 350 ms, a move over 10 px cancels)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('fires once the press has lasted 350 ms', () => {
    const onLong = jest.fn();
    const { container } = render(<Target onLong={onLong} />);
    const el = container.querySelector('#target')!;
    fireEvent.touchStart(el, touch(50, 50));
    act(() => void jest.advanceTimersByTime(349));
    expect(onLong).not.toHaveBeenCalled();
    act(() => void jest.advanceTimersByTime(1));
    expect(onLong).toHaveBeenCalledTimes(1);
  });

  it('does not fire when the finger lifts first', () => {
    const onLong = jest.fn();
    const { container } = render(<Target onLong={onLong} />);
    const el = container.querySelector('#target')!;
    fireEvent.touchStart(el, touch(50, 50));
    act(() => void jest.advanceTimersByTime(200));
    fireEvent.touchEnd(el, touch(50, 50));
    act(() => void jest.advanceTimersByTime(500));
    expect(onLong).not.toHaveBeenCalled();
  });

  it('keeps a press that wobbles 10 px and cancels one that moves 11', () => {
    const wobble = jest.fn();
    const a = render(<Target onLong={wobble} />);
    const el = a.container.querySelector('#target')!;
    fireEvent.touchStart(el, touch(50, 50));
    fireEvent.touchMove(el, touch(56, 58));
    act(() => void jest.advanceTimersByTime(350));
    expect(wobble).toHaveBeenCalledTimes(1);
    a.unmount();

    const moved = jest.fn();
    const b = render(<Target onLong={moved} />);
    const el2 = b.container.querySelector('#target')!;
    fireEvent.touchStart(el2, touch(50, 50));
    fireEvent.touchMove(el2, touch(61, 50));
    act(() => void jest.advanceTimersByTime(400));
    expect(moved).not.toHaveBeenCalled();
  });
});
