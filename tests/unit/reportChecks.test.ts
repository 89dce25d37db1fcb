// The report definitions' check (schemas/report/reportChecks.ts) for the age-band dimension of issue 26 (应收账龄 0–30 /
// 31–90 / >90 days; the stock age of the parts area): its bounds are required and must rise.
import { describe, expect, it } from 'vitest';
import { checkReports } from '../../schemas/report/reportChecks';
import { repositoryModels } from '../../server/models/modelCatalogue';

const models = repositoryModels().map((m) => m.model);
const aging = (bands?: unknown) => ({
  name: 'agingCheck',
  title: '账龄检查',
  model: 'receivable',
  dateField: 'arDate',
  dimensions: [{ name: 'ageBand', label: '账龄', kind: 'ageBand', ...(bands === undefined ? {} : { bands }) }],
  measures: [{ name: 'openAmount', label: '未核销金额', op: 'sum', field: 'openAmount' }],
});
const problems = (value: unknown) => checkReports([{ file: 'reports/finance/agingCheck.json', value }], models);

describe('age-band report dimensions', () => {
  it('accepts rising day bounds on a dated field', () => {
    expect(problems(aging([30, 90]))).toEqual([]);
  });

  it('refuses an age band without bounds, and bounds that do not rise, at their JSON path', () => {
    expect(problems(aging())[0]).toEqual({ file: 'reports/finance/agingCheck.json', path: '/dimensions/0/bands', message: '缺少必填属性' });
    expect(problems(aging([90, 30]))).toEqual([{ file: 'reports/finance/agingCheck.json', path: '/dimensions/0/bands', message: '账龄区段的天数应升序排列' }]);
    expect(problems(aging([30, 30]))[0]!.message).toBe('账龄区段的天数应升序排列');
  });
});

// Issue 27: a measure read from another report (销售达成's 零售目标 from 销售目标) and a rate of two measures (达成率), and a
// month field (目标月份) as the period.
const deliveries = (measures: unknown[], dimensions: unknown[] = [{ name: 'dealer', label: '经销商', kind: 'dealer' }, { name: 'month', label: '月份', kind: 'month' }]) => ({
  name: 'deliveriesCheck',
  title: '交车检查',
  model: 'salesOrder',
  dateField: 'deliveredAt',
  dimensions,
  measures: [{ name: 'deliveries', label: '交车', op: 'count' }, ...measures],
});
const targets = {
  name: 'targetsCheck',
  title: '目标检查',
  model: 'salesTarget',
  dateField: 'targetMonth',
  dimensions: [{ name: 'dealer', label: '经销商', kind: 'dealer' }, { name: 'month', label: '月份', kind: 'month' }],
  measures: [{ name: 'target', label: '目标', op: 'sum', field: 'retailTarget' }, { name: 'half', label: '半', op: 'rate', of: 'target', over: 'target' }],
};
const pair = (value: unknown, other: unknown = targets) => checkReports([{ file: 'a.json', value }, { file: 'b.json', value: other }], models);

describe('measures of another report and rates (issue 27)', () => {
  it('accepts a measure of another report with the same kinds of dimension, a rate of two measures, and a month period', () => {
    expect(pair(deliveries([{ name: 'target', label: '目标', op: 'report', report: 'targetsCheck', measure: 'target' }, { name: 'rate', label: '达成率', op: 'rate', of: 'deliveries', over: 'target', factor: 100 }]))).toEqual([]);
  });

  it('refuses an unknown report or measure, a derived measure to read, a dimension of another kind, and a rate of a rate', () => {
    const read = (extra: Record<string, unknown>) => deliveries([{ name: 'target', label: '目标', op: 'report', ...extra }]);
    expect(pair(read({ report: 'nowhere', measure: 'target' }))).toEqual([{ file: 'a.json', path: '/measures/1/report', message: '没有此报表：nowhere' }]);
    expect(pair(read({ report: 'targetsCheck', measure: 'half' }))).toEqual([{ file: 'a.json', path: '/measures/1/measure', message: '报表 targetsCheck 没有可取的指标 half（可用：target）' }]);
    expect(pair(read({ report: 'targetsCheck' }))[0]).toMatchObject({ path: '/measures/1/measure', message: '缺少必填属性' });
    const other = deliveries([{ name: 'target', label: '目标', op: 'report', report: 'targetsCheck', measure: 'target' }], [{ name: 'month', label: '月份', kind: 'day' }]);
    expect(pair(other)).toEqual([{ file: 'a.json', path: '/dimensions/0/kind', message: '维度 month 在报表 targetsCheck 中是 month，指标 target 按它取数须为同一类' }]);
    expect(pair(deliveries([{ name: 'r1', label: '率', op: 'rate', of: 'deliveries', over: 'deliveries' }, { name: 'r2', label: '率', op: 'rate', of: 'r1', over: 'deliveries' }]))).toEqual([
      { file: 'a.json', path: '/measures/2/of', message: 'r1 不是本报表的指标（比率不能再取比率）' },
    ]);
  });

  it('refuses a day or age band and a summary table over a month field', () => {
    const monthly = { ...targets, dimensions: [...targets.dimensions, { name: 'day', label: '日期', kind: 'day' }], rollup: { by: [] } };
    expect(checkReports([{ file: 'b.json', value: monthly }], models)).toEqual([
      { file: 'b.json', path: '/dimensions/2/kind', message: '期间字段 targetMonth 只有月份，不能按日期分组' },
      { file: 'b.json', path: '/rollup', message: '期间字段 targetMonth 只有月份，不能汇总' },
    ]);
  });
});
