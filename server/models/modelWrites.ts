// Every write of a model, each in one transaction: create (number from the series, defaults, computed fields, lines),
// update (immutable fields kept, the editable states honoured, lines replaced), delete (the deletable states), a
// transition (from-state, side, required fields, guard), and the table's batch (all rows or none). Values are checked
// against the model and every problem is reported at once, in Chinese; the database's own constraints are the last word
// (a unique clash answers 已存在, never a stack).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Field, Transition } from '../../schemas/model/model.types';
import { evaluateExpression } from '../../schemas/expression/expression';
import type { Database } from '../db/schema';
import { ownerScope } from '../data/scope';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import { sideRefusal, type SideRule } from '../permissions/accountSide';
import { refKey, snake } from './columns';
import { checkFieldValue, isBlank, toColumn } from './fieldValues';
import type { LoadedChild, LoadedModel } from './modelCatalogue';
import type { HookContext, ModelRecords, RecordValues, WriteChange } from './modelHooks';
import { findRecord, getRecord, scopeCondition, type ReadContext } from './modelReads';
import { nextNumber } from './namingSeries';
import { refuseWhileApproving } from '../processes/processLocks';

/** Fields a request may set: not computed, not server-set, not the number, not the state (unless the model lets it). */
function settable(loaded: LoadedModel | LoadedChild, field: Field): boolean {
  if (field.readOnly || field.compute !== undefined) return false;
  if ('model' in loaded) {
    const { naming, states } = loaded.model;
    if (naming?.field === field.name) return false;
    if (states?.field === field.name && !states.clientSets) return false;
  }
  return true;
}

function defaultValue(field: Field, context: Pick<ReadContext, 'user'>, now: Date): unknown {
  const value = field.default;
  // A list field's default is a list: a single default value becomes its one item (never a bare value in the JSON column).
  if (field.multiple) return value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  if (value === '$now') return formatDateTime(now);
  if (value === '$today') return formatDateTime(now).slice(0, 10);
  if (value === '$user.id') return context.user.id;
  return value ?? null;
}

interface Prepared {
  /** Field name -> answer-form value (what hooks, guards and computed fields see). */
  record: RecordValues;
  /** Child name -> its lines in answer form. */
  lines: Map<string, RecordValues[]>;
}

/** The fields of one table's values from a request, checked; problems are collected with `prefix` (a line's number). */
export function takeFields(
  owner: LoadedModel | LoadedChild,
  input: RecordValues,
  base: RecordValues,
  context: Pick<ReadContext, 'user'>,
  creating: boolean,
  now: Date,
  problems: string[],
  prefix = '',
): RecordValues {
  const record: RecordValues = { ...base };
  for (const field of owner.fields.values()) {
    if (!settable(owner, field)) {
      if (creating && field.default !== undefined && field.compute === undefined) record[field.name] = defaultValue(field, context, now);
      continue;
    }
    const given = Object.hasOwn(input, field.name);
    if (!given) {
      if (creating) record[field.name] = defaultValue(field, context, now);
      continue;
    }
    if (creating && isBlank(input[field.name]) && field.default !== undefined) {
      record[field.name] = defaultValue(field, context, now);
      continue;
    }
    const checked = checkFieldValue(field, input[field.name]);
    if (!checked.ok) problems.push(`${prefix}${checked.problem}`);
    else record[field.name] = checked.value instanceof Date ? formatDateTime(checked.value) : checked.value;
  }
  return record;
}

/** Computed fields, evaluated exactly on `scope` into `target` (lines first, so a total can sum them). */
export function compute(owner: LoadedModel | LoadedChild, target: RecordValues, scope: RecordValues, problems: string[], prefix = ''): void {
  for (const field of owner.fields.values()) {
    if (field.compute === undefined) continue;
    const checked = checkFieldValue(field, evaluateExpression(field.compute, { ...scope, ...target }, { exact: true }));
    if (!checked.ok) problems.push(`${prefix}${checked.problem}`);
    else target[field.name] = checked.value instanceof Date ? formatDateTime(checked.value) : checked.value;
  }
}

