// The charging fee function (domain.md §7): a tariff's periods cover the day once; a session's energy is shared over
// the periods by time in Beijing time, the parts adding up to the whole, and the fees are exact to the fen.
import { describe, expect, it } from 'vitest';
import { chargingFees, periodProblems, type TariffPeriod } from '../../server/data/chargingFees';
import { checkReports } from '../../schemas/report/reportChecks';
import type { Model } from '../../schemas/model/model.types';

const period = (start: string, end: string, electricityPrice = '0.7000', servicePrice = '0.8000', kind = '84041003'): TariffPeriod => ({ start, end, kind, electricityPrice, servicePrice });
const instant = (text: string) => new Date(`${text}+08:00`);
const kwh = (text: string) => ({ units: BigInt(text.replace('.', '')), scale: text.split('.')[1]?.length ?? 0 });

describe('tariff periods', () => {
  it('accept a day cut into periods in any order, 00:00 to 24:00', () => {
    expect(periodProblems([period('12:00', '24:00'), period('00:00', '12:00')])).toEqual([]);
    expect(periodProblems([period('00:00', '24:00')])).toEqual([]);
  });

  it('name a late start, a gap, an overlap, a short end, and bad clocks', () => {
    expect(periodProblems([period('01:00', '24:00')])).toEqual(['时段应从 00:00 开始']);
    expect(periodProblems([period('00:00', '08:00'), period('09:00', '24:00')])).toEqual(['时段之间有空档：08:00 至 09:00']);
    expect(periodProblems([period('00:00', '10:00'), period('09:00', '24:00')])).toEqual(['时段重叠：09:00 至 10:00']);
    expect(periodProblems([period('00:00', '23:00')])).toEqual(['时段应到 24:00 结束']);
    expect(periodProblems([period('00:00', '7:00'), period('07:00', '24:00')])).toEqual(['时段第1行：时刻应为 时:分（00:00 至 24:00）']);
    expect(periodProblems([period('24:00', '24:00')])).toEqual(['时段第1行：时刻应为 时:分（00:00 至 24:00）']);
    expect(periodProblems([period('00:00', '12:00'), period('12:00', '12:00'), period('12:00', '24:00')])).toEqual(['时段第2行：结束时刻应晚于开始时刻']);
  });
});

describe('a session\'s fees', () => {
  const day = [period('00:00', '07:00', '0.3500', '0.8000', '谷'), period('07:00', '23:00', '0.7000', '0.8000', '平'), period('23:00', '24:00', '0.3500', '0.8000', '谷')];

  it('share the energy by time over the periods and add up to the fen', () => {
    const fees = chargingFees({ startAt: instant('2026-06-01T06:30:00'), endAt: instant('2026-06-01T07:30:00'), energyKwh: kwh('20.000'), periods: day, serviceFree: false });
    expect(fees).toMatchObject({ energyKwh: '20.000', durationMinutes: 60, electricityFee: '10.50', serviceFee: '16.00', discount: '0.00', totalFee: '26.50' });
    expect(fees.segments.map((s) => [s.kind, s.energyKwh])).toEqual([
      ['谷', '10.000'],
      ['平', '10.000'],
    ]);
  });

  it('cross midnight in Beijing time whatever the machine\'s zone, the last part taking what rounding leaves', () => {
    const fees = chargingFees({ startAt: instant('2026-06-01T22:00:00'), endAt: instant('2026-06-02T01:00:00'), energyKwh: kwh('10.000'), periods: day, serviceFree: false });
    expect(fees.segments.map((s) => [s.kind, s.energyKwh])).toEqual([
      ['平', '3.333'],
      ['谷', '3.333'],
      ['谷', '3.334'],
    ]);
    // 3.333 × 1.50 + 6.667 × 1.15 = 4.9995 + 7.66705 = 12.66655 → 12.67; electricity 3.333 × 0.70 + 6.667 × 0.35 = 4.66645 → 4.67.
    expect(fees).toMatchObject({ electricityFee: '4.67', serviceFee: '8.00', totalFee: '12.67' });
  });

  it('take the service part off for a service-free vehicle, never by adding floats', () => {
    const fees = chargingFees({ startAt: instant('2026-06-01T08:00:00'), endAt: instant('2026-06-01T08:10:00'), energyKwh: kwh('0.3'), periods: day, serviceFree: true });
    expect(fees).toMatchObject({ energyKwh: '0.300', electricityFee: '0.21', serviceFee: '0.24', discount: '0.24', totalFee: '0.21' });
  });
});

describe('a ratio measure of a report', () => {
  const model = {
    name: 'daily',
    title: '日统计',
    service: 'report',
    path: 'daily',
    scope: 'owner',
    fields: [
      { name: 'day', label: '日期', type: 'date' },
      { name: 'minutes', label: '分钟', type: 'int' },
      { name: 'capacity', label: '容量', type: 'int' },
      { name: 'note', label: '备注', type: 'string' },
    ],
  } as unknown as Model;
  const report = (measure: Record<string, unknown>) => ({
    file: 'r.json',
    value: { name: 'daily', title: '日统计', model: 'daily', dateField: 'day', dimensions: [{ name: 'month', label: '月份', kind: 'month' }], measures: [{ name: 'rate', label: '比率', ...measure }] },
  });

  it('needs a numeric field over a numeric field', () => {
    expect(checkReports([report({ op: 'ratio', field: 'minutes', over: 'capacity', factor: 100 })], [model])).toEqual([]);
    expect(checkReports([report({ op: 'ratio', field: 'minutes' })], [model]).map((p) => p.path)).toContain('/measures/0');
    expect(checkReports([report({ op: 'ratio', field: 'minutes', over: 'note' })], [model])).toEqual([{ file: 'r.json', path: '/measures/0/over', message: '字段 note 不是模型 daily 的数值字段' }]);
  });
});
