// Every read of a model: the data scope (always), the list's filters and sort, the names a ref shows, the page, one
// record with its lines, and the export's batches. Rows outside the scope are not found, never "forbidden".
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Field } from '../../schemas/model/model.types';
import { refTitleAlias } from '../../schemas/model/modelChecks';
import type { Page } from '../../schemas/api/page';
import type { Database } from '../db/schema';
import { NO_CODE, ownerScope, visibleOrgCodes } from '../data/scope';
import { formatDateTime, startOfBeijingDay } from '../http/dates';
import { ApiError } from '../http/errors';
import { sortOf } from '../http/paging';
import type { SessionUser } from '../http/session';
import { refKey, snake } from './columns';
import { fromColumn, isBlank } from './fieldValues';
import type { LoadedChild, LoadedModel } from './modelCatalogue';
import type { ModelHooks, RecordValues } from './modelHooks';
import { containing } from '../data/likePatterns';
import { keptRowCount } from './ownerRowCounts';

export const ALIAS = 'r';

export interface ReadContext {
  db: Kysely<Database>;
  user: SessionUser;
  loaded: LoadedModel;
  hooks: ModelHooks | undefined;
  /** The other models, for refs to a model (its table and title field). */
  models: ReadonlyMap<string, LoadedModel>;
  /** A job's reads: the owner codes its requester's scope held when it was created, instead of the user's. */
  ownerCodes?: string[];
  /** Every model's hooks by model name, so a hook can write another model's records (`HookContext.records`). */
  allHooks?: Readonly<Record<string, ModelHooks>>;
  /** A hook's write for a named dealer (`records(name, { ownerCode })`): new records belong to it, whoever the user is. */
  actingOwner?: string;
}

const ref = (column: string, alias = ALIAS) => sql.ref(`${alias}.${column}`);
const inList = (column: RawBuilder<unknown>, values: unknown[]) => (values.length === 0 ? sql<boolean>`false` : sql<boolean>`${column} in (${sql.join(values)})`);

interface Scope {
  /** The dealers whose rows are in scope (owner-scoped models). */
  ownerCodes?: string[];
  /** Every condition of the scope, the owner codes' included. */
  parts: RawBuilder<boolean>[];
  /** A hook narrows the scope beyond the dealers. */
  narrowed: boolean;
}

async function scopeOf(context: Pick<ReadContext, 'db' | 'user' | 'loaded' | 'hooks' | 'ownerCodes'>, alias: string): Promise<Scope> {
  const { db, user, loaded, hooks } = context;
  const scope: Scope = { parts: [], narrowed: false };
  if (loaded.model.scope === 'owner') {
    scope.ownerCodes = context.ownerCodes ?? (await ownerScope(db, user));
    scope.parts.push(inList(ref('ownerCode', alias), scope.ownerCodes));
  }
  if (loaded.model.scope === 'org') {
    const codes = await visibleOrgCodes(db, user);
    scope.parts.push(inList(ref('orgCode', alias), codes.length > 0 ? codes : [NO_CODE]));
  }
  const extra = context.ownerCodes ? undefined : hooks?.scope?.({ db, user, model: loaded }, alias);
  if (extra) {
    scope.parts.push(extra);
    scope.narrowed = true;
  }
  return scope;
}

