// A model's Excel: the download-centre export and direct export from its `export` columns (codes translated to their
// dictionary text, refs to their titles), and the import from its `import` columns (dictionaries and refs read by text,
// every row checked like a form save, written all or none; with `key`, a row that matches a stored record updates it).
// An import is checked and written for the whole file at once (references, unique fields and keys looked up once, rows
// sent as column arrays), unless the model has lines or an after-write hook: then row by row through the write path.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Field } from '../../schemas/model/model.types';
import type { Database } from '../db/schema';
import type { Exporter } from '../exports/exporters';
import type { CellValue } from '../exports/xlsxStream';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import type { Importer } from '../imports/importers';
import type { ImportError, ImportField } from '../imports/importRows';
import { refTitleAlias } from '../../schemas/model/modelChecks';
import { ownerScope } from '../data/scope';
import { numericOf, refKey, snake, sqlType, tableOfModel } from './columns';
import { isBlank } from './fieldValues';
import type { LoadedModel } from './modelCatalogue';
import type { ModelHooks, RecordValues } from './modelHooks';
import { countRecords, recordBatches, refJoins, scopeCondition, type ReadContext } from './modelReads';
import { columnsOf, compute, createInTransaction, hookContext, referenceProblems, requireFields, takeFields, updateInTransaction } from './modelWrites';
import { nextNumber } from './namingSeries';

export const modelSheetKind = (loaded: LoadedModel): string => `model:${loaded.model.name}`;

interface SheetContext {
  loaded: LoadedModel;
  hooks: ModelHooks | undefined;
  models: ReadonlyMap<string, LoadedModel>;
  /** Every model's hooks: an imported row's hooks may write other models' records. */
  allHooks?: Readonly<Record<string, ModelHooks>>;
}

/** An export job keeps the owner codes of its requester's scope; its reads run within exactly those. */
function jobReader(sheet: SheetContext, db: Kysely<Database>, ownerCodes: string[]): ReadContext {
  const user: SessionUser = { id: 0, userCode: '', employeeName: '', employeeNo: '', orgId: -1, orgCode: '', orgName: '', orgType: '', ownerCode: null, positions: [] };
  return { db, user, loaded: sheet.loaded, hooks: sheet.hooks, models: sheet.models, ownerCodes };
}

async function dictionaryTexts(db: Kysely<Database>, fields: Field[]): Promise<Map<string, Map<string, string>>> {
  const types = [...new Set(fields.flatMap((f) => (f.type === 'dict' && f.dict ? [f.dict] : [])))];
  const texts = new Map<string, Map<string, string>>();
  if (types.length === 0) return texts;
  for (const row of await db.selectFrom('dictCodes').select(['type', 'codeId', 'codeCnDesc']).where('type', 'in', types).execute()) {
    const map = texts.get(row.type) ?? new Map<string, string>();
    map.set(row.codeId, row.codeCnDesc);
    texts.set(row.type, map);
  }
  return texts;
}

export function modelExporter(sheet: SheetContext): Exporter {
  const definition = sheet.loaded.model.export!;
  const fieldOf = (name: string) => sheet.loaded.fields.get(name);
  return {
    fileName: definition.fileName,
    columns: definition.columns.map((c) => ({ header: c.header, width: c.width ?? 14 })),
    count: (db, ownerCodes, params) => countRecords(jobReader(sheet, db, ownerCodes), params),
    async *rows(db, ownerCodes, params) {
      const dictionaries = await dictionaryTexts(db, [...sheet.loaded.fields.values()]);
      const cell = (row: RecordValues, name: string): CellValue => {
        const field = fieldOf(name);
        const value = row[name];
        const options = field ? sheet.hooks?.options?.[field.name] : undefined;
        const text = (v: unknown) =>
          options ? (options.find((o) => o.value === String(v))?.text ?? v) : field?.type === 'dict' && field.dict ? (dictionaries.get(field.dict)?.get(String(v)) ?? String(v)) : v;
        if (Array.isArray(value)) return value.map((v) => String(text(v))).join('、');
        if (value === null || value === undefined) return null;
        if (field && (field.type === 'money' || field.type === 'decimal')) return Number(value);
        if (field?.type === 'boolean') return value ? '是' : '否';
        const shown = text(value);
        return typeof shown === 'number' || typeof shown === 'string' ? shown : JSON.stringify(shown);
      };
      for await (const batch of recordBatches(jobReader(sheet, db, ownerCodes), params, 2000)) {
        yield batch.map((row) => definition.columns.map((c) => cell(row, c.field)));
      }
    },
  };
}

