import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { joinBatchLines, splitBatchValue } from '../../runtime/form/batchInput';
import {
  DATE_FORMAT,
  DATE_KINDS,
  DATETIME_FORMAT,
  boundProblem,
  orderRange,
  RANGE_KINDS,
  rangePresets,
  resolveBound,
} from '../../runtime/form/dates';
import { formDependencies } from '../../runtime/form/dependencies';
import { normalizeFieldValue, readFieldValue, writeFieldValue } from '../../runtime/form/fieldValues';
import { FormStore } from '../../runtime/form/FormStore';
import { collapsedCount, columnSpan, layoutCells } from '../../runtime/form/layout';
import { maskValue } from '../../runtime/masking/masks';
import { formatThousands, stripThousands } from '../../runtime/form/numberFormat';
import { normalizeRange, splitRanges } from '../../runtime/form/ranges';
import { endSlots, timeSlots } from '../../runtime/form/timeSlots';

const split = (shape: Parameters<typeof writeFieldValue>[0], name: string, value: unknown) => {
  const out: Record<string, unknown> = {};
  writeFieldValue(shape, name, value, out);
  return out;
};

describe('the form grid', () => {
  it('[BB-FORM-01] divides 24 columns by the column count, each field spanning selfCols columns with its offsets', () => {
    expect([1, 2, 3, 4, 6].map(columnSpan)).toEqual([24, 12, 8, 6, 4]);
    const cells = layoutCells([{}, { selfCols: 2 }, { offsetLeftCols: 1 }, { offsetRightCols: 1 }, { fullRow: true }, {}], 3);
    expect(cells).toEqual([
      { span: 8, offset: 0, rightOffset: 0, row: 0 },
      { span: 16, offset: 0, rightOffset: 0, row: 0 },
      { span: 8, offset: 8, rightOffset: 0, row: 1 },
      { span: 8, offset: 0, rightOffset: 8, row: 2 },
      { span: 24, offset: 0, rightOffset: 0, row: 3 },
      { span: 8, offset: 0, rightOffset: 0, row: 4 },
    ]);
  });

  it('[BB-FORM-03] shows two rows of a collapsed form by default', () => {
    const cells = layoutCells(Array.from({ length: 9 }, () => ({})), 3);
    expect(collapsedCount(cells, 2, 0)).toBe(6);
  });

  it('[BO-FLT-01] [BO-FLT-21] [BO-FLT-22] fits three fields and the buttons in the filter bar\'s one row of four columns', () => {
    const cells = (n: number) => layoutCells(Array.from({ length: n }, () => ({})), 4);
    expect(collapsedCount(cells(3), 1, columnSpan(4))).toBe(3);
    // A fourth field does not fit: the bar starts collapsed.
    expect(collapsedCount(cells(4), 1, columnSpan(4))).toBe(3);
    expect(collapsedCount(layoutCells([{ selfCols: 2 }, {}, {}], 4), 1, columnSpan(4))).toBe(2);
  });
});

describe('values under "|" names', () => {
  it('[BB-FORM-35] splits a range, a linked select input and a cascade into their names', () => {
    expect(split('range', 'from|to', ['2026-01-01', '2026-01-31'])).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(split('pair', 'searchKey|searchValue', ['plateNo', '京A'])).toEqual({ searchKey: 'plateNo', searchValue: '京A' });
    expect(split('pair', 'searchKey|searchValue', ['plateNo', null])).toEqual({});
    expect(split('levels', 'p|c|d', ['110000', '110100'])).toEqual({ p: '110000', c: '110100' });
    expect(split('levels', 'path', ['F01', 'F0101'])).toEqual({ path: ['F01', 'F0101'] });
    expect(split('none', 'section', undefined)).toEqual({});
    expect(readFieldValue('levels', 'p|c|d', { p: '110000', c: '110100', d: null })).toEqual(['110000', '110100']);
    expect(readFieldValue('pair', 'k|v', { k: 'vin', v: 'LHS' })).toEqual(['vin', 'LHS']);
  });

  it('[BB-FORM-40] [BB-FORM-41] [BO-FLT-20] turns an empty pair into an empty list and copies the one filled end into both', () => {
    expect(normalizeRange([null, null])).toEqual([]);
    expect(normalizeRange(undefined)).toEqual([]);
    expect(normalizeRange(['', 5])).toEqual([5, 5]);
    expect(normalizeRange(['09:00', null])).toEqual(['09:00', '09:00']);
    expect(normalizeFieldValue('range', [null, '2026-01-31'])).toEqual(['2026-01-31', '2026-01-31']);
    expect(normalizeFieldValue('single', ['a'])).toEqual(['a']);
    expect(splitRanges(['roNo', 'from|to'], { roNo: 'RO1', 'from|to': [null, '2026-01-31'] })).toEqual({ roNo: 'RO1', from: '2026-01-31', to: '2026-01-31' });
    expect(splitRanges(['from|to'], { 'from|to': [] })).toEqual({});
  });
});

