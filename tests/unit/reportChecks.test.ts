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
