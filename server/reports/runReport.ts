// Runs one report: the groups of its model's rows in the user's data scope, by the dimensions asked, with the measures
// asked, filtered by the model's own list filters plus a month and a region; each group with the list filters that show
// its rows (drill-down), and the month before when asked. One parameterised statement per period; names of columns come
// from the checked definitions, never from the request. Measures read from another report, and rates of two measures,
// are joined in afterwards (reportLookups.ts).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dimension, Measure } from '../../schemas/report/report.types';
import type { DrillParams, ReportAnswer, ReportQuery, ReportValues } from '../../schemas/api/report';
import type { Database } from '../db/schema';
import { formatDateTime, startOfBeijingDay } from '../http/dates';
import type { SessionUser } from '../http/session';
import { snake } from '../models/columns';
import type { ModelHooks, RecordValues } from '../models/modelHooks';
import { ALIAS, filterConditions, scopeCondition } from '../models/modelReads';
import type { LoadedModel } from '../models/modelCatalogue';
import { ORG_TYPE } from '../seed/catalogue';
import type { LoadedReport } from './reportCatalogue';
import { monthDays, previousMonth } from './reportPeriods';
import { rollupAnswers, rollupFilters, rollupKey, rollupMeasure, rollupSpec, type RollupSpec } from './reportRollups';
import { ownerScope } from '../data/scope';
import { ApiError } from '../http/errors';
import { absentValue, joinLookups, lookupQuery, measurePlan, rankValue, rateOf } from './reportLookups';

export interface ReportContext {
  db: Kysely<Database>;
  user: SessionUser;
  hooks: ModelHooks | undefined;
  models: ReadonlyMap<string, LoadedModel>;
  /** The other reports (by name) a `report` measure reads, and their models' hooks. */
  reports?: ReadonlyMap<string, LoadedReport>;
  hooksOf?: (model: string) => ModelHooks | undefined;
}

/** The request's own parameters, apart from the model's list filters. */
export const REPORT_PARAMS = ['groupBy', 'measures', 'month', 'fromMonth', 'region', 'compare', 'top'] as const;

const ref = (column: string, alias = ALIAS) => sql.ref(`${alias}.${column}`);
const BEIJING = sql.lit('Asia/Shanghai');

interface Org {
  id: number;
  orgCode: string;
  orgName: string;
  parentId: number | null;
  orgType: string;
}

/** Whether the period field holds months (YYYY-MM text, a target's month) rather than days or instants. */
const monthly = (loaded: LoadedReport) => loaded.model.fields.get(loaded.report.dateField)?.type === 'month';

/** The report's period field as Beijing-time text of `pattern` (YYYY-MM, YYYY-MM-DD); a month field is its own text. */
function periodText(loaded: LoadedReport, pattern: string): RawBuilder<string> {
  const column = ref(loaded.report.dateField);
  if (monthly(loaded)) return sql<string>`${column}`;
  const dated = loaded.model.fields.get(loaded.report.dateField)?.type === 'date';
  return dated ? sql<string>`to_char(${column}, ${sql.lit(pattern)})` : sql<string>`to_char(${column} at time zone ${BEIJING}, ${sql.lit(pattern)})`;
}

/** How many days before today (Beijing) the period field lies: a receivable's age, a car's days in stock. */
function ageDays(loaded: LoadedReport): RawBuilder<number> {
  const column = ref(loaded.report.dateField);
  const day = loaded.model.fields.get(loaded.report.dateField)?.type === 'date' ? column : sql`(${column} at time zone ${BEIJING})::date`;
  return sql<number>`((now() at time zone ${BEIJING})::date - ${day})`;
}

/** The band of an age: 0 for up to the first bound (a row dated in the future too), the bounds' count past the last. */
function ageBand(loaded: LoadedReport, bands: readonly number[]): RawBuilder<unknown> {
  const age = ageDays(loaded);
  return sql`case ${sql.join(bands.map((most, i) => sql`when ${age} <= ${sql.lit(most)} then ${sql.lit(i)}`), sql` `)} else ${sql.lit(bands.length)} end`;
}