describe('the form store', () => {
  it('notifies only the listeners of the field that changed', () => {
    const store = new FormStore({ a: '1', b: '2' });
    const heard: string[] = [];
    store.subscribe('a', () => heard.push('a'));
    store.subscribe('b', () => heard.push('b'));
    store.set('a', '11');
    store.set('a', '11');
    expect(heard).toEqual(['a']);
    const before = store.versionOf(['b']);
    store.setErrors({ b: '必填' }, ['b']);
    expect(heard).toEqual(['a', 'b']);
    expect(store.versionOf(['b'])).toBe(before + 1);
    store.replace({ a: '1' });
    expect(heard).toEqual(['a', 'b', 'a', 'b']);
  });

  it('knows which form values a condition reads', () => {
    expect(formDependencies(["form.needPickup != '1'", "mode == 'add'"])).toEqual(['needPickup']);
    expect(formDependencies(["form['a'] == 1 && form.b"])).toEqual(['a', 'b']);
    expect(formDependencies(['form[name] == 1'])).toBe('*');
    expect(formDependencies([true, undefined])).toEqual([]);
  });
});

describe('the batch query-item dialog', () => {
  it('[BB-BATCH-03] [BB-BATCH-04] [BB-BATCH-05] strips whitespace from each line, drops empty lines and joins the rest by commas', () => {
    expect(joinBatchLines(' LHSA3B1C9TS000017 \n\n  LHS A5D2C4LS144546\r\n \t\n')).toBe('LHSA3B1C9TS000017,LHSA5D2C4LS144546');
  });

  it('[BB-BATCH-06] shows a comma-separated value one item per line', () => {
    expect(splitBatchValue('A,B,,C')).toBe('A\nB\nC');
    expect(splitBatchValue(undefined)).toBe('');
  });
});

describe('data masking', () => {
  it('[BO-MASK-01] shows the first 3 and last 4 digits of an 11-digit phone number', () => {
    expect(maskValue('phone', '13912345678')).toBe('139****5678');
    expect(maskValue('phone', '1391234567')).toBe('1391234567');
  });

  it('[BO-MASK-02] masks a +86 number of 14 characters as well', () => {
    expect(maskValue('phone', '+8613912345678')).toBe('+86139****5678');
  });

  it('[BO-MASK-03] masks vin, name, idCard, address and email by type', () => {
    // The same rules as table cells (runtime/masking/masks.ts): one value shows the same masked everywhere.
    expect(maskValue('vin', 'LHSA3B1C9TS000017')).toBe('LHS********000017');
    expect(maskValue('name', '赵晓东')).toBe('赵*东');
    expect(maskValue('idCard', '11010519491231002X')).toBe('110105********002X');
    expect(maskValue('address', '北京市朝阳区建国路88号')).toBe('北京市朝阳区****');
    expect(maskValue('address', '建国路88号')).toBe('建国路88号');
    expect(maskValue('email', 'zhaoxd@example.com')).toBe('z***@example.com');
  });
});

describe('number display', () => {
  it('[BB-FORM-46] groups thousands with a comma and a space', () => {
    expect(formatThousands(1234567.5)).toBe('1, 234, 567.5');
    expect(formatThousands('999')).toBe('999');
    expect(formatThousands(undefined)).toBe('');
  });

  it('[BB-FORM-47] strips the separators again', () => {
    expect(stripThousands('1, 234, 567.5')).toBe('1234567.5');
    expect(stripThousands('1,234')).toBe('1234');
    expect(Number(stripThousands(formatThousands(99999999)))).toBe(99999999);
  });
});

