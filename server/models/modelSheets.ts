// A model's Excel: the download-centre export and direct export from its `export` columns (codes translated to their
// dictionary text, refs to their titles), and the import from its `import` columns (dictionaries and refs read by text,
// every row checked like a form save, written all or none; with `key`, a row that matches a stored record updates it).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Field } from '../../schemas/model/model.types';
import type { Database } from '../db/schema';
import type { Exporter } from '../exports/exporters';
import type { CellValue } from '../exports/xlsxStream';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import type { Importer } from '../imports/importers';
import type { ImportError, ImportField } from '../imports/importRows';
import { numericOf, refKey, snake } from './columns';
import type { LoadedModel } from './modelCatalogue';
import type { ModelHooks, RecordValues } from './modelHooks';
import { countRecords, recordBatches, refJoins, scopeCondition, type ReadContext } from './modelReads';
import { createInTransaction, updateInTransaction } from './modelWrites';

export const modelSheetKind = (loaded: LoadedModel): string => `model:${loaded.model.name}`;

interface SheetContext {
  loaded: LoadedModel;
  hooks: ModelHooks | undefined;
  models: ReadonlyMap<string, LoadedModel>;
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
        const text = (v: unknown) => (field?.type === 'dict' && field.dict ? (dictionaries.get(field.dict)?.get(String(v)) ?? String(v)) : v);
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

/** The import column of a field: its type as the sheet reader checks it, dictionaries and refs by their text. */
async function importField(db: Kysely<Database>, sheet: SheetContext, header: string, name: string): Promise<ImportField> {
  if (name === 'ownerCode') return { header, field: name, type: 'text', required: true, maxLength: 32 };
  const field = sheet.loaded.fields.get(name);
  if (!field) throw new ApiError('internal', `导入列 ${header} 没有对应字段`);
  const base = { header, field: name, ...(field.required && field.default === undefined ? { required: true } : {}) };
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
      const { rows } = await sql<{ key: string | number; title: string }>`select ${sql.ref(`t.${refKey(field)}`)} as key, ${sql.ref(`t.${join.title}`)} as title from ${sql.table(snake(join.table))} as ${sql.id('t')} ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}`.execute(db);
      return { ...base, type: 'choice', choices: new Map(rows.map((r) => [String(r.title), String(r.key)])) };
    }
    default:
      return { ...base, type: 'text', ...(field.length ? { maxLength: field.length } : {}) };
  }
}

export function modelImporter(sheet: SheetContext): Importer<RecordValues> {
  const definition = sheet.loaded.model.import!;
  const create = sheet.loaded.model.writes?.create;
  const side = definition.side ?? (typeof create === 'object' ? create : undefined);
  return {
    ...(side ? { onlyFor: side } : {}),
    fields: (db) => Promise.all(definition.columns.map((c) => importField(db, sheet, c.header, c.field))),
    async write(tx: Transaction<Database>, user: SessionUser, records) {
      const context: ReadContext = { db: tx, user, loaded: sheet.loaded, hooks: sheet.hooks, models: sheet.models };
      const key = definition.key ?? [];
      const errors: ImportError[] = [];
      // The rows are written under a savepoint: a bad row rolls back every row, and the job still records its errors.
      await sql`savepoint model_import`.execute(tx);
      for (const { rowNO, values } of records) {
        const input: RecordValues = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, sheet.loaded.fields.get(name)?.type === 'boolean' ? value === 'true' : value]));
        try {
          const existing = key.length > 0 ? await findByKey(context, key, input) : undefined;
          if (existing !== undefined) await updateInTransaction(context, tx, existing, input);
          else await createInTransaction(context, tx, input);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          errors.push({ rowNO, errorMsg: error.message });
        }
      }
      if (errors.length > 0) await sql`rollback to savepoint model_import`.execute(tx);
      else await sql`release savepoint model_import`.execute(tx);
      return errors;
    },
  };
}

/** The stored record (within the importer's scope) whose key fields equal the row's. */
async function findByKey(context: ReadContext, key: string[], input: RecordValues): Promise<number | undefined> {
  const conditions = [await scopeCondition(context, 't'), ...key.map((name) => sql<boolean>`${sql.ref(`t.${name}`)} = ${input[name] ?? null}`)];
  const { rows } = await sql<{ id: number }>`select id from ${sql.table(snake(context.loaded.table))} as ${sql.id('t')} where ${sql.join(conditions, sql` and `)} limit 1`.execute(context.db);
  return rows[0] ? Number(rows[0].id) : undefined;
}