export function requireFields(owner: LoadedModel | LoadedChild, record: RecordValues, problems: string[], prefix = ''): void {
  for (const field of owner.fields.values()) {
    if (!field.required || field.compute !== undefined) continue;
    if ('model' in owner && owner.model.naming?.field === field.name) continue;
    const value = record[field.name];
    // A value refused above (车牌号格式不正确) is not also reported missing.
    if (problems.some((p) => p.startsWith(`${prefix}${field.label}`))) continue;
    if (isBlank(value) || (Array.isArray(value) && value.length === 0)) problems.push(`${prefix}${field.label}不能为空`);
  }
}

/** The values among `values` a dict or ref field knows (dictionary codes, referenced rows the user may see), as text;
 * undefined when the field names no table. Asked a few thousand at a time (an import's whole file at once). */
async function knownValues(context: ReadContext, field: Field, values: unknown[]): Promise<Set<string> | undefined> {
  const { db, models } = context;
  const known = new Set<string>();
  const target = field.ref?.model ? models.get(field.ref.model) : undefined;
  const table = field.type === 'dict' ? 'dictCodes' : (target?.table ?? field.ref?.table);
  if (!table || (field.type === 'dict' && !field.dict)) return undefined;
  const key = field.type === 'dict' ? 'codeId' : refKey(field);
  const conditions: RawBuilder<boolean>[] = Object.entries(field.type === 'dict' ? { type: field.dict! } : (field.ref?.where ?? {})).map(([column, value]) => sql<boolean>`${sql.ref(`t.${column}`)} = ${value}`);
  // A reference to another scoped model must be to a record the user may see.
  if (target && target.model.scope === 'owner') conditions.push(sql<boolean>`${sql.ref('t.ownerCode')} in (${sql.join(await ownerScope(db, context.user))})`);
  for (let i = 0; i < values.length; i += 5000) {
    const chunk = values.slice(i, i + 5000).map((v) => (field.type === 'dict' ? String(v) : v));
    const where = [sql<boolean>`${sql.ref(`t.${key}`)} in (${sql.join(chunk)})`, ...conditions];
    const { rows } = await sql<{ key: unknown }>`select distinct ${sql.ref(`t.${key}`)} as key from ${sql.table(snake(table))} as ${sql.id('t')} where ${sql.join(where, sql` and `)}`.execute(db);
    for (const row of rows) known.add(String(row.key));
  }
  return known;
}

/** Dictionary codes and referenced rows that must exist: each record's problems, one query per field for all records. */
export async function referenceProblems(context: ReadContext, owner: LoadedModel | LoadedChild, records: RecordValues[], prefix = ''): Promise<string[][]> {
  const problems = records.map((): string[] => []);
  for (const field of owner.fields.values()) {
    if (field.type !== 'dict' && field.type !== 'ref') continue;
    const valuesOf = (r: RecordValues) => (field.multiple ? ((r[field.name] as unknown[] | null) ?? []) : [r[field.name]]).filter((v) => !isBlank(v));
    const all = [...new Map(records.flatMap(valuesOf).map((v) => [String(v), v])).values()];
    if (all.length === 0) continue;
    const known = await knownValues(context, field, all);
    if (known) records.forEach((r, i) => valuesOf(r).some((v) => !known.has(String(v))) && problems[i]!.push(`${prefix}${field.label}不存在`));
  }
  return problems;
}

async function checkReferences(context: ReadContext, owner: LoadedModel | LoadedChild, records: RecordValues[], problems: string[], prefix = ''): Promise<void> {
  problems.push(...new Set((await referenceProblems(context, owner, records, prefix)).flat()));
}