/** 0–30天, 31–90天, 90天以上. */
function bandLabels(bands: readonly number[]): Map<string, string> {
  const labels = new Map<string, string>();
  bands.forEach((most, i) => labels.set(String(i), `${i === 0 ? 0 : bands[i - 1]! + 1}–${most}天`));
  labels.set(String(bands.length), `${bands[bands.length - 1]!}天以上`);
  return labels;
}

/** The Beijing day `days` before today, YYYY-MM-DD. */
function daysBefore(days: number): string {
  return formatDateTime(new Date(Date.now() - days * 86_400_000)).slice(0, 10);
}

function dimensionKey(loaded: LoadedReport, dimension: Dimension): RawBuilder<unknown> {
  switch (dimension.kind) {
    case 'ageBand':
      return ageBand(loaded, dimension.bands ?? []);
    case 'dealer':
      return ref('ownerCode');
    case 'region':
      return sql`rg.org_code`;
    case 'month':
      return periodText(loaded, 'YYYY-MM');
    case 'day':
      return periodText(loaded, 'YYYY-MM-DD');
    case 'field':
      return ref(dimension.field!);
  }
}

/** A measure's number in SQL, before it is turned into the answer's form (what `top` ranks by). */
function measureNumber(measure: Measure): RawBuilder<unknown> {
  if (measure.op === 'count') return sql`count(*)`;
  const column = ref(measure.field!);
  // A ratio of the group's sums (utilisation, fault rate, mean time to repair), not an average of per-row ratios; an
  // empty denominator gives no figure rather than a division error.
  if (measure.op === 'ratio') return sql`round(coalesce(sum(${column}), 0)::numeric * ${sql.lit(measure.factor ?? 1)} / nullif(sum(${ref(measure.over!)}), 0), 2)`;
  return measure.op === 'avg' ? sql`round(avg(${column})::numeric, 2)` : sql`coalesce(sum(${column}), 0)`;
}

function measureValue(loaded: LoadedReport, measure: Measure): RawBuilder<unknown> {
  if (measure.op === 'count') return sql`count(*)::int`;
  // Money, decimals and averages as exact text; sums of whole numbers as numbers (they fit a double in any real report).
  const whole = measure.op === 'sum' && loaded.model.fields.get(measure.field!)?.type === 'int';
  return whole ? sql`${measureNumber(measure)}::bigint` : sql`${measureNumber(measure)}::text`;
}

/** The months a request reads: `month`, or `fromMonth` through `month`. */
interface Period {
  from: string;
  to: string;
}

/** The first day of the month after a YYYY-MM month, YYYY-MM-DD. */
const dayAfter = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
};

/** The period condition of some months: on a month column by its text, on a date column by day text, on a datetime
 * column by Beijing-time instants. */
function periodCondition(loaded: LoadedReport, period: Period): RawBuilder<boolean> {
  const column = ref(loaded.report.dateField);
  if (monthly(loaded)) return sql<boolean>`${column} >= ${period.from} and ${column} <= ${period.to}`;
  const first = monthDays(period.from).first;
  const next = dayAfter(period.to);
  if (loaded.model.fields.get(loaded.report.dateField)?.type === 'date') return sql<boolean>`${column} >= ${first} and ${column} < ${next}`;
  return sql<boolean>`${column} >= ${startOfBeijingDay(first)} and ${column} < ${startOfBeijingDay(next)}`;
}

/** The model's list-filter params of the period field (dayFrom / dayTo; from / to on a month field), for the
 * drill-down of a month or a day. */
function periodParams(loaded: LoadedReport): { from?: string; to?: string } {
  const filters = (loaded.model.model.filters ?? []).filter((f) => (f.field ?? f.param) === loaded.report.dateField);
  const [from, to] = monthly(loaded) ? ['from', 'to'] : ['dayFrom', 'dayTo'];
  return { from: filters.find((f) => f.op === from)?.param, to: filters.find((f) => f.op === to)?.param };
}

