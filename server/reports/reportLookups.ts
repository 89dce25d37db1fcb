// Measures a report does not compute from its own records (issue 27): `report`, another report's measure for the same
// groups (交车 against the 零售目标 of salesTargets), and `rate`, the ratio of two of the report's measures (达成率 =
// 交车 ÷ 目标). The other report is asked once per request with the same grouping, period, region and dealer filters,
// in the same user's data scope; the two answers are joined on the groups' keys, a group of either side kept (the
// other side's figure 0). Rates are computed exactly (schemas/expression/decimal.ts), two decimals, as ratio measures.
import type { Dimension, Measure, Report } from '../../schemas/report/report.types';
import type { ReportValues } from '../../schemas/api/report';
import { decimalText, divideDecimal, multiplyDecimal, toDecimal } from '../../schemas/expression/decimal';
import { ApiError } from '../http/errors';
import type { RecordValues } from '../models/modelHooks';
import type { LoadedReport } from './reportCatalogue';

/** The measures a request needs, by how each is computed: the records' own, another report's, rates of the two. */
export interface MeasurePlan {
  /** count, sum, avg, ratio: one SQL statement over the report's records. */
  own: Measure[];
  /** op report: another report's measure. */
  lookups: Measure[];
  /** op rate: computed from two of the above, in the order asked. */
  rates: Measure[];
}

export const isDerived = (measure: Measure): boolean => measure.op === 'report' || measure.op === 'rate';

/** The measures `asked` and those their rates read, split by how each is computed: each once, the asked in their order
 * (the first is what `top` ranks by), then those only a rate reads. */
export function measurePlan(report: Report, asked: readonly Measure[]): MeasurePlan {
  const read = asked.filter((m) => m.op === 'rate').flatMap((m) => report.measures.filter((o) => o.name === m.of || o.name === m.over));
  const all = [...new Set([...asked, ...read])];
  return { own: all.filter((m) => !isDerived(m)), lookups: all.filter((m) => m.op === 'report'), rates: asked.filter((m) => m.op === 'rate') };
}

/** A measure with what a group lacking it shows: none counted is 0 (a sum of money "0.00", exact text as every sum of
 * money); an average or ratio of nothing has no figure. */
export interface Absent {
  measure: Measure;
  absent: string | number | null;
}

/** What a group lacking `measure` shows, given the type and scale of the field it sums. */
export function absentValue(measure: Measure | undefined, field: { type: string; scale?: number } | undefined): string | number | null {
  if (measure?.op === 'count') return 0;
  if (measure?.op !== 'sum') return null;
  if (!field || field.type === 'int') return 0;
  const scale = field.scale ?? (field.type === 'money' ? 2 : 0);
  return scale > 0 ? `0.${'0'.repeat(scale)}` : '0';
}

/**
 * The query a lookup asks the other report: the same grouping, period, region and compare, and the list filters the
 * request gave (its dealers); refused when the other report has no such dimension or its model no such filter, since a
 * figure beside another one cut differently would mislead.
 */
export function lookupQuery(lookup: Measure, other: LoadedReport, dimensions: readonly Dimension[], params: RecordValues, query: Record<string, unknown>): RecordValues {
  for (const d of dimensions) {
    const theirs = other.report.dimensions.find((o) => o.name === d.name);
    if (!theirs || theirs.kind !== d.kind) throw new ApiError('invalidInput', `指标 ${lookup.label} 取自报表 ${other.report.title}，不能按 ${d.label} 分组`);
  }
  const filters = new Set((other.model.model.filters ?? []).map((f) => f.param));
  for (const name of Object.keys(params)) {
    if (!filters.has(name)) throw new ApiError('invalidInput', `指标 ${lookup.label} 取自报表 ${other.report.title}，不能按筛选参数 ${name} 取数`);
  }
  const shared = Object.fromEntries(['month', 'fromMonth', 'region', 'compare'].filter((name) => query[name] !== undefined).map((name) => [name, query[name]]));
  return { ...params, ...shared, groupBy: dimensions.map((d) => d.name), measures: [lookup.measure!] } as RecordValues;
}

/** A group's key over the dimensions: what the two answers are joined on. */
const keyOf = (dimensions: readonly Dimension[], values: ReportValues) => JSON.stringify(dimensions.map((d) => values[d.name] ?? null));

/**
 * Joins the other reports' figures into the report's groups: each group gets each lookup's figure (or its absent
 * value), and a group only the other report has is added with the report's own measures absent. Sorted by the keys,
 * as the statement orders them.
 */
export function joinLookups(dimensions: readonly Dimension[], own: readonly Absent[], rows: readonly ReportValues[], lookups: readonly (Absent & { rows: readonly ReportValues[] })[]): ReportValues[] {
  const joined = new Map<string, ReportValues>();
  const blank = (from: ReportValues): ReportValues => {
    const values: ReportValues = {};
    for (const d of dimensions) {
      values[d.name] = from[d.name] ?? null;
      values[`${d.name}Label`] = from[`${d.name}Label`] ?? null;
    }
    for (const m of [...own, ...lookups]) values[m.measure.name] = m.absent;
    return values;
  };
  for (const row of rows) joined.set(keyOf(dimensions, row), { ...blank(row), ...row });
  for (const lookup of lookups) {
    for (const row of lookup.rows) {
      const key = keyOf(dimensions, row);
      const values = joined.get(key) ?? blank(row);
      values[lookup.measure.name] = row[lookup.measure.measure!] ?? lookup.absent;
      joined.set(key, values);
    }
  }
  const ordered = [...joined.values()];
  if (dimensions.length === 0) return ordered.slice(0, 1);
  return ordered.sort((a, b) => {
    for (const d of dimensions) {
      const x = a[d.name];
      const y = b[d.name];
      if (x === y) continue;
      if (x === null || x === undefined) return 1;
      if (y === null || y === undefined) return -1;
      return String(x) < String(y) ? -1 : 1;
    }
    return 0;
  });
}

/** of × factor ÷ over, two decimals as text; none when either is missing or the denominator is 0. */
export function rateOf(rate: Measure, values: ReportValues): string | null {
  const of = toDecimal(values[rate.of!]);
  const over = toDecimal(values[rate.over!]);
  const factor = toDecimal(rate.factor ?? 1);
  if (!of || !over || !factor) return null;
  const quotient = divideDecimal(multiplyDecimal(of, factor), over, 2);
  return quotient ? decimalText(quotient, 2) : null;
}

/** The first measure as a number, for `top` (ranked by value, not by its text). */
export function rankValue(value: string | number | null | undefined): number {
  const number = typeof value === 'number' ? value : Number(value);
  return value === null || value === undefined || !Number.isFinite(number) ? Number.NEGATIVE_INFINITY : number;
}