export function columnsOf(owner: LoadedModel | LoadedChild, record: RecordValues): RecordValues {
  const columns: RecordValues = {};
  for (const field of owner.fields.values()) {
    if (!Object.hasOwn(record, field.name)) continue;
    let value = record[field.name];
    // Datetimes travel as Beijing wall-clock text; the column holds the instant.
    if (field.type === 'datetime' && typeof value === 'string') value = new Date(`${value.replace(' ', 'T')}+08:00`);
    columns[field.name] = toColumn(field, value);
  }
  return columns;
}

async function insertRow(tx: Kysely<Database>, table: string, columns: RecordValues): Promise<number> {
  const names = Object.keys(columns);
  const { rows } = await sql<{ id: number }>`insert into ${sql.table(snake(table))} (${sql.join(names.map((n) => sql.id(snake(n))))}) values (${sql.join(names.map((n) => columns[n]))}) returning id`.execute(tx);
  return Number(rows[0]!.id);
}

async function updateRow(tx: Kysely<Database>, table: string, id: number, columns: RecordValues): Promise<void> {
  const names = Object.keys(columns);
  if (names.length === 0) return;
  await sql`update ${sql.table(snake(table))} set ${sql.join(names.map((n) => sql`${sql.id(snake(n))} = ${columns[n]}`))} where id = ${id}`.execute(tx);
}

async function writeLines(tx: Kysely<Database>, loaded: LoadedModel, id: number, lines: Map<string, RecordValues[]>, replacing: boolean): Promise<void> {
  for (const child of loaded.children) {
    const rows = lines.get(child.child.name);
    if (rows === undefined) continue;
    if (replacing) await sql`delete from ${sql.table(snake(child.table))} where parent_id = ${id}`.execute(tx);
    for (const [n, line] of rows.entries()) await insertRow(tx, child.table, { parentId: id, lineNo: n + 1, ...columnsOf(child, line) });
  }
}

/** A unique index refusing a row: the field it guards, in the user's words. */
function uniqueClash(error: unknown, loaded: LoadedModel): ApiError | undefined {
  const e = error as { code?: string; constraint?: string; detail?: string };
  if (e?.code !== '23505') return undefined;
  const text = `${e.constraint ?? ''} ${e.detail ?? ''}`;
  const field = [...loaded.fields.values()].find((f) => (f.unique || loaded.model.naming?.field === f.name) && text.includes(snake(f.name)));
  if (field) return new ApiError('conflict', `${field.label}已存在`);
  // An index over several fields: the combination is what exists (同一仓库、配件的库存).
  const owner = loaded.model.scope === 'owner' ? ['ownerCode'] : [];
  const index = (loaded.model.indexes ?? []).find((i) => i.unique && e.constraint === `${snake(loaded.table)}_${[...owner, ...i.fields].map(snake).join('_')}_key`);
  if (index) return new ApiError('conflict', `${index.fields.map((name) => loaded.fields.get(name)?.label ?? name).join('、')}已存在`);
  return new ApiError('conflict', `${loaded.model.title}已存在`);
}

export function hookContext(context: ReadContext, tx: Kysely<Database>): HookContext {
  const hook: HookContext = { db: tx, user: context.user, model: context.loaded };
  if (context.allHooks) hook.records = (name, options) => otherRecords(context, tx, name, options?.ownerCode);
  return hook;
}

