// Issue 27: how a report's groups are joined with another report's measure (a group of either side kept, the other
// side's figure 0) and how a rate of two measures is computed (exact, two decimals, none over 0).
import { describe, expect, it } from 'vitest';
import type { Dimension, Measure, Report } from '../../schemas/report/report.types';
import { absentValue, joinLookups, measurePlan, rateOf } from '../../server/reports/reportLookups';

const dealer: Dimension = { name: 'dealer', label: '经销商', kind: 'dealer' };
const deliveries: Measure = { name: 'deliveries', label: '交车', op: 'count' };
const amount: Measure = { name: 'amount', label: '金额', op: 'sum', field: 'totalAmount' };
const target: Measure = { name: 'target', label: '目标', op: 'report', report: 'salesTargets', measure: 'retailTarget' };
const rate: Measure = { name: 'rate', label: '达成率', op: 'rate', of: 'deliveries', over: 'target', factor: 100 };
const source: Measure = { name: 'retailTarget', label: '零售目标', op: 'sum', field: 'retailTarget' };


describe('measures of another report and rates', () => {
  it('plans the records’ own measures a rate divides, the lookups it reads, and the rates asked', () => {
    const report = { measures: [deliveries, amount, target, rate] } as unknown as Report;
    expect(measurePlan(report, [rate])).toEqual({ own: [deliveries], lookups: [target], rates: [rate] });
    expect(measurePlan(report, [amount])).toEqual({ own: [amount], lookups: [], rates: [] });
  });

  it('joins on the groups’ keys, keeping a group of either side with the other side’s figure 0, in key order', () => {
    const own = [
      { dealer: 'D12001', dealerLabel: '天津', deliveries: 40, amount: '5000000.00' },
      { dealer: 'D11001', dealerLabel: '北京', deliveries: 61, amount: '8000000.00' },
    ];
    const theirs = [
      { dealer: 'D11001', dealerLabel: '北京', retailTarget: 64 },
      { dealer: 'D10001', dealerLabel: '新店', retailTarget: 10 },
    ];
    const mine = [{ measure: deliveries, absent: 0 }, { measure: amount, absent: '0.00' }];
    expect(joinLookups([dealer], mine, own, [{ measure: target, absent: 0, rows: theirs }])).toEqual([
      { dealer: 'D10001', dealerLabel: '新店', deliveries: 0, amount: '0.00', target: 10 },
      { dealer: 'D11001', dealerLabel: '北京', deliveries: 61, amount: '8000000.00', target: 64 },
      { dealer: 'D12001', dealerLabel: '天津', deliveries: 40, amount: '5000000.00', target: 0 },
    ]);
    // No dimensions: the one total row of each side, joined.
    expect(joinLookups([], mine.slice(0, 1), [{ deliveries: 101 }], [{ measure: target, absent: 0, rows: [{ retailTarget: 110 }] }])).toEqual([{ deliveries: 101, target: 110 }]);
  });

  it('shows a group lacking a measure as none counted: 0, a sum of money "0.00", an average none', () => {
    expect(absentValue(deliveries, undefined)).toBe(0);
    expect(absentValue(source, { type: 'int' })).toBe(0);
    expect(absentValue(amount, { type: 'money', scale: 2 })).toBe('0.00');
    expect(absentValue({ ...amount, op: 'avg' }, { type: 'money', scale: 2 })).toBeNull();
  });

  it('computes a rate exactly, half up to two decimals, and none over a zero or missing denominator', () => {
    expect(rateOf(rate, { deliveries: 61, target: 64 })).toBe('95.31');
    expect(rateOf(rate, { deliveries: 1, target: 8 })).toBe('12.50');
    expect(rateOf(rate, { deliveries: 2, target: 3 })).toBe('66.67');
    expect(rateOf(rate, { deliveries: 0, target: 12 })).toBe('0.00');
    expect(rateOf(rate, { deliveries: 5, target: 0 })).toBeNull();
    expect(rateOf(rate, { deliveries: 5, target: null })).toBeNull();
    expect(rateOf({ ...rate, factor: undefined }, { deliveries: '0.1', target: '0.3' })).toBe('0.33');
  });
});
