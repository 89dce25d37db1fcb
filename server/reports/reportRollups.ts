// Summary tables of reports (`rollup` in a report definition): one row per dealer, Beijing day and the values of the
// fields named in `rollup.by`, with the row count and the sums of every field the report's measures read, kept exact
// by statement triggers on the model's table in the writing transaction. A report request the summary can answer (its
// dimensions and filters only among dealer, region, month, day, the period and the `by` fields, no hook narrowing the
// scope) reads it instead of the records: at 1,000,000 repair orders the summary of 维修工单统计 has about 82,000
// rows, so a year or all time grouped by dealer stops being a scan of every order (docs/decisions.md, issue 27).
import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dimension, Measure } from '../../schemas/report/report.types';
import type { Database } from '../db/schema';
import { snake } from '../models/columns';
import { isBlank } from '../models/fieldValues';
import type { RecordValues } from '../models/modelHooks';
import type { LoadedReport } from './reportCatalogue';

export interface RollupSpec {
  /** The summary table (snake case). */
  table: string;
  /** The model's table (snake case) and its period column as a Beijing date. */
  source: string;
  day: RawBuilder<unknown>;
  /** The period column and whether it is a date already (else a datetime read in Beijing time). */
  dateColumn: string;
  dated: boolean;
  /** Field name -> key column: the `by` fields (text, '' for none). */
  keys: Map<string, string>;
  /** Field name -> sum column (numeric) and count column (bigint, rows where it has a value: what an average divides by). */
  sums: Map<string, { sum: string; count: string }>;
}

const BEIJING = sql.lit('Asia/Shanghai');

export function rollupSpec(loaded: LoadedReport): RollupSpec | undefined {
  const { report, model } = loaded;
  if (!report.rollup) return undefined;
  const dateColumn = sql.ref(snake(report.dateField));
  const dated = model.fields.get(report.dateField)?.type === 'date';
  const measured = new Set(report.measures.flatMap((m) => [m.field, m.over]).filter((f): f is string => f !== undefined));
  return {
    table: `report_rollup_${snake(report.name)}`,
    source: snake(model.table),
    day: dated ? dateColumn : sql`(${dateColumn} at time zone ${BEIJING})::date`,
    dateColumn: snake(report.dateField),
    dated,
    keys: new Map(report.rollup.by.map((f) => [f, `k_${snake(f)}`])),
    sums: new Map([...measured].sort().map((f) => [f, { sum: `s_${snake(f)}`, count: `c_${snake(f)}` }])),
  };
}