/** The import column of a field: its type as the sheet reader checks it, dictionaries and refs by their text (a ref's
 * title column by the title, the ref's own column by its key), the owner by a code of the importer's scope. */
async function importField(db: Kysely<Database>, sheet: SheetContext, header: string, name: string, ownerCodes: string[]): Promise<ImportField> {
  const fromHook = await sheet.hooks?.importField?.(db, { header, field: name }, ownerCodes);
  if (fromHook) return fromHook;
  if (name === 'ownerCode') return { header, field: name, type: 'choice', required: true, choices: new Map(ownerCodes.map((code) => [code, code])) };
  const titled = [...sheet.loaded.fields.values()].find((f) => f.type === 'ref' && refTitleAlias(f) === name);
  const field = sheet.loaded.fields.get(name) ?? titled;
  if (!field) throw new ApiError('internal', `导入列 ${header} 没有对应字段`);
  const base = { header, field: field.name, ...(field.required && field.default === undefined ? { required: true } : {}), ...(field.unique ? { unique: true } : {}) };
  const options = sheet.hooks?.options?.[field.name];
  if (options) return { ...base, type: field.multiple ? 'choices' : 'choice', choices: new Map(options.map((o) => [o.text, o.value])), fallback: field.multiple ? [] : (field.default ?? null) };
  switch (field.type) {
    case 'int':
      return { ...base, type: 'number', precision: 0, ...(field.min !== undefined ? { min: field.min } : {}), ...(field.max !== undefined ? { max: field.max } : {}) };
    case 'decimal':
    case 'money':
      return { ...base, type: 'number', precision: numericOf(field).scale, min: field.min ?? 0, max: field.max ?? 10 ** (numericOf(field).precision - numericOf(field).scale) - 1 };
    case 'date':
      return { ...base, type: 'date' };
    case 'month':
      return { ...base, type: 'month' };
    case 'dict': {
      const rows = await db.selectFrom('dictCodes').select(['codeId', 'codeCnDesc']).where('type', '=', field.dict ?? '').execute();
      return { ...base, type: field.multiple ? 'choices' : 'choice', choices: new Map(rows.map((r) => [r.codeCnDesc, r.codeId])), ...(field.default !== undefined ? { fallback: field.default } : {}) };
    }
    case 'boolean':
      return { ...base, type: 'choice', choices: new Map([['是', 'true'], ['否', 'false']]) };
    case 'ref': {
      const join = refJoins([field], sheet.models)[0];
      if (!join) return { ...base, type: 'text' };
      const conditions = Object.entries(join.where).map(([column, value]) => sql`${sql.ref(`t.${column}`)} = ${value}`);
      const shown = field === titled ? join.title : refKey(field);
      const { rows } = await sql<{ key: string | number; title: string }>`select ${sql.ref(`t.${refKey(field)}`)} as key, ${sql.ref(`t.${shown}`)} as title from ${sql.table(snake(join.table))} as ${sql.id('t')} ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}`.execute(db);
      return { ...base, type: field.multiple ? 'choices' : 'choice', choices: new Map(rows.map((r) => [String(r.title), String(r.key)])) };
    }
    default:
      return { ...base, type: 'text', ...(field.length ? { maxLength: field.length } : {}) };
  }
}