const joined = (parts: RawBuilder<boolean>[]) => (parts.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(parts, sql` and `)})`);

/** The data scope of every query on the model, plus the conditions its hook adds. */
export async function scopeCondition(context: Pick<ReadContext, 'db' | 'user' | 'loaded' | 'hooks' | 'ownerCodes'>, alias = ALIAS): Promise<RawBuilder<boolean>> {
  return joined((await scopeOf(context, alias)).parts);
}

/** A field of the model, or an implicit column read as a datetime (createdAt) or a plain value. */
function fieldOrImplicit(loaded: LoadedModel, name: string): Field | undefined {
  return loaded.fields.get(name) ?? (name === 'createdAt' || name === 'updatedAt' ? { name, label: name, type: 'datetime' } : undefined);
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : isBlank(value) ? [] : [value]);

/** The list's filters, from its parameters, as conditions (unknown or empty parameters are ignored). */
export function filterConditions(loaded: LoadedModel, hooks: ModelHooks | undefined, params: RecordValues): RawBuilder<boolean>[] {
  const conditions: RawBuilder<boolean>[] = [];
  for (const filter of loaded.model.filters ?? []) {
    const value = params[filter.param];
    if (isBlank(value) || (Array.isArray(value) && value.length === 0)) continue;
    const name = filter.field ?? filter.param;
    const field = fieldOrImplicit(loaded, name);
    const column = ref(name);
    switch (filter.op) {
      case 'eq':
        conditions.push(sql<boolean>`${column} = ${field?.type === 'boolean' ? value === true || value === 'true' || value === '1' : value}`);
        break;
      case 'like':
        conditions.push(sql<boolean>`${column} ilike ${containing(String(value).trim())}`);
        break;
      case 'in': {
        const values = asList(value);
        // On a list field: the rows whose list holds any of the values.
        if (field?.multiple) {
          const item = (v: unknown) => (field.type === 'int' || (field.type === 'ref' && refKey(field) === 'id') ? Number(v) : String(v));
          conditions.push(values.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(values.map((v) => sql`${column} @> ${JSON.stringify([item(v)])}::jsonb`), sql` or `)})`);
        } else conditions.push(inList(column, values));
        break;
      }
      case 'vin': {
        const vins = String(value).split(/[,，\s]+/).filter(Boolean).map((v) => v.toUpperCase());
        // A whole VIN (or a batch of them) matches exactly; a fragment matches anywhere, usually the last digits.
        conditions.push(vins.length > 1 || vins[0]?.length === 17 ? inList(column, vins) : sql<boolean>`${column} like ${containing(vins[0] ?? '')}`);
        break;
      }
      case 'from':
        conditions.push(sql<boolean>`${column} >= ${value}`);
        break;
      case 'to':
        conditions.push(sql<boolean>`${column} <= ${value}`);
        break;
      case 'dayFrom':
        conditions.push(field?.type === 'date' ? sql<boolean>`${column} >= ${value}` : sql<boolean>`${column} >= ${startOfBeijingDay(String(value))}`);
        break;
      case 'dayTo':
        conditions.push(field?.type === 'date' ? sql<boolean>`${column} <= ${value}` : sql<boolean>`${column} < ${startOfBeijingDay(String(value), 1)}`);
        break;
      case 'present':
        conditions.push(String(value) === '1' ? sql<boolean>`${column} is not null` : sql<boolean>`${column} is null`);
        break;
      case 'search': {
        const key = params[filter.keyParam ?? ''];
        if (typeof key === 'string' && (filter.fields ?? []).includes(key)) conditions.push(sql<boolean>`${ref(key)} ilike ${containing(String(value).trim())}`);
        break;
      }
    }
  }
  return [...conditions, ...(hooks?.filter?.({ params }, ALIAS) ?? [])];
}

/** The names the list may be sorted by: sortable fields, the default sort, the number and the record's times. */
export function sortableColumns(loaded: LoadedModel): Record<string, string> {
  const names = new Set(['createdAt', 'updatedAt', 'id', ...(loaded.model.scope === 'owner' ? ['ownerCode'] : [])]);
  if (loaded.model.defaultSort) names.add(loaded.model.defaultSort.field);
  if (loaded.model.naming) names.add(loaded.model.naming.field);
  for (const field of loaded.fields.values()) if (field.sortable) names.add(field.name);
  return Object.fromEntries([...names].map((n) => [n, n]));
}

interface RefJoin {
  field: Field;
  table: string;
  key: string;
  title: string;
  as: string;
  where: Record<string, string | number | boolean>;
}

/** The title a ref answers beside its value: the name of the repair type, the employee, the model. */
export function refJoins(fields: Iterable<Field>, models: ReadonlyMap<string, LoadedModel>): RefJoin[] {
  const joins: RefJoin[] = [];
  for (const field of fields) {
    if (field.type !== 'ref' || !field.ref || field.multiple) continue;
    const target = field.ref.model ? models.get(field.ref.model) : undefined;
    const table = target ? target.table : field.ref.table;
    const title = field.ref.title ?? target?.model.titleField;
    if (!table || !title) continue;
    joins.push({ field, table, key: refKey(field), title, as: refTitleAlias(field), where: field.ref.where ?? {} });
  }
  return joins;
}

const quoted = (name: string) => `"${snake(name)}"`;
const column = (alias: string, name: string) => `"${alias}".${quoted(name)}`;

/** The select list of a table's fields: decimals as exact text, long fields only when `whole`. Names come from checked
 * models (lower camel case), so they are written into the SQL text directly, quoted. */
