import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import ChartBlock from '../../runtime/blocks/chart/ChartBlock';
import type { Block } from '../../schemas/screen/screen.types';
import { fakeServer, ok } from './fakeServer';
import { renderInApp } from './renderInApp';

// jsdom has no canvas: echarts' init is replaced by a chart that records the option the block hands it.
const drawn: Record<string, unknown>[] = [];
vi.mock('echarts/core', async (original) => ({
  ...(await original<object>()),
  init: () => ({ setOption: (option: Record<string, unknown>) => void drawn.push(option), resize() {}, dispose() {} }),
}));

/** Every fontSize the option sets, wherever it sets one. */
function fontSizes(value: unknown): unknown[] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'fontSize' ? [inner] : fontSizes(inner)));
}

describe('the chart block', () => {
  it('[BO-CONST-06] draws its text (labels, axes, legend) at font size 14, for a line and a pie chart', async () => {
    fakeServer({ 'GET /api/report/monthly': ok([{ month: '2026-05', orders: 41 }, { month: '2026-06', orders: 38 }]) });
    for (const chart of ['line', 'pie'] as const) {
      drawn.length = 0;
      const block = { type: 'chart', api: 'report:GET monthly', chart, xField: 'month', series: [{ field: 'orders', name: '工单数' }] } as Block;
      const view = renderInApp(<ChartBlock block={block} store={undefined as never} renderBlocks={() => null} />);
      await waitFor(() => expect(drawn).toHaveLength(1));
      const sizes = fontSizes(drawn[0]);
      expect(sizes.length).toBeGreaterThanOrEqual(3);
      expect(new Set(sizes)).toEqual(new Set([14]));
      view.unmount();
    }
  });
});