/** Another model's records inside the same transaction (HookContext.records). */
function otherRecords(context: ReadContext, tx: Kysely<Database>, name: string, ownerCode: string | undefined): ModelRecords {
  const loaded = context.models.get(name);
  if (!loaded) throw new Error(`模型 ${name} 未加载，钩子不能写它的记录`);
  const other: ReadContext = {
    db: tx,
    user: context.user,
    loaded,
    hooks: context.allHooks?.[name],
    models: context.models,
    ...(context.allHooks ? { allHooks: context.allHooks } : {}),
    ...(ownerCode ? { ownerCodes: [ownerCode], actingOwner: ownerCode } : {}),
  };
  return {
    find: (id) => findRecord(other, id, true),
    async idsWhere(values) {
      const conditions = Object.entries(values).map(([field, value]) => {
        if (!loaded.fields.has(field) && field !== 'ownerCode') throw new Error(`模型 ${name} 没有字段 ${field}`);
        return value === null ? sql<boolean>`${sql.ref(`r.${snake(field)}`)} is null` : sql<boolean>`${sql.ref(`r.${snake(field)}`)} = ${value}`;
      });
      const where = [await scopeCondition(other, 'r'), ...conditions];
      const { rows } = await sql<{ id: number }>`select r.id from ${sql.table(snake(loaded.table))} as r where ${sql.join(where, sql` and `)} order by r.id`.execute(tx);
      return rows.map((row) => Number(row.id));
    },
    async create(input) {
      const id = await withUniqueCheck(other, () => createIn(other, tx, input));
      return { ...((await findRecord(other, id)) ?? {}), id };
    },
    update: (id, input) => withUniqueCheck(other, () => updateIn(other, tx, id, input)),
    async transition(id, transitionName, input = {}) {
      const transition = loaded.model.states?.transitions.find((t) => t.name === transitionName);
      if (!transition) throw new Error(`模型 ${name} 没有状态变更 ${transitionName}`);
      if (transition.process !== undefined) throw new Error(`${loaded.model.title}的${transition.label}需要审批，钩子不能直接执行`);
      const checked = await checkTransition(other, tx, id, transitionName, input);
      await applyTransition(other, tx, id, checked);
    },
  };
}

/** The request's values for a record and its lines, checked, completed and computed; throws with every problem. */
async function prepare(context: ReadContext, tx: Kysely<Database>, input: RecordValues, current: RecordValues | undefined, now: Date, problems: string[], prefix = '', via?: WriteChange['via'], ownerCode?: string): Promise<Prepared> {
  const { loaded } = context;
  const creating = current === undefined;
  const base: RecordValues = current ? Object.fromEntries([...loaded.fields.keys()].filter((k) => Object.hasOwn(current, k)).map((k) => [k, current[k]])) : {};
  const record = takeFields(loaded, input, base, context, creating, now, problems, prefix);
  if (creating && loaded.model.states && !(loaded.model.states.clientSets && !isBlank(record[loaded.model.states.field]))) {
    record[loaded.model.states.field] = loaded.model.states.initial;
  }
  if (current) {
    for (const field of loaded.fields.values()) {
      if (field.immutable && Object.hasOwn(input, field.name) && JSON.stringify(record[field.name]) !== JSON.stringify(current[field.name])) problems.push(`${prefix}${field.label}不可修改`);
    }
  }
  const lines = new Map<string, RecordValues[]>();
  for (const child of loaded.children) {
    const given = input[child.child.name];
    if (given === undefined && !creating) {
      record[child.child.name] = current?.[child.child.name] ?? [];
      continue;
    }
    if (given !== undefined && !Array.isArray(given)) {
      problems.push(`${prefix}${child.child.title}应为列表`);
      continue;
    }
    const rows = (given ?? []) as unknown[];
    if (child.child.minRows !== undefined && rows.length < child.child.minRows) problems.push(`${prefix}${child.child.title}至少${child.child.minRows}行`);
    if (rows.length > (child.child.maxRows ?? 1000)) problems.push(`${prefix}${child.child.title}不能超过${child.child.maxRows ?? 1000}行`);
    const checked = rows.slice(0, child.child.maxRows ?? 1000).map((row, n) => {
      const linePrefix = `${prefix}${child.child.title}第${n + 1}行：`;
      if (!row || typeof row !== 'object' || Array.isArray(row)) {
        problems.push(`${linePrefix}格式不正确`);
        return {};
      }
      const line = takeFields(child, row as RecordValues, {}, context, true, now, problems, linePrefix);
      compute(child, line, record, problems, linePrefix);
      requireFields(child, line, problems, linePrefix);
      return line;
    });
    await checkReferences(context, child, checked, problems);
    lines.set(child.child.name, checked);
    record[child.child.name] = checked;
  }
  compute(loaded, record, record, problems, prefix);
  requireFields(loaded, record, problems, prefix);
  await checkReferences(context, loaded, [record], problems, prefix);
  const hook = context.hooks?.beforeWrite;
  const owner = typeof current?.ownerCode === 'string' ? current.ownerCode : ownerCode;
  if (hook) await hook(hookContext(context, tx), { op: creating ? 'create' : 'update', values: record, input, problems, prefix, ...(current ? { current } : {}), ...(via ? { via } : {}), ...(owner ? { ownerCode: owner } : {}) });
  return { record, lines };
}