export function modelImporter(sheet: SheetContext): Importer<RecordValues> {
  const definition = sheet.loaded.model.import!;
  const create = sheet.loaded.model.writes?.create;
  const side = definition.side ?? (typeof create === 'object' ? create : undefined);
  // Lines and after-write hooks need each record written on its own; every other model's file is written in bulk.
  const rowByRow = sheet.loaded.children.length > 0 || sheet.hooks?.afterWrite !== undefined;
  return {
    ...(side ? { onlyFor: side } : {}),
    fields: (db, ownerCodes) => Promise.all(definition.columns.map((c) => importField(db, sheet, c.header, c.field, ownerCodes))),
    async write(tx: Transaction<Database>, user: SessionUser, records) {
      const context: ReadContext = { db: tx, user, loaded: sheet.loaded, hooks: sheet.hooks, models: sheet.models, ...(sheet.allHooks ? { allHooks: sheet.allHooks } : {}) };
      const rows = records.map(({ rowNO, values }) => ({
        rowNO,
        input: Object.fromEntries(Object.entries(values).map(([name, value]) => [name, sheet.loaded.fields.get(name)?.type === 'boolean' ? value === 'true' : value])),
      }));
      const skips = (await sheet.hooks?.importSkips?.(hookContext(context, tx), rows.map((r) => ({ rowNO: r.rowNO, values: r.input })))) ?? [];
      const left = new Set(skips.map((s) => s.rowNO));
      const kept = rows.filter((r) => !left.has(r.rowNO));
      const errors = rowByRow ? await writeRowByRow(context, tx, kept, definition.key ?? []) : await writeInBulk(context, tx, kept, definition.key ?? []);
      // A real problem writes nothing (the skipped rows are named too); otherwise the skipped rows are the report.
      return mergedErrors([...errors, ...skips.map((s) => ({ ...s, skipped: errors.length === 0 }))]);
    },
  };
}

interface ImportRow {
  rowNO: number;
  input: RecordValues;
}

/** Each row through the full write path (lines, after-write hooks), under a savepoint: a bad row rolls back every row,
 * and the job still records its errors. */
async function writeRowByRow(context: ReadContext, tx: Transaction<Database>, rows: ImportRow[], key: string[]): Promise<ImportError[]> {
  const errors: ImportError[] = [];
  await sql`savepoint model_import`.execute(tx);
  for (const { rowNO, input } of rows) {
    try {
      const existing = key.length > 0 ? await findByKey(context, key, input) : undefined;
      if (existing !== undefined) await updateInTransaction(context, tx, existing, input);
      else await createInTransaction(context, tx, input);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      errors.push({ rowNO, errorMsg: error.message });
    }
  }
  errors.push(...((await context.hooks?.checkImport?.(hookContext(context, tx), rows.map((r) => ({ rowNO: r.rowNO, values: r.input })))) ?? []));
  await sql`${sql.raw(errors.length > 0 ? 'rollback to' : 'release')} savepoint model_import`.execute(tx);
  return mergedErrors(errors);
}

/** One error per row, in row order, its problems joined. */
function mergedErrors(errors: ImportError[]): ImportError[] {
  const byRow = new Map<number, { messages: string[]; skipped: boolean }>();
  for (const { rowNO, errorMsg, skipped } of errors) {
    const row = byRow.get(rowNO) ?? { messages: [], skipped: true };
    byRow.set(rowNO, { messages: [...row.messages, errorMsg], skipped: row.skipped && skipped === true });
  }
  return [...byRow.entries()].sort(([a], [b]) => a - b).map(([rowNO, { messages, skipped }]) => ({ rowNO, errorMsg: messages.join('；'), ...(skipped ? { skipped } : {}) }));
}

/** Rows a statement: each column goes as one array parameter (unnest), so a statement's parameters are its columns. */
const CHUNK = 10_000;

/** A value as an element of an array parameter (the database parses each element as the column's type). */
const element = (v: unknown) => (v === undefined || v === null ? null : v instanceof Date ? v.toISOString() : typeof v === 'object' ? v : String(v));

/** `unnest(col1[], col2[], ...)`: the rows' values of each named column as one array cast to the column's type. */
function unnested(names: string[], rows: RecordValues[], typeOf: (name: string) => RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`unnest(${sql.join(names.map((name) => sql`cast(${rows.map((row) => element(row[name]))} as ${typeOf(name)}[])`))})`;
}

/**
 * The whole file at once: every row checked as a form save would check it, the references, unique fields and keys of
 * all rows looked up once, then rows whose key matches a stored record updated and the rest inserted, 10,000 a
 * statement. Any problem: the rows' errors, and nothing written.
 */
