import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTableHeight } from '../../runtime/table/tableHeight';
import type { Screen } from '../../schemas/screen/screen.types';
import { fakeServer, ok } from './fakeServer';
import { loaded, renderTable } from './tableHarness';

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

describe('the data table grid height', () => {
  afterEach(() => {
    window.innerHeight = 768;
  });
  const screenOf = (height: number | 'auto' | undefined): Screen => ({
    id: 'test.height',
    title: '测试',
    service: 'repair',
    table: { api: 'repair:GET test/rows', ...(height === undefined ? {} : { height }), columns: [{ title: '工单号', dataIndex: 'roNo' }] },
  });
  const gridHeight = () => document.querySelector<HTMLElement>('.dms-table-grid')!.style.height;

  it('[BB-TBL-59] a fixed height below 140 is drawn 140 high, one above as asked', async () => {
    fakeServer({ 'GET /api/repair/test/rows': ok({ total: 0, items: [] }), 'GET /api/lowcode/tableLayouts': ok(null) });
    const low = renderTable(screenOf(100));
    await loaded(low.store);
    expect(gridHeight()).toBe('140px');
    low.view.unmount();
    const high = renderTable(screenOf(300));
    await loaded(high.store);
    expect(gridHeight()).toBe('300px');
  });

  it('[BB-TBL-60] an auto height fills the window below the grid, but never less than 450 on a short window', async () => {
    fakeServer({ 'GET /api/repair/test/rows': ok({ total: 0, items: [] }), 'GET /api/lowcode/tableLayouts': ok(null) });
    window.innerHeight = 1200;
    const tall = renderTable(screenOf('auto'));
    await loaded(tall.store);
    expect(gridHeight()).toBe(`${1200 - 64}px`);
    tall.view.unmount();
    window.innerHeight = 400;
    const short = renderTable(screenOf('auto'));
    await loaded(short.store);
    expect(gridHeight()).toBe('450px');
  });
});