function refuseSide(context: ReadContext, rule: boolean | { side: 'dealer' | 'manufacturer'; refusal: string } | undefined, what: string): void {
  if (rule === false) throw new ApiError('forbidden', `${context.loaded.model.title}不能${what}`);
  const refusal = typeof rule === 'object' ? sideRefusal(rule, context.user) : undefined;
  if (refusal) throw new ApiError('forbidden', refusal);
}

const fail = (problems: string[]) => {
  if (problems.length > 0) throw new ApiError('invalidInput', problems.join('；'));
};

/** The dealer a new record belongs to: the user's own, or (manufacturer side) one named in the request within scope. */
async function ownerOf(context: ReadContext, input: RecordValues, problems: string[], prefix: string): Promise<string | undefined> {
  if (context.loaded.model.scope !== 'owner') return undefined;
  if (context.actingOwner) return context.actingOwner;
  if (context.user.ownerCode) return context.user.ownerCode;
  const named = typeof input.ownerCode === 'string' ? input.ownerCode : undefined;
  if (!named) {
    problems.push(`${prefix}请选择经销商`);
    return undefined;
  }
  if (!(await ownerScope(context.db, context.user)).includes(named)) problems.push(`${prefix}经销商不存在或不在您的管辖范围内`);
  return named;
}

async function createIn(outer: ReadContext, tx: Kysely<Database>, input: RecordValues, prefix = '', via?: WriteChange['via']): Promise<number> {
  // Every read inside the write goes through its transaction (PGlite has one connection: another would wait forever).
  const context = { ...outer, db: tx };
  const { loaded, user } = context;
  const now = new Date();
  const problems: string[] = [];
  const ownerCode = await ownerOf(context, input, problems, prefix);
  const { record, lines } = await prepare(context, tx, input, undefined, now, problems, prefix, via, ownerCode);
  fail(problems);
  const columns: RecordValues = { ...columnsOf(loaded, record), createdAt: now, updatedAt: now, createdBy: user.id, updatedBy: user.id };
  if (ownerCode !== undefined) columns.ownerCode = ownerCode;
  if (loaded.model.scope === 'org') columns.orgCode = user.orgCode;
  if (loaded.model.naming) columns[loaded.model.naming.field] = await nextNumber(tx, loaded, { ...record, ownerCode }, now);
  const id = await insertRow(tx, loaded.table, columns);
  await writeLines(tx, loaded, id, lines, false);
  await context.hooks?.afterWrite?.(hookContext(context, tx), { ...record, id }, 'create');
  return id;
}

function checkState(context: ReadContext, current: RecordValues, allowed: string[] | undefined, what: string): void {
  const states = context.loaded.model.states;
  if (!states || !allowed) return;
  const state = String(current[states.field] ?? '');
  if (!allowed.includes(state)) throw new ApiError('invalidInput', `当前状态不能${what}${context.loaded.model.title}`);
}