/** The list-filter param a field dimension drills into, and whether it takes a list. */
function fieldFilter(loaded: LoadedReport, dimension: Dimension): { param: string; list: boolean } | undefined {
  const param = dimension.filter ?? dimension.field!;
  const filter = (loaded.model.model.filters ?? []).find((f) => f.param === param);
  return filter && { param, list: filter.op === 'in' };
}

const dealersOf = (orgs: readonly Org[], regionCode: string): string[] => {
  const region = orgs.find((o) => o.orgCode === regionCode && o.orgType === ORG_TYPE.region);
  return region ? orgs.filter((o) => o.parentId === region.id && o.orgType === ORG_TYPE.dealer).map((o) => o.orgCode) : [];
};

/** The labels of field dimensions: a dictionary's text, a ref's title; other values show as they are. */
async function fieldLabels(context: ReportContext, loaded: LoadedReport, dimension: Dimension, keys: unknown[]): Promise<Map<string, string>> {
  const field = loaded.model.fields.get(dimension.field!);
  const wanted = [...new Set(keys.filter((k) => k !== null).map(String))];
  if (!field || wanted.length === 0) return new Map();
  if (field.type === 'dict' && field.dict) {
    const rows = await context.db.selectFrom('dictCodes').select(['codeId', 'codeCnDesc']).where('type', '=', field.dict).where('codeId', 'in', wanted).execute();
    return new Map(rows.map((r) => [r.codeId, r.codeCnDesc]));
  }
  if (field.type === 'ref' && field.ref) {
    const target = field.ref.model ? context.models.get(field.ref.model) : undefined;
    const table = target?.table ?? field.ref.table;
    const title = field.ref.title ?? target?.model.titleField;
    const key = field.ref.key ?? 'id';
    if (!table || !title) return new Map();
    const { rows } = await sql<{ key: unknown; title: unknown }>`select ${sql.ref(key)} as key, ${sql.ref(title)} as title from ${sql.table(snake(table))} where ${sql.ref(key)} in (${sql.join(wanted)})`.execute(context.db);
    return new Map(rows.map((r) => [String(r.key), String(r.title ?? '')]));
  }
  return new Map();
}

interface Plan {
  dimensions: Dimension[];
  measures: Measure[];
  conditions: RawBuilder<boolean>[];
  needsRegion: boolean;
  top?: number;
}

/** Where a report's groups are read: the model's records, or its summary table (reportRollups.ts). */
interface Source {
  table: RawBuilder<unknown>;
  key(dimension: Dimension): RawBuilder<unknown>;
  number(measure: Measure): RawBuilder<unknown>;
  value(measure: Measure): RawBuilder<unknown>;
  period(period: Period): RawBuilder<boolean>;
  /** What leaves out groups the records would not have (a summary row emptied by moves and deletes). */
  having?: RawBuilder<boolean>;
}

const recordsOf = (loaded: LoadedReport): Source => ({
  table: sql.table(snake(loaded.model.table)),
  key: (d) => dimensionKey(loaded, d),
  number: measureNumber,
  value: (m) => measureValue(loaded, m),
  period: (period) => periodCondition(loaded, period),
});

function summaryOf(loaded: LoadedReport, spec: RollupSpec): Source {
  const pattern = (d: Dimension) => (d.kind === 'month' ? 'YYYY-MM' : d.kind === 'day' ? 'YYYY-MM-DD' : undefined);
  const whole = (m: Measure) => m.op === 'count' || (m.op === 'sum' && loaded.model.fields.get(m.field!)?.type === 'int');
  return {
    table: sql.table(spec.table),
    having: sql<boolean>`sum(r.n) <> 0`,
    key: (d) => rollupKey(spec, d, pattern(d)),
    number: (m) => rollupMeasure(spec, m),
    value: (m) => (whole(m) ? sql`${rollupMeasure(spec, m)}::bigint` : sql`${rollupMeasure(spec, m)}::text`),
    period: (period) => sql<boolean>`r.day >= ${monthDays(period.from).first}::date and r.day < ${dayAfter(period.to)}::date`,
  };
}