async function writeInBulk(context: ReadContext, tx: Transaction<Database>, rows: ImportRow[], key: string[]): Promise<ImportError[]> {
  const { loaded, user } = context;
  const now = new Date();
  const owned = loaded.model.scope === 'owner';
  const scope = owned && !user.ownerCode ? new Set(await ownerScope(tx, user)) : undefined;
  const prepared = rows.map(({ rowNO, input }) => {
    const problems: string[] = [];
    let ownerCode: string | undefined;
    if (owned) {
      ownerCode = user.ownerCode ?? (typeof input.ownerCode === 'string' ? input.ownerCode : undefined);
      if (!ownerCode) problems.push('请选择经销商');
      else if (scope && !scope.has(ownerCode)) problems.push('经销商不存在或不在您的管辖范围内');
    }
    const record = takeFields(loaded, input, {}, context, true, now, problems);
    const states = loaded.model.states;
    if (states && !(states.clientSets && !isBlank(record[states.field]))) record[states.field] = states.initial;
    compute(loaded, record, record, problems);
    requireFields(loaded, record, problems);
    return { rowNO, input, record, problems, ownerCode, id: undefined as number | undefined };
  });
  (await referenceProblems(context, loaded, prepared.map((p) => p.record))).forEach((problems, i) => prepared[i]!.problems.push(...problems));

  // A row whose key matches a stored record (or an earlier row of the file) updates it.
  const keyOf = (p: (typeof prepared)[number]) => JSON.stringify(key.map((name) => keyValue(name === 'ownerCode' ? p.ownerCode : columnsOf(loaded, { [name]: p.record[name] })[name])));
  if (key.length > 0) {
    const stored = await storedKeys(context, key, prepared.map((p) => ({ ...columnsOf(loaded, p.record), ownerCode: p.ownerCode })));
    for (const p of prepared) p.id = stored.get(keyOf(p));
  }
  await storedUniqueProblems(context, prepared);

  const hook = context.hooks?.beforeWrite;
  if (hook) for (const p of prepared) await hook(hookContext(context, tx), { op: p.id === undefined ? 'create' : 'update', values: p.record, input: p.input, problems: p.problems, prefix: '', via: 'import' });
  const errors = prepared.filter((p) => p.problems.length > 0).map((p) => ({ rowNO: p.rowNO, errorMsg: p.problems.join('；') }));
  errors.push(...((await context.hooks?.checkImport?.(hookContext(context, tx), rows.map((r) => ({ rowNO: r.rowNO, values: r.input })))) ?? []));
  if (errors.length > 0) return mergedErrors(errors);

  // The file's last row of a key wins.
  const last = new Map<string, (typeof prepared)[number]>();
  for (const p of prepared) last.set(key.length > 0 ? keyOf(p) : String(p.rowNO), p);
  const inserts: RecordValues[] = [];
  const updates: { id: number; columns: RecordValues }[] = [];
  for (const p of last.values()) {
    const columns = columnsOf(loaded, p.record);
    if (p.id !== undefined) {
      const given = Object.fromEntries(Object.entries(columns).filter(([name]) => Object.hasOwn(p.input, name) && !key.includes(name)));
      updates.push({ id: p.id, columns: { ...given, updatedAt: now, updatedBy: user.id } });
      continue;
    }
    const row: RecordValues = { ...columns, createdAt: now, updatedAt: now, createdBy: user.id, updatedBy: user.id };
    if (owned) row.ownerCode = p.ownerCode;
    if (loaded.model.scope === 'org') row.orgCode = user.orgCode;
    if (loaded.model.naming) row[loaded.model.naming.field] = await nextNumber(tx as Kysely<Database>, loaded, { ...p.record, ownerCode: p.ownerCode }, now);
    inserts.push(row);
  }
  await insertRows(tx, loaded, inserts);
  await updateRows(tx, loaded, updates);
  return [];
}

/** Stored records (within the importer's scope) by their key values, joined to the rows' keys (unnest). */
async function storedKeys(context: ReadContext, key: string[], rows: RecordValues[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const scope = await scopeCondition(context, 't');
  const typeOf = columnTypes(context.loaded);
  const matches = sql.join(key.map((name) => sql`${sql.ref(`t.${name}`)} = ${sql.ref(`v.${name}`)}`), sql` and `);
  for (let i = 0; i < rows.length; i += CHUNK) {
    const { rows: hits } = await sql<RecordValues & { id: number }>`select t.id, ${sql.join(key.map((name) => sql.ref(`t.${name}`)))} from ${sql.table(snake(context.loaded.table))} as ${sql.id('t')}
      join ${unnested(key, rows.slice(i, i + CHUNK), typeOf)} as v (${sql.join(key.map((name) => sql.id(snake(name))))}) on ${matches} where ${scope}`.execute(context.db);
    for (const hit of hits) found.set(JSON.stringify(key.map((name) => keyValue(hit[name]))), Number(hit.id));
  }
  return found;
}

/** Each column's SQL type, for values sent as arrays. */
function columnTypes(loaded: LoadedModel): (name: string) => RawBuilder<unknown> {
  const specs = new Map(tableOfModel(loaded).columns.map((c) => [c.name, c]));
  return (name: string) => sql.raw(specs.get(name) ? sqlType(specs.get(name)!) : 'text');
}

const keyValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value === undefined ? null : typeof value === 'number' || typeof value === 'bigint' ? String(value) : value);