async function updateIn(outer: ReadContext, tx: Kysely<Database>, id: number, input: RecordValues, prefix = '', via?: WriteChange['via']): Promise<void> {
  const context = { ...outer, db: tx };
  const { loaded, user } = context;
  const current = await findRecord(context, id, true);
  if (!current) throw new ApiError('notFound');
  await refuseWhileApproving(tx, loaded, id);
  checkState(context, current, loaded.model.states?.editableIn, '修改');
  // Optimistic concurrency: a client that sends the updatedAt it read is refused if someone saved in between.
  if (typeof input.updatedAt === 'string' && input.updatedAt !== current.updatedAt) {
    const name = context.hooks?.rowName;
    throw new ApiError('conflict', name ? `${name(current)} 已被他人修改，请刷新后重试` : `${loaded.model.title}已被他人修改，请刷新后重试`);
  }
  const problems: string[] = [];
  const now = new Date();
  const { record, lines } = await prepare(context, tx, input, current, now, problems, prefix, via);
  fail(problems);
  await updateRow(tx, loaded.table, id, { ...columnsOf(loaded, record), updatedAt: now, updatedBy: user.id });
  await writeLines(tx, loaded, id, lines, true);
  await context.hooks?.afterWrite?.(hookContext(context, tx), { ...record, id }, 'update');
}

async function deleteIn(outer: ReadContext, tx: Kysely<Database>, id: number): Promise<RecordValues> {
  const context = { ...outer, db: tx };
  const current = await findRecord(context, id, true);
  if (!current) throw new ApiError('notFound');
  await refuseWhileApproving(tx, context.loaded, id);
  const deletable = context.loaded.model.states?.deletableIn;
  if (deletable && !deletable.includes(String(current[context.loaded.model.states!.field]))) {
    const names = await stateNames(context, deletable);
    throw new ApiError('invalidInput', `只有${names.join('、')}状态的${context.loaded.model.title}可以删除`);
  }
  await context.hooks?.beforeDelete?.(hookContext(context, tx), current);
  await sql`delete from ${sql.table(snake(context.loaded.table))} where id = ${id}`.execute(tx);
  return current;
}

/** The dictionary's names of state codes (待派工...), for messages. */
async function stateNames(context: ReadContext, codes: string[]): Promise<string[]> {
  const states = context.loaded.model.states;
  const field = states ? context.loaded.fields.get(states.field) : undefined;
  if (!field?.dict) return codes;
  const rows = await context.db.selectFrom('dictCodes').select(['codeId', 'codeCnDesc']).where('type', '=', field.dict).where('codeId', 'in', codes).execute();
  const names = new Map(rows.map((r) => [r.codeId, r.codeCnDesc]));
  return codes.map((c) => names.get(c) ?? c);
}

async function withUniqueCheck<T>(context: ReadContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw uniqueClash(error, context.loaded) ?? error;
  }
}

export async function createRecord(context: ReadContext, input: RecordValues): Promise<RecordValues> {
  refuseSide(context, context.loaded.model.writes?.create, '新增');
  const id = await withUniqueCheck(context, () => context.db.transaction().execute((tx) => createIn(context, tx, input)));
  return getRecord(context, id);
}

export async function updateRecord(context: ReadContext, id: number, input: RecordValues): Promise<{ before: RecordValues; after: RecordValues }> {
  refuseSide(context, context.loaded.model.writes?.update, '修改');
  const before = await getRecord(context, id);
  await withUniqueCheck(context, () => context.db.transaction().execute((tx) => updateIn(context, tx, id, input)));
  return { before, after: await getRecord(context, id) };
}

export async function deleteRecord(context: ReadContext, id: number): Promise<RecordValues> {
  refuseSide(context, context.loaded.model.writes?.delete, '删除');
  return context.db.transaction().execute((tx) => deleteIn(context, tx, id));
}

/** The side a transition serves, and what the other side is told (the route declares it too, for the menus). */
export function transitionSide(transition: Transition): SideRule | undefined {
  return transition.side ? { side: transition.side, refusal: `${transition.label}只能由${transition.side === 'dealer' ? '经销商' : '厂端'}操作` } : undefined;
}