async function groups(context: ReportContext, source: Source, plan: Plan, period: Period | undefined): Promise<Record<string, unknown>[]> {
  const keys = plan.dimensions.map((d, i) => sql`${source.key(d)} as ${sql.id(`d${i}`)}`);
  const values = plan.measures.map((m, i) => sql`${source.value(m)} as ${sql.id(`m${i}`)}`);
  const where = [...plan.conditions, ...(period ? [source.period(period)] : [])];
  // A request of other reports' measures only still reads its groups (a statement selects at least one thing).
  if (keys.length === 0 && values.length === 0) values.push(sql`count(*)::int as ${sql.id('n')}`);
  const joins = plan.needsRegion
    ? sql`left join organizations as rd on rd.org_code = ${ref('ownerCode')} left join organizations as rg on rg.id = rd.parent_id and rg.org_type = ${ORG_TYPE.region}`
    : sql``;
  const grouped = sql`group by ${sql.raw(plan.dimensions.map((_, i) => String(i + 1)).join(', '))}${source.having ? sql` having ${source.having}` : sql``}`;
  const groupBy = plan.dimensions.length > 0 ? grouped : sql``;
  const order =
    plan.top !== undefined && plan.measures.length > 0
      ? sql`order by ${source.number(plan.measures[0]!)} desc nulls last limit ${plan.top}`
      : plan.dimensions.length > 0
        ? sql`order by ${sql.raw(plan.dimensions.map((_, i) => String(i + 1)).join(', '))}`
        : sql``;
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join([...keys, ...values])} from ${source.table} as ${sql.id(ALIAS)} ${joins}
    where ${sql.join(where, sql` and `)} ${groupBy} ${order}`.execute(context.db);
  return rows;
}

/** The months asked: `month`, or `fromMonth` through `month` (fromMonth alone, or after month, is refused). */
function periodOf(query: ReportQuery): Period | undefined {
  if (query.fromMonth === undefined) return query.month === undefined ? undefined : { from: query.month, to: query.month };
  if (query.month === undefined || query.fromMonth > query.month) throw new ApiError('invalidInput', '起始月份须与月份同给，且不晚于月份');
  return { from: query.fromMonth, to: query.month };
}

/** Another report's measure for the same groups (reportLookups.ts), with the measure it is. */
async function lookupAnswer(context: ReportContext, lookup: Measure, dimensions: readonly Dimension[], params: RecordValues, query: ReportQuery & RecordValues): Promise<{ answer: ReportAnswer; absent: string | number | null }> {
  const other = context.reports?.get(lookup.report!);
  if (!other) throw new Error(`报表 ${lookup.report} 未加载`);
  const asked = lookupQuery(lookup, other, dimensions, params, query as Record<string, unknown>);
  const answer = await runReport({ ...context, hooks: context.hooksOf?.(other.report.model) }, other, asked as ReportQuery & RecordValues);
  const source = other.report.measures.find((m) => m.name === lookup.measure);
  return { answer, absent: absentValue(source, source?.field ? other.model.fields.get(source.field) : undefined) };
}

const measureOut = (value: unknown): string | number | null => (value === null || value === undefined ? null : typeof value === 'string' && /^-?\d+$/.test(value) && value.length < 16 ? Number(value) : (value as string | number));

export async function runReport(context: ReportContext, loaded: LoadedReport, query: ReportQuery & RecordValues): Promise<ReportAnswer> {
  const { report } = loaded;
  const dimensions = (query.groupBy ?? []).map((name) => report.dimensions.find((d) => d.name === name)!).filter(Boolean);
  // In the order asked: the first measure is the one `top` ranks by and a KPI shows.
  const asked = query.measures?.length ? query.measures.map((name) => report.measures.find((m) => m.name === name)!).filter(Boolean) : report.measures;
  // The records' own measures (those rates divide too), then the other reports' and the rates, joined in below.
  const { own: measures, lookups, rates } = measurePlan(report, asked);
  const derived = lookups.length > 0 || rates.length > 0;
  const period = periodOf(query);
  const readContext = { db: context.db, user: context.user, loaded: loaded.model, hooks: context.hooks };
  // The definition's own filters (呆滞件: slowMoving=1) always apply, whatever the request sends.
  const requested: RecordValues = Object.fromEntries(Object.entries(query).filter(([name]) => !(REPORT_PARAMS as readonly string[]).includes(name)));
  const params: RecordValues = { ...requested, ...(report.params ?? {}) };
  // The summary table when it holds the answer (no filter or dimension it lacks, no hook narrowing the scope or
  // filtering), else the records: both give the same figures.
  const spec = rollupSpec(loaded);
  const summaryFilters = spec && rollupAnswers(spec, dimensions, measures) && !context.hooks?.scope && (context.hooks?.filter?.({ params }, ALIAS).length ?? 0) === 0 ? rollupFilters(loaded, spec, params) : undefined;
  const source = spec && summaryFilters ? summaryOf(loaded, spec) : recordsOf(loaded);
  const conditions = summaryFilters
    ? [sql<boolean>`${ref('ownerCode')} in (${sql.join(await ownerScope(context.db, context.user))})`, ...summaryFilters]
    : [await scopeCondition(readContext), ...filterConditions(loaded.model, context.hooks, params), sql<boolean>`${ref(report.dateField)} is not null`];
  const needsOrgs = query.region !== undefined || dimensions.some((d) => d.kind === 'dealer' || d.kind === 'region');
  const orgs: Org[] = needsOrgs ? await context.db.selectFrom('organizations').select(['id', 'orgCode', 'orgName', 'parentId', 'orgType']).execute() : [];
  const regionDealers = query.region !== undefined ? dealersOf(orgs, query.region) : undefined;
  if (regionDealers) conditions.push(regionDealers.length > 0 ? sql<boolean>`${ref('ownerCode')} in (${sql.join(regionDealers)})` : sql<boolean>`false`);
  // With measures joined in afterwards, `top` ranks the joined groups.
  const plan: Plan = { dimensions, measures, conditions, needsRegion: dimensions.some((d) => d.kind === 'region'), top: derived ? undefined : query.top };
  const compare = query.compare === 'previous' && query.month !== undefined && query.fromMonth === undefined;
  const previous = query.month ? previousMonth(query.month) : undefined;

  const [current, before, looked] = await Promise.all([
    groups(context, source, plan, period),
    compare && previous ? groups(context, source, { ...plan, top: undefined }, { from: previous, to: previous }) : Promise.resolve(undefined),
    Promise.all(lookups.map((lookup) => lookupAnswer(context, lookup, dimensions, requested, query))),
  ]);

  const labels = new Map<string, Map<string, string>>();
  const orgNames = new Map(orgs.map((o) => [o.orgCode, o.orgName]));
  for (const [i, d] of dimensions.entries()) {
    if (d.kind === 'dealer' || d.kind === 'region') labels.set(d.name, orgNames);
    if (d.kind === 'field') labels.set(d.name, await fieldLabels(context, loaded, d, [...current, ...(before ?? [])].map((r) => r[`d${i}`])));
    if (d.kind === 'ageBand') labels.set(d.name, bandLabels(d.bands ?? []));
  }
  const valuesOf = (row: Record<string, unknown>): ReportValues => {
    const values: ReportValues = {};
    dimensions.forEach((d, i) => {
      const key = row[`d${i}`] === null || row[`d${i}`] === undefined ? null : String(row[`d${i}`]);
      values[d.name] = key;
      values[`${d.name}Label`] = key === null ? null : (labels.get(d.name)?.get(key) ?? key);
    });
    measures.forEach((m, i) => (values[m.name] = measureOut(row[`m${i}`])));
    return values;
  };
  // The other reports' figures joined in, the rates computed, and only the measures asked kept, in their order.
  const complete = (rows: ReportValues[], side: 'rows' | 'previous'): ReportValues[] => {
    if (!derived) return rows;
    const joined = joinLookups(
      dimensions,
      measures.map((measure) => ({ measure, absent: absentValue(measure, measure.field ? loaded.model.fields.get(measure.field) : undefined) })),
      rows,
      lookups.map((measure, i) => ({ measure, absent: looked[i]!.absent, rows: side === 'rows' ? looked[i]!.answer.rows.map((r) => r.values) : (looked[i]!.answer.previous ?? []) })),
    );
    const shaped = joined.map((values) => {
      for (const rate of rates) values[rate.name] = rateOf(rate, values);
      const out: ReportValues = {};
      for (const d of dimensions) [d.name, `${d.name}Label`].forEach((name) => (out[name] = values[name] ?? null));
      for (const m of asked) out[m.name] = values[m.name] ?? null;
      return out;
    });
    if (side === 'previous' || query.top === undefined || asked.length === 0) return shaped;
    const first = asked[0]!.name;
    return shaped.sort((a, b) => rankValue(b[first]) - rankValue(a[first])).slice(0, query.top);
  };

  // What every group's drill-down carries: the asked list filters, the months as the period's days (as months on a
  // month field), the region's dealers.
  const periodFilter = periodParams(loaded);
  const base: DrillParams = {};
  for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== null && value !== '') base[name] = Array.isArray(value) ? value.map(String) : String(value);
  const setPeriod = (drill: DrillParams, first: string, last: string) => {
    if (periodFilter.from) drill[periodFilter.from] = monthly(loaded) ? first.slice(0, 7) : first;
    if (periodFilter.to) drill[periodFilter.to] = monthly(loaded) ? last.slice(0, 7) : last;
  };
  const setDealers = (drill: DrillParams, codes: string[]) => {
    const named = drill.ownerCode ? [drill.ownerCode].flat() : undefined;
    drill.ownerCode = named ? codes.filter((c) => named.includes(c)) : codes;
  };
  if (period) setPeriod(base, monthDays(period.from).first, monthDays(period.to).last);
  if (regionDealers) setDealers(base, regionDealers);
  const drillOf = (values: ReportValues): DrillParams => {
    const drill: DrillParams = { ...base };
    for (const d of dimensions) {
      const key = values[d.name];
      if (key === null || key === undefined) continue;
      const text = String(key);
      if (d.kind === 'dealer') setDealers(drill, [text]);
      else if (d.kind === 'region') setDealers(drill, dealersOf(orgs, text));
      else if (d.kind === 'month') setPeriod(drill, monthDays(text).first, monthDays(text).last);
      else if (d.kind === 'day') setPeriod(drill, text, text);
      else if (d.kind === 'ageBand') {
        // The band's days as the period field's dates: from (today − its most) to (today − the band before's most − 1).
        const bands = d.bands ?? [];
        const band = Number(text);
        if (periodFilter.from && band < bands.length) drill[periodFilter.from] = daysBefore(bands[band]!);
        else if (periodFilter.from) delete drill[periodFilter.from];
        if (periodFilter.to && band > 0) drill[periodFilter.to] = daysBefore(bands[band - 1]! + 1);
        else if (periodFilter.to) delete drill[periodFilter.to];
      }
      else {
        const filter = fieldFilter(loaded, d);
        if (filter) drill[filter.param] = filter.list ? [text] : text;
      }
    }
    return drill;
  };

  return {
    dimensions: dimensions.map((d) => ({ name: d.name, label: d.label })),
    measures: asked.map((m) => ({ name: m.name, label: m.label, ...(m.unit !== undefined && { unit: m.unit }) })),
    rows: complete(current.map(valuesOf), 'rows').map((values) => ({ values, drill: drillOf(values) })),
    ...(before && { previous: complete(before.map(valuesOf), 'previous') }),
  };
}