function fieldSelections(fields: Iterable<Field>, alias: string, whole: boolean): string[] {
  const selections: string[] = [];
  for (const field of fields) {
    if (!whole && field.inList === false) continue;
    selections.push(field.type === 'money' || field.type === 'decimal' ? `${column(alias, field.name)}::text as ${quoted(field.name)}` : column(alias, field.name));
  }
  return selections;
}

const statements = new WeakMap<LoadedModel, Map<string, string>>();

/**
 * How the select list reads a ref's title. `lookup`, for a page or one record: a subquery per row and ref, which leaves
 * the planner no join order to weigh (a booking's twelve refs joined took 100-200 ms to plan for a 40-row page on
 * PGlite, ~30 ms looked up). `join`, for an export's batches of thousands of rows, where one lookup per row and ref costs
 * more than the planning (100,000 labour items: 8.5 s joined, 18 s looked up).
 */
type RefTitles = 'lookup' | 'join';
/** Up to this many rows a read looks its titles up. */
const LOOKUP_ROWS = 500;

/** `select ... from <table> r <joins>` of a model, built once per model and kind of read (the list's hot path). */
function selectText(context: ReadContext, whole: boolean, titles: RefTitles): string {
  const { loaded, models } = context;
  const cache = statements.get(loaded) ?? new Map<string, string>();
  statements.set(loaded, cache);
  const key = `${whole ? 'whole' : 'list'} ${titles}`;
  const known = cache.get(key);
  if (known) return known;
  const selections = [column(ALIAS, 'id'), ...fieldSelections(loaded.fields.values(), ALIAS, whole), ...['createdAt', 'updatedAt', 'createdBy', 'updatedBy'].map((c) => column(ALIAS, c))];
  const joins: string[] = [];
  if (loaded.model.scope === 'owner') {
    selections.push(column(ALIAS, 'ownerCode'), `"o"."org_name" as "dealer_name"`);
    joins.push(`left join "organizations" as "o" on "o"."org_code" = ${column(ALIAS, 'ownerCode')}`);
  }
  if (loaded.model.scope === 'org') selections.push(column(ALIAS, 'orgCode'));
  refJoins(loaded.fields.values(), models).forEach((join, n) => {
    const alias = `j${n}`;
    const literal = (value: string | number | boolean) => (typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value));
    const conditions = [`${column(alias, join.key)} = ${column(ALIAS, join.field.name)}`, ...Object.entries(join.where).map(([name, value]) => `${column(alias, name)} = ${literal(value)}`)].join(' and ');
    if (titles === 'lookup') {
      selections.push(`(select ${column(alias, join.title)} from ${quoted(join.table)} as "${alias}" where ${conditions} limit 1) as ${quoted(join.as)}`);
      return;
    }
    joins.push(`left join ${quoted(join.table)} as "${alias}" on ${conditions}`);
    selections.push(`${column(alias, join.title)} as ${quoted(join.as)}`);
  });
  const text = `select ${selections.join(', ')} from ${quoted(loaded.table)} as "${ALIAS}" ${joins.join(' ')}`;
  cache.set(key, text);
  return text;
}

function selectFrom(context: ReadContext, where: RawBuilder<boolean>, whole: boolean, tail: RawBuilder<unknown>, titles: RefTitles = 'lookup') {
  return sql<RecordValues>`${sql.raw(selectText(context, whole, titles))} where ${where} ${tail}`;
}

/** A row as an answer carries it: each field's value in its answer form, the times in Beijing time. */
export function toView(loaded: LoadedModel | LoadedChild, row: RecordValues): RecordValues {
  const view: RecordValues = { ...row };
  for (const field of loaded.fields.values()) if (Object.hasOwn(row, field.name)) view[field.name] = fromColumn(field, row[field.name]);
  for (const name of ['createdAt', 'updatedAt']) if (row[name] instanceof Date) view[name] = formatDateTime(row[name]);
  if (row.id !== undefined) view.id = Number(row.id);
  return view;
}

interface ListWhere {
  where: RawBuilder<boolean>;
  /** Set when only the dealers limit the rows (no filter, no hook condition): the total is their kept count. */
  keptCountOf?: string[];
}

/** What a list, its count and its export read: the scope, then the list's filters. */
async function listWhere(context: ReadContext, params: RecordValues): Promise<ListWhere> {
  const scope = await scopeOf(context, ALIAS);
  const filters = filterConditions(context.loaded, context.hooks, params);
  const where = and([joined(scope.parts), ...filters]);
  return scope.ownerCodes && !scope.narrowed && filters.length === 0 ? { where, keptCountOf: scope.ownerCodes } : { where };
}

