// The echarts option of a dashboard chart from a report's answer (kept apart from the component so it is tested without
// a canvas): the first dimension is the category axis (or the slices), a second dimension or several measures the series.
import type { DashboardItem } from '../../../schemas/screen/screen.types';
import type { ReportAnswer } from '../../../schemas/api/report';

/** Charts use font size 14 (back-office §9). */
const FONT = { fontSize: 14 };
const numberOf = (value: unknown) => (typeof value === 'number' ? value : Number(value) || 0);

/** What a click on a data point is: the index of the report row behind it (series data carry it). */
export interface PointRef {
  row: number;
}

export function dashboardOption(item: Pick<DashboardItem, 'chart' | 'max'>, answer: ReportAnswer): Record<string, unknown> {
  const kind = item.chart ?? 'bar';
  const [first, second] = answer.dimensions;
  const measures = answer.measures;
  const base = { textStyle: FONT, tooltip: { trigger: kind === 'line' || kind === 'bar' || kind === 'stackedBar' ? 'axis' : 'item' }, legend: { top: 0, textStyle: FONT } };
  const label = (row: number, dimension = first) => String(answer.rows[row]!.values[`${dimension!.name}Label`] ?? answer.rows[row]!.values[dimension!.name] ?? '');
  if (kind === 'gauge') {
    const measure = measures[0]!;
    const value = numberOf(answer.rows[0]?.values[measure.name]);
    return { ...base, series: [{ type: 'gauge', max: item.max ?? Math.max(100, Math.ceil(value * 1.25)), detail: { ...FONT, formatter: `{value}${measure.unit ?? ''}` }, axisLabel: FONT, data: [{ name: measure.label, value }] }] };
  }
  if (kind === 'pie' || kind === 'funnel') {
    const measure = measures[0]!;
    const data = answer.rows.map((r, i) => ({ name: label(i), value: numberOf(r.values[measure.name]), row: i }));
    const shape = kind === 'pie' ? { type: 'pie', radius: ['35%', '65%'], top: 24 } : { type: 'funnel', top: 32, bottom: 8, sort: 'descending' };
    return { ...base, series: [{ ...shape, name: measure.label, label: FONT, data }] };
  }
  const type = kind === 'line' ? 'line' : 'bar';
  const stack = kind === 'stackedBar' ? 'total' : undefined;
  const axis = { axisLabel: FONT };
  if (second) {
    // Two dimensions: categories from the first, one series per value of the second, the first measure.
    const categories = [...new Set(answer.rows.map((_, i) => label(i)))];
    const names = [...new Set(answer.rows.map((_, i) => label(i, second)))];
    const measure = measures[0]!;
    const series = names.map((name) => ({
      type,
      name,
      stack,
      data: categories.map((category) => {
        const row = answer.rows.findIndex((_, i) => label(i) === category && label(i, second) === name);
        return row < 0 ? { value: 0, row: -1 } : { value: numberOf(answer.rows[row]!.values[measure.name]), row };
      }),
    }));
    return { ...base, grid: { left: 56, right: 24, top: 40, bottom: 32 }, xAxis: { type: 'category', data: categories, ...axis }, yAxis: { type: 'value', ...axis }, series };
  }
  const categories = answer.rows.map((_, i) => label(i));
  const series = measures.map((m) => ({ type, name: m.label, stack, data: answer.rows.map((r, i) => ({ value: numberOf(r.values[m.name]), row: i })) }));
  return { ...base, grid: { left: 56, right: 24, top: 40, bottom: 32 }, xAxis: { type: 'category', data: categories, ...axis }, yAxis: { type: 'value', ...axis }, series };
}