describe('dates', () => {
  const now = dayjs('2026-06-30 15:20:00');

  it('[BO-DATE-03] [BO-DATE-04] [BO-DATE-05] [BO-DATE-06] hold date and datetime as yyyy-MM-dd HH:mm:ss, exact dates yyyy-MM-dd, months yyyy-MM, years yyyy', () => {
    expect(Object.fromEntries(Object.entries(DATE_KINDS).map(([kind, k]) => [kind, k.value]))).toEqual({
      date: 'YYYY-MM-DD HH:mm:ss',
      datetime: 'YYYY-MM-DD HH:mm:ss',
      exactdate: 'YYYY-MM-DD',
      month: 'YYYY-MM',
      year: 'YYYY',
    });
  });

  it('[BB-DATE-03] formats date ranges as yyyy-MM-dd HH:mm:ss, yyyy-MM-dd or yyyy-MM', () => {
    expect(Object.values(RANGE_KINDS).map((k) => k.format)).toEqual(['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD', 'YYYY-MM']);
  });

  it('[BO-DATE-07] [BO-DATE-08] [BO-DATE-09] [BO-DATE-10] offer the last 1, 2, 7, 30, 60 and 90 days, this month, the year to date and the last six months', () => {
    const presets = Object.fromEntries(rangePresets(now).map((p) => [p.label, p.value.map((d) => d.format(DATETIME_FORMAT))]));
    expect(presets['最近1天']).toEqual(['2026-06-30 00:00:00', '2026-06-30 23:59:59']);
    expect(presets['最近2天']![0]).toBe('2026-06-29 00:00:00');
    expect(presets['最近一周']![0]).toBe('2026-06-24 00:00:00');
    expect(presets['最近30天']![0]).toBe('2026-06-01 00:00:00');
    expect(presets['最近60天']![0]).toBe('2026-05-02 00:00:00');
    expect(presets['最近90天']![0]).toBe('2026-04-02 00:00:00');
    expect(presets['本月']![0]).toBe('2026-06-01 00:00:00');
    expect(presets['今年至今']![0]).toBe('2026-01-01 00:00:00');
    expect(presets['最近半年']![0]).toBe('2025-12-30 00:00:00');
  });

  it('[BB-DATE-02] offer last week, one month, three months and six months', () => {
    const presets = Object.fromEntries(rangePresets(now).map((p) => [p.label, p.value[0].format(DATE_FORMAT)]));
    expect([presets['最近一周'], presets['最近一个月'], presets['最近三个月'], presets['最近半年']]).toEqual(['2026-06-24', '2026-05-30', '2026-03-30', '2025-12-30']);
  });

  it('[BB-DATE-01] refuses a date before the minimum or after the maximum date-time', () => {
    expect(resolveBound('today', now)!.format(DATETIME_FORMAT)).toBe('2026-06-30 00:00:00');
    expect(resolveBound('now', now)!.format(DATETIME_FORMAT)).toBe('2026-06-30 15:20:00');
    expect(boundProblem(dayjs('2020-01-01'), '2024-01-01', undefined, DATE_FORMAT)).toBe('不能早于 2024-01-01');
    expect(boundProblem(dayjs('2030-01-01'), undefined, '2029-12-31 18:00:00', DATETIME_FORMAT)).toBe('不能晚于 2029-12-31 18:00:00');
    expect(boundProblem(dayjs('2025-01-01'), '2024-01-01', '2029-12-31', DATE_FORMAT)).toBeUndefined();
  });

  it('[BO-FLT-19] clears the other end when a range would end before it starts', () => {
    // A start picked after the end clears the end; an end picked before the start clears the start.
    expect(orderRange(['2026-01-10', '2026-01-20'], ['2026-01-25', '2026-01-20'])).toEqual(['2026-01-25', null]);
    expect(orderRange(['2026-01-10', '2026-01-20'], ['2026-01-10', '2026-01-05'])).toEqual([null, '2026-01-05']);
    expect(orderRange([null, null], ['2026-01-10', '2026-01-20'])).toEqual(['2026-01-10', '2026-01-20']);
  });

  it('[BO-DATE-11] uses the zh-cn date locale', () => {
    expect(dayjs.locale()).toBe('zh-cn');
    expect(dayjs('2026-06-29').format('dddd')).toBe('星期一');
  });
});

describe('the time select', () => {
  it('[BB-DATE-04] [BB-DATE-05] [BB-DATE-06] runs from 00:00 to 23:45 in steps of 00:15', () => {
    const slots = timeSlots();
    expect([slots.length, slots[0], slots[1], slots.at(-1)]).toEqual([96, '00:00', '00:15', '23:45']);
    expect(timeSlots('08:00', '09:00', '00:30')).toEqual(['08:00', '08:30', '09:00']);
  });

  it('[BB-DATE-07] offers range ends at least one step after the start', () => {
    expect(endSlots(timeSlots('08:00', '10:00'), '09:00').slice(0, 2)).toEqual(['09:15', '09:30']);
    expect(endSlots(timeSlots('08:00', '10:00', '00:30'), '09:00', '00:30')).toEqual(['09:30', '10:00']);
  });
});
