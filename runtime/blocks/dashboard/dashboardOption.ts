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
    // The card's title names the figure: no legend or title inside the dial, fewer ticks so the labels stay apart.
    return {
      ...base,
      legend: { show: false },
      series: [
        {
          type: 'gauge',
          max: item.max ?? Math.max(100, Math.ceil(value * 1.25)),
          splitNumber: 4,
          radius: '90%',
          title: { show: false },
          detail: { ...FONT, offsetCenter: [0, '70%'], formatter: `{value}${measure.unit ?? ''}` },
          axisLabel: { ...FONT, distance: 18 },
          data: [{ name: measure.label, value }],
        },
      ],
    };
  }
  if (kind === 'pie' || kind === 'funnel') {
    const measure = measures[0]!;
    const data = answer.rows.map((r, i) => ({ name: label(i), value: numberOf(r.values[measure.name]), row: i }));
    if (kind === 'pie') return { ...base, series: [{ type: 'pie', radius: ['35%', '65%'], top: 24, name: measure.label, label: FONT, data }] };
    // A funnel names its stages inside them; a legend beside a narrow funnel would cover it.
    return { ...base, legend: { show: false }, series: [{ type: 'funnel', top: 8, bottom: 8, left: '10%', width: '80%', sort: 'descending', name: measure.label, label: { ...FONT, position: 'inside' }, data }] };
  }
  const type = kind === 'line' ? 'line' : 'bar';
  const stack = kind === 'stackedBar' ? 'total' : undefined;
  const axis = { axisLabel: FONT };
  // Few categories (dealers, long names): every one shown, slanted and cut to a width; many (days): echarts thins them.
  const few = answer.rows.length <= 12;
  const categoryAxis = { axisLabel: few ? { ...FONT, interval: 0, rotate: 30, width: 96, overflow: 'truncate' } : FONT };
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
    return { ...base, grid: { left: 56, right: 24, top: 40, bottom: 8, containLabel: true }, xAxis: { type: 'category', data: categories, ...categoryAxis }, yAxis: { type: 'value', ...axis }, series };
  }
  const categories = answer.rows.map((_, i) => label(i));
  const series = measures.map((m) => ({ type, name: m.label, stack, data: answer.rows.map((r, i) => ({ value: numberOf(r.values[m.name]), row: i })) }));
  return { ...base, grid: { left: 56, right: 24, top: 40, bottom: 8, containLabel: true }, xAxis: { type: 'category', data: categories, ...categoryAxis }, yAxis: { type: 'value', ...axis }, series };
}