/** What a transition writes once its checks pass: the values sent or set, and the record they make. */
export interface CheckedTransition {
  transition: Transition;
  current: RecordValues;
  values: RecordValues;
  merged: RecordValues;
}

/**
 * A transition's checks inside the write's transaction, nothing written: the record is locked, in one of the from-states,
 * not under a running process, with its required fields (sent now or already set) and its guard.
 */
export async function checkTransition(outer: ReadContext, tx: Kysely<Database>, id: number, name: string, input: RecordValues): Promise<CheckedTransition> {
  const { loaded } = outer;
  const states = loaded.model.states!;
  const transition = states.transitions.find((t) => t.name === name)!;
  const context = { ...outer, db: tx };
  const current = await findRecord(context, id, true);
  if (!current) throw new ApiError('notFound');
  await refuseWhileApproving(tx, loaded, id);
  const state = String(current[states.field] ?? '');
  if (!transition.from.includes(state)) {
    const [now] = await stateNames(context, [state]);
    throw new ApiError('invalidInput', `${loaded.model.title}当前为“${now}”，不能${transition.label}`);
  }
  const problems: string[] = [];
  const requires = transition.requires ?? [];
  // The required fields (and those it accepts without requiring them) may be sent with the transition; nothing else is
  // taken from it.
  const taken = [...requires, ...(transition.accepts ?? [])];
  const sent = Object.fromEntries(Object.entries(input).filter(([key]) => taken.includes(key)));
  const now = new Date();
  const values = takeFields(loaded, sent, {}, context, false, now, problems);
  // What is sent with a transition meets the same checks as a save: a dictionary code or a reference must exist.
  await checkReferences(context, loaded, [values], problems);
  // What the transition itself records (实际开始时间 = now, 结算人 = the user...).
  for (const [name, value] of Object.entries(transition.sets ?? {})) {
    const field = loaded.fields.get(name);
    if (field) values[name] = defaultValue({ ...field, default: value }, context, now);
  }
  const merged = { ...current, ...values };
  const missing = requires.filter((f) => isBlank(merged[f])).map((f) => loaded.fields.get(f)?.label ?? f);
  if (missing.length > 0) problems.push(`${transition.label}前请填写：${missing.join('、')}`);
  fail(problems);
  if (transition.guard && !evaluateExpression(transition.guard, merged, { exact: true })) throw new ApiError('invalidInput', transition.guardMessage ?? `不满足${transition.label}的条件`);
  return { transition, current, values, merged };
}

/**
 * What a request sent with a transition that starts an approval, written at once (the state stays): the end of the
 * process performs the transition on the record as it is then, so the amounts the approver is asked about are the ones
 * the transition goes on with (a settlement's discount). What the transition itself `sets` waits for the end.
 */
export async function keepSentValues(tx: Kysely<Database>, loaded: LoadedModel, id: number, checked: Pick<CheckedTransition, 'transition' | 'values'>, user: { id: number }): Promise<void> {
  const setByTransition = new Set(Object.keys(checked.transition.sets ?? {}));
  const sent = Object.fromEntries(Object.entries(checked.values).filter(([name]) => !setByTransition.has(name)));
  if (Object.keys(sent).length === 0) return;
  await updateRow(tx, loaded.table, id, { ...columnsOf(loaded, sent), updatedAt: new Date(), updatedBy: user.id });
}

/** Writes a checked transition: its hooks, its values and the new state (a process's end calls this too). */
export async function applyTransition(outer: ReadContext, tx: Kysely<Database>, id: number, checked: Pick<CheckedTransition, 'transition' | 'current' | 'values'>): Promise<void> {
  const context = { ...outer, db: tx };
  const { loaded } = context;
  const states = loaded.model.states!;
  const { transition, current, values } = checked;
  await context.hooks?.beforeTransition?.(hookContext(context, tx), transition.name, current, values);
  await updateRow(tx, loaded.table, id, { ...columnsOf(loaded, values), [states.field]: transition.to, updatedAt: new Date(), updatedBy: context.user.id });
  await context.hooks?.afterTransition?.(hookContext(context, tx), transition.name, { ...current, ...values, [states.field]: transition.to });
}