const and = (conditions: RawBuilder<boolean>[]) => sql.join(conditions, sql` and `) as RawBuilder<boolean>;

/** The rows within the scope and the filters: the kept count when only the dealers limit them, else counted. */
async function total(context: ReadContext, { where, keptCountOf }: ListWhere): Promise<number> {
  if (keptCountOf) return keptRowCount(context.db, context.loaded, keptCountOf);
  const { rows } = await sql<{ total: number }>`select count(*) as total from ${sql.table(snake(context.loaded.table))} as ${sql.id(ALIAS)} where ${where}`.execute(context.db);
  return Number(rows[0]?.total ?? 0);
}

export async function listRecords(context: ReadContext, request: { page: number; pageSize: number; sort?: string | undefined; params: RecordValues }): Promise<Page<RecordValues>> {
  const { db, loaded, hooks } = context;
  const conditions = await listWhere(context, request.params);
  const fallback = loaded.model.defaultSort ?? { field: 'createdAt', order: 'desc' as const };
  const { column, order } = sortOf(request.sort, sortableColumns(loaded), { column: fallback.field, order: fallback.order ?? 'asc' });
  const direction = sql.raw(order);
  const ties = hooks?.ties?.(ALIAS) ?? [];
  // Limit and offset written into the statement (checked integers), so a prepared statement keeps its generic plan: as
  // parameters they made PostgreSQL plan the page again on every run.
  const tail = sql`order by ${ref(column)} ${direction}, ${sql.join([...ties, sql`${ref('id')} ${direction}`])} limit ${sql.lit(request.pageSize)} offset ${sql.lit((request.page - 1) * request.pageSize)}`;
  const [count, page] = await Promise.all([
    total(context, conditions),
    // A table without paging asks for everything (up to 100,000 rows): joined, as an export's batches are.
    selectFrom(context, conditions.where, false, tail, request.pageSize <= LOOKUP_ROWS ? 'lookup' : 'join').execute(db),
  ]);
  const items = page.rows.map((row) => toView(loaded, row));
  await hooks?.decorate?.(db, items);
  return { total: count, items };
}

/** One record within the scope, with its lines; `lock` takes it for update (writes, inside their transaction). */
export async function findRecord(context: ReadContext, id: number, lock = false): Promise<RecordValues | undefined> {
  const { db, loaded, hooks } = context;
  const where = sql<boolean>`${await scopeCondition(context)} and ${ref('id')} = ${id}`;
  const { rows } = await selectFrom(context, where, true, lock ? sql`for update of ${sql.id(ALIAS)}` : sql``).execute(db);
  if (rows.length === 0) return undefined;
  const record = toView(loaded, rows[0]!);
  for (const child of loaded.children) {
    const selections = [column('l', 'id'), column('l', 'lineNo'), ...fieldSelections(child.fields.values(), 'l', true)];
    const lines = await sql<RecordValues>`select ${sql.raw(selections.join(', '))} from ${sql.table(snake(child.table))} as ${sql.id('l')} where ${ref('parentId', 'l')} = ${id} order by ${ref('lineNo', 'l')}`.execute(db);
    record[child.child.name] = lines.rows.map((line) => toView(child, line));
  }
  await hooks?.decorate?.(db, [record]);
  return record;
}

export async function getRecord(context: ReadContext, id: number): Promise<RecordValues> {
  const record = await findRecord(context, id);
  // Rows outside the user's scope answer exactly like rows that do not exist.
  if (!record) throw new ApiError('notFound');
  return record;
}

export async function countRecords(context: ReadContext, params: RecordValues): Promise<number> {
  return total(context, await listWhere(context, params));
}

/** The export's rows in id order, a batch at a time, within the scope and the list's filters. */
export async function* recordBatches(context: ReadContext, params: RecordValues, batchSize: number): AsyncGenerator<RecordValues[]> {
  const { where: base } = await listWhere(context, params);
  for (let after = 0; ; ) {
    const where = and([base, sql<boolean>`${ref('id')} > ${after}`]);
    const { rows } = await selectFrom(context, where, false, sql`order by ${ref('id')} limit ${batchSize}`, 'join').execute(context.db);
    if (rows.length === 0) return;
    const items = rows.map((row) => toView(context.loaded, row));
    await context.hooks?.decorate?.(context.db, items);
    yield items;
    after = Number(rows[rows.length - 1]!.id);
    if (rows.length < batchSize) return;
  }
}