/** What a summary table is made from: when it changes (a field added to `by`, a measure's field), it is made again. */
function signature(spec: RollupSpec): string {
  const text = JSON.stringify({ source: spec.source, day: [spec.dateColumn, spec.dated], keys: [...spec.keys], sums: [...spec.sums] });
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

const id = (name: string) => sql.id(name);
const fn = (spec: RollupSpec) => sql.id(`${spec.table}_apply`);
const TRIGGERS = { insert: 'rollup_inserted', update: 'rollup_updated', remove: 'rollup_deleted' } as const;

/** The grouped deltas of a set of rows (`rows`, a transition table or the table itself), each counted `sign` times; a
 * row without a period (an order not delivered yet) belongs to no day and is not counted, as the records' reading. */
function deltas(spec: RollupSpec, rows: RawBuilder<unknown>, sign: 1 | -1): RawBuilder<unknown> {
  const keys = [...spec.keys].map(([field, column]) => sql`coalesce(${sql.ref(snake(field))}::text, '') as ${id(column)}`);
  const sums = [...spec.sums].flatMap(([field, c]) => [
    sql`coalesce(sum(${sql.ref(snake(field))}), 0) * ${sql.lit(sign)} as ${id(c.sum)}`,
    sql`count(${sql.ref(snake(field))}) * ${sql.lit(sign)} as ${id(c.count)}`,
  ]);
  const grouped = Array.from({ length: spec.keys.size + 2 }, (_, i) => String(i + 1)).join(', ');
  return sql`select owner_code, ${spec.day} as day, ${sql.join([...keys, sql`count(*) * ${sql.lit(sign)} as n`, ...sums])}
    from ${rows} where owner_code is not null and ${sql.ref(spec.dateColumn)} is not null group by ${sql.raw(grouped)}`;
}

function columnsOf(spec: RollupSpec): string[] {
  return ['owner_code', 'day', ...spec.keys.values(), 'n', ...[...spec.sums.values()].flatMap((c) => [c.sum, c.count])];
}

/** Adds the deltas to the summary in key order (concurrent writers take its rows in one order), skipping net zeros. */
function upsert(spec: RollupSpec, source: RawBuilder<unknown>): RawBuilder<unknown> {
  const key = ['owner_code', 'day', ...spec.keys.values()];
  const added = columnsOf(spec).filter((c) => !key.includes(c));
  const total = (c: string) => sql`sum(${id(c)}) as ${id(c)}`;
  return sql`insert into ${sql.table(spec.table)} as t (${sql.join(columnsOf(spec).map(id))})
    select ${sql.join([...key.map(id), ...added.map(total)])} from (${source}) d group by ${sql.join(key.map(id))}
    having ${sql.join(added.map((c) => sql`sum(${id(c)}) <> 0`), sql` or `)} order by ${sql.join(key.map(id))}
    on conflict (${sql.join(key.map(id))}) do update set ${sql.join(added.map((c) => sql`${id(c)} = t.${id(c)} + excluded.${id(c)}`))}`;
}

/**
 * Makes the summary table of every report that asks for one, where missing or made from another definition: the table,
 * its trigger function, the rows counted from the records while writes wait (the lock lasts to the end of the
 * transaction, so no record is written between the count and the triggers), then the triggers.
 */
export async function migrateReportRollups(db: Kysely<Database>, reports: readonly LoadedReport[]): Promise<string[]> {
  const made: string[] = [];
  for (const loaded of reports) {
    const spec = rollupSpec(loaded);
    if (!spec) continue;
    const wanted = signature(spec);
    const { rows } = await sql<{ note: string | null }>`select obj_description(c.oid, 'pg_class') as note from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relname = ${spec.table}`.execute(db);
    if (rows[0]?.note === wanted) continue;
    await db.transaction().execute(async (tx) => {
      const source = sql.table(spec.source);
      await sql`lock table ${source} in share row exclusive mode`.execute(tx);
      for (const trigger of Object.values(TRIGGERS)) await sql`drop trigger if exists ${id(`${spec.table}_${trigger}`)} on ${source}`.execute(tx);
      await sql`drop table if exists ${sql.table(spec.table)}`.execute(tx);
      const keyColumns = [...spec.keys.values()].map((c) => sql`${id(c)} text not null`);
      const sumColumns = [...spec.sums.values()].flatMap((c) => [sql`${id(c.sum)} numeric not null`, sql`${id(c.count)} bigint not null`]);
      await sql`create table ${sql.table(spec.table)} (owner_code varchar(32) not null, day date not null, ${sql.join([...keyColumns, sql`n bigint not null`, ...sumColumns])},
        primary key (${sql.join(['owner_code', 'day', ...spec.keys.values()].map(id))}))`.execute(tx);
      await sql`comment on table ${sql.table(spec.table)} is ${sql.lit(wanted)}`.execute(tx);
      // One function for the three triggers: each branch reads only the transition tables its event has.
      await sql`create or replace function ${fn(spec)}() returns trigger language plpgsql as $body$
        begin
          if tg_op = 'INSERT' then ${upsert(spec, deltas(spec, sql`new_rows`, 1))};
          elsif tg_op = 'DELETE' then ${upsert(spec, deltas(spec, sql`old_rows`, -1))};
          else ${upsert(spec, sql`${deltas(spec, sql`new_rows`, 1)} union all ${deltas(spec, sql`old_rows`, -1)}`)};
          end if;
          return null;
        end $body$`.execute(tx);
      await sql`${upsert(spec, deltas(spec, source, 1))}`.execute(tx);
      await sql`create trigger ${id(`${spec.table}_${TRIGGERS.insert}`)} after insert on ${source} referencing new table as new_rows for each statement execute function ${fn(spec)}()`.execute(tx);
      await sql`create trigger ${id(`${spec.table}_${TRIGGERS.update}`)} after update on ${source} referencing old table as old_rows new table as new_rows for each statement execute function ${fn(spec)}()`.execute(tx);
      await sql`create trigger ${id(`${spec.table}_${TRIGGERS.remove}`)} after delete on ${source} referencing old table as old_rows for each statement execute function ${fn(spec)}()`.execute(tx);
    });
    made.push(spec.table);
  }
  return made;
}

/** The period and list filters a summary can apply, as conditions on it; undefined when a filter needs the records. */
export function rollupFilters(loaded: LoadedReport, spec: RollupSpec, params: RecordValues): RawBuilder<boolean>[] | undefined {
  const conditions: RawBuilder<boolean>[] = [];
  for (const filter of loaded.model.model.filters ?? []) {
    const value = params[filter.param];
    if (isBlank(value) || (Array.isArray(value) && value.length === 0)) continue;
    const field = filter.field ?? filter.param;
    const values = [value].flat().map(String);
    if (field === loaded.report.dateField && (filter.op === 'dayFrom' || filter.op === 'dayTo')) conditions.push(sql<boolean>`day ${sql.raw(filter.op === 'dayFrom' ? '>=' : '<=')} ${String(value)}::date`);
    else if (field === 'ownerCode' && (filter.op === 'in' || filter.op === 'eq')) conditions.push(sql<boolean>`owner_code in (${sql.join(values)})`);
    else if (spec.keys.has(field) && (filter.op === 'in' || filter.op === 'eq')) conditions.push(sql<boolean>`${id(spec.keys.get(field)!)} in (${sql.join(values)})`);
    else return undefined;
  }
  return conditions;
}

/** Whether the summary holds what the dimensions and measures ask for. */
export function rollupAnswers(spec: RollupSpec, dimensions: readonly Dimension[], measures: readonly Measure[]): boolean {
  return dimensions.every((d) => d.kind !== 'field' || spec.keys.has(d.field!)) && measures.every((m) => m.op === 'count' || (spec.sums.has(m.field!) && (m.over === undefined || spec.sums.has(m.over))));
}

/** A dimension's key in the summary. */
export function rollupKey(spec: RollupSpec, dimension: Dimension, pattern: string | undefined): RawBuilder<unknown> {
  if (dimension.kind === 'dealer') return sql.ref('r.owner_code');
  if (dimension.kind === 'region') return sql`rg.org_code`;
  if (pattern) return sql`to_char(r.day, ${sql.lit(pattern)})`;
  return sql`nullif(${sql.ref(`r.${spec.keys.get(dimension.field!)!}`)}, '')`;
}

/** A measure's number from the summary: the same figure the records give (sums of sums, averages of the sums). */
export function rollupMeasure(spec: RollupSpec, measure: Measure): RawBuilder<unknown> {
  if (measure.op === 'count') return sql`coalesce(sum(r.n), 0)`;
  const c = spec.sums.get(measure.field!)!;
  const sum = sql`coalesce(sum(${sql.ref(`r.${c.sum}`)}), 0)`;
  if (measure.op === 'sum') return sum;
  if (measure.op === 'avg') return sql`round(${sum}::numeric / nullif(sum(${sql.ref(`r.${c.count}`)}), 0), 2)`;
  return sql`round(${sum}::numeric * ${sql.lit(measure.factor ?? 1)} / nullif(sum(${sql.ref(`r.${spec.sums.get(measure.over!)!.sum}`)}), 0), 2)`;
}
