import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTableHeight } from '../../runtime/table/tableHeight';

// The hook the data table sizes its grid with (runtime/blocks/DataTable.tsx), driven by window resizes on fake timers.
function AutoHeight() {
  const grid = useRef<HTMLDivElement>(null);
  const height = useTableHeight('auto', grid);
  return <div ref={grid} data-testid="grid" data-height={height} />;
}

const resizeTo = (height: number) => {
  window.innerHeight = height;
  window.dispatchEvent(new Event('resize'));
};

describe('the auto table height', () => {
  afterEach(() => {
    vi.useRealTimers();
    window.innerHeight = 768;
  });

  it('[BB-TBL-61] is recomputed 100 ms after the window stops resizing, not while it resizes', () => {
    vi.useFakeTimers();
    window.innerHeight = 1000;
    const { getByTestId } = render(<AutoHeight />);
    const shown = () => Number(getByTestId('grid').dataset.height);
    // jsdom has no layout: the grid's top is 0, so the height is the window less the 64 px under the grid.
    expect(shown()).toBe(936);
    // A drag of the window edge: resize events 50 ms apart; nothing is recomputed until they stop.
    for (const height of [1050, 1100, 1150, 1200]) {
      resizeTo(height);
      act(() => vi.advanceTimersByTime(50));
    }
    expect(shown()).toBe(936);
    act(() => vi.advanceTimersByTime(49));
    expect(shown()).toBe(936);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe(1136);
  });
});