/** Unique fields already used by another stored record: `工时代码“X”已存在` on the row (the dealer's own rows for
 * `unique: "owner"`). Within the file the sheet reader refuses repeats. */
async function storedUniqueProblems(context: ReadContext, prepared: { record: RecordValues; ownerCode?: string | undefined; id?: number | undefined; problems: string[] }[]): Promise<void> {
  const { loaded, db } = context;
  for (const field of loaded.fields.values()) {
    if (!field.unique || field.multiple) continue;
    const perOwner = field.unique === 'owner' && loaded.model.scope === 'owner';
    const values = [...new Set(prepared.map((p) => p.record[field.name]).filter((v) => !isBlank(v)).map(String))];
    const taken = new Map<string, number>();
    for (let i = 0; i < values.length; i += 5000) {
      const chunk = values.slice(i, i + 5000);
      const owners = perOwner ? [...new Set(prepared.map((p) => p.ownerCode).filter((c): c is string => !!c))] : [];
      const { rows } = await sql<{ id: number; value: unknown; owner: string | null }>`select id, ${sql.ref(field.name)} as value, ${perOwner ? sql.ref('ownerCode') : sql`null`} as owner from ${sql.table(snake(loaded.table))} where ${sql.ref(field.name)} in (${sql.join(chunk)}) ${perOwner ? sql`and ${sql.ref('ownerCode')} in (${sql.join(owners)})` : sql``}`.execute(db);
      for (const row of rows) taken.set(`${row.owner ?? ''}|${String(row.value)}`, Number(row.id));
    }
    for (const p of prepared) {
      const value = p.record[field.name];
      if (isBlank(value)) continue;
      const holder = taken.get(`${perOwner ? (p.ownerCode ?? '') : ''}|${String(value)}`);
      if (holder !== undefined && holder !== p.id) p.problems.push(`${field.label}“${String(value)}”已存在`);
    }
  }
}

/** Inserts of many rows of the same columns at a time. */
async function insertRows(tx: Kysely<Database>, loaded: LoadedModel, rows: RecordValues[]): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(rows[0]!);
  const typeOf = columnTypes(loaded);
  for (let i = 0; i < rows.length; i += CHUNK) {
    await sql`insert into ${sql.table(snake(loaded.table))} (${sql.join(names.map((n) => sql.id(snake(n))))}) select * from ${unnested(names, rows.slice(i, i + CHUNK), typeOf)}`.execute(tx);
  }
}

/** Updates of many rows (the same columns) at a time, by id. */
async function updateRows(tx: Kysely<Database>, loaded: LoadedModel, rows: { id: number; columns: RecordValues }[]): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(rows[0]!.columns);
  const types = columnTypes(loaded);
  const typeOf = (name: string) => (name === 'id' ? sql.raw('bigint') : types(name));
  const sets = sql.join(names.map((n) => sql`${sql.id(snake(n))} = ${sql.ref(`v.${snake(n)}`)}`));
  const aliases = sql.join(['id', ...names].map((n) => sql.id(snake(n))));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((row) => ({ id: row.id, ...row.columns }));
    await sql`update ${sql.table(snake(loaded.table))} as t set ${sets} from ${unnested(['id', ...names], chunk, typeOf)} as v (${aliases}) where t.id = v.id`.execute(tx);
  }
}

/** The stored record (within the importer's scope) whose key fields equal the row's. */
async function findByKey(context: ReadContext, key: string[], input: RecordValues): Promise<number | undefined> {
  const conditions = [await scopeCondition(context, 't'), ...key.map((name) => sql<boolean>`${sql.ref(`t.${name}`)} = ${input[name] ?? null}`)];
  const { rows } = await sql<{ id: number }>`select id from ${sql.table(snake(context.loaded.table))} as ${sql.id('t')} where ${sql.join(conditions, sql` and `)} limit 1`.execute(context.db);
  return rows[0] ? Number(rows[0].id) : undefined;
}
