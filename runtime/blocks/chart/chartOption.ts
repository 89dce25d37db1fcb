// The echarts option of a chart block, from the block's settings and the rows its api answered (kept apart from the
// component so it is tested without a canvas).
import type { Block } from '../../../schemas/screen/screen.types';

/** Charts use font size 14 (back-office §9). */
export const CHART_DEFAULTS = { fontSize: 14, height: 360, kind: 'line' } as const;

export type ChartRow = Record<string, unknown>;

const numberOf = (value: unknown) => (typeof value === 'number' ? value : Number(value) || 0);

export function chartOption(block: Pick<Block, 'chart' | 'xField' | 'series'>, rows: ChartRow[]) {
  const kind = block.chart ?? CHART_DEFAULTS.kind;
  const series = block.series ?? [];
  const categories = rows.map((r) => String(r[block.xField ?? ''] ?? ''));
  const base = { textStyle: { fontSize: CHART_DEFAULTS.fontSize }, tooltip: { trigger: kind === 'pie' ? 'item' : 'axis' }, legend: { top: 0, textStyle: { fontSize: CHART_DEFAULTS.fontSize } } };
  if (kind === 'pie') {
    const first = series[0];
    return { ...base, series: [{ type: 'pie', name: first?.name, radius: '60%', label: { fontSize: CHART_DEFAULTS.fontSize }, data: rows.map((r, i) => ({ name: categories[i], value: numberOf(r[first?.field ?? '']) })) }] };
  }
  return {
    ...base,
    grid: { left: 48, right: 24, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: categories, axisLabel: { fontSize: CHART_DEFAULTS.fontSize } },
    yAxis: { type: 'value', axisLabel: { fontSize: CHART_DEFAULTS.fontSize } },
    series: series.map((s) => ({ type: kind, name: s.name, data: rows.map((r) => numberOf(r[s.field])) })),
  };
}