/** A state change: from one of its from-states, by its side, with its required fields (sent now or already set) and guard. */
export async function transitionRecord(outer: ReadContext, id: number, name: string, input: RecordValues): Promise<{ before: RecordValues; after: RecordValues }> {
  const transition = outer.loaded.model.states!.transitions.find((t) => t.name === name)!;
  refuseSide(outer, transitionSide(transition), transition.label);
  const before = await outer.db.transaction().execute(async (tx) => {
    const checked = await checkTransition(outer, tx, id, name, input);
    await applyTransition(outer, tx, id, checked);
    return checked.current;
  });
  return { before, after: await getRecord(outer, id) };
}

/** The side rule of a write, refused before anything is read (a process transition's start uses it too). */
export function refuseTransitionSide(context: ReadContext, transition: Transition): void {
  refuseSide(context, transitionSide(transition), transition.label);
}

export interface BatchRequest {
  inserted?: RecordValues[];
  updated?: RecordValues[];
  deleted?: { id: number }[];
}

/** The table's changes in one transaction: every row checked, any problem (named by its row) and nothing is written.
 * Answers the count of each set the model takes (no `inserted` where it cannot create). */
export async function saveBatch(context: ReadContext, batch: BatchRequest): Promise<{ inserted?: number; updated: number; deleted: number }> {
  const inserted = batch.inserted ?? [];
  const updated = batch.updated ?? [];
  const deleted = batch.deleted ?? [];
  const creates = context.loaded.model.writes?.create !== false;
  if (inserted.length > 0) refuseSide(context, context.loaded.model.writes?.create, '新增');
  if (updated.length > 0) refuseSide(context, context.loaded.model.writes?.update, '修改');
  if (deleted.length > 0) refuseSide(context, context.loaded.model.writes?.delete, '删除');
  // A row is named by the hook (each of its problems then begins with the name), else by its place in its set.
  const name = context.hooks?.rowName;
  const each = (row: RecordValues, place: string, work: (prefix: string) => Promise<unknown>) => (name ? work(`${name(row)}：`).then(() => undefined) : rowNumbered(place, () => work('')));
  await withUniqueCheck(context, () =>
    context.db.transaction().execute(async (tx) => {
      for (const row of deleted) await deleteIn(context, tx, row.id);
      for (const [n, row] of updated.entries()) await each(row, `修改第${n + 1}行：`, (prefix) => updateIn(context, tx, Number(row.id), row, prefix, 'batch'));
      for (const [n, row] of inserted.entries()) await each(row, `新增第${n + 1}行：`, (prefix) => createIn(context, tx, row, prefix, 'batch'));
    }),
  );
  return { ...(creates ? { inserted: inserted.length } : {}), updated: updated.length, deleted: deleted.length };
}

async function rowNumbered(prefix: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof ApiError && error.resultCode === 400 && !error.message.startsWith(prefix)) throw new ApiError('invalidInput', `${prefix}${error.message}`);
    throw error;
  }
}

/** Creates inside a caller's transaction (an import job writing its rows with its own finish). */
export async function createInTransaction(context: ReadContext, tx: Kysely<Database>, input: RecordValues, prefix = ''): Promise<number> {
  return createIn({ ...context, db: tx }, tx, input, prefix, 'import');
}

export async function updateInTransaction(context: ReadContext, tx: Kysely<Database>, id: number, input: RecordValues, prefix = ''): Promise<void> {
  return updateIn({ ...context, db: tx }, tx, id, input, prefix, 'import');
}
