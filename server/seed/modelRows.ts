// Multi-row inserts into a model's tables for the seed modules that build their rows themselves (the parts and stock
// demo): values in answer form, written as the engine writes them (json lists as text, Beijing datetimes as instants).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { snake, tableOfChild, tableOfModel, type TableSpec } from '../models/columns';
import { beijingInstant, toColumn } from '../models/fieldValues';
import type { LoadedModel } from '../models/modelCatalogue';
import type { RecordValues } from '../models/modelHooks';
import { tablesWithKeptCounts } from '../models/ownerRowCounts';

/** Rows per statement (one JSON parameter each). */
const INSERT_ROWS = 2000;

function columnRow(fields: LoadedModel['fields'], implicit: readonly string[], values: RecordValues): RecordValues {
  const row: RecordValues = {};
  for (const field of fields.values()) {
    const value = values[field.name];
    row[field.name] = field.type === 'datetime' && typeof value === 'string' ? (beijingInstant(value) ?? null) : toColumn(field, value);
  }
  for (const name of implicit) if (Object.hasOwn(values, name)) row[name] = values[name];
  return row;
}

/** A column's type as the recordset's text is cast to it. */
function castTo(column: TableSpec['columns'][number]): string {
  return column.kind === 'varchar' ? 'varchar' : column.kind;
}

/** A value as the JSON of one recordset row carries it: text (dates as instants, numbers and flags as written). */
function jsonCell(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : String(value);
}

/**
 * Rows as one JSON parameter per statement (an array of arrays), read back element by element and cast to each column's
 * type: thousands of bound parameters per statement cost several times more to build and send than the rows themselves
 * (the demo's repair workshop is about 60,000 rows written at every fresh start). jsonb, not json: a json element is
 * parsed again for each column read from it, which made a wide table's insert ten times slower.
 */
async function insert(db: Kysely<Database>, spec: TableSpec, rows: RecordValues[], returnIds: boolean): Promise<number[]> {
  if (rows.length === 0) return [];
  const columns = spec.columns.filter((c) => c.name !== 'id' && Object.hasOwn(rows[0]!, c.name));
  const names = columns.map((c) => c.name);
  const ids: number[] = [];
  const selected = sql.raw(columns.map((c, n) => `(x.v->>${n})::${castTo(c)}`).join(', '));
  const target = sql.raw(columns.map((c) => `"${snake(c.name)}"`).join(', '));
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const batch = rows.slice(i, i + INSERT_ROWS).map((row) => names.map((name) => jsonCell(row[name])));
    const tail = returnIds ? sql` returning id` : sql``;
    const result = await sql<{ id: number | string }>`insert into ${sql.table(snake(spec.table))} (${target}) select ${selected} from jsonb_array_elements(${JSON.stringify(batch)}::jsonb) with ordinality as x(v, n) order by x.n${tail}`.execute(db);
    ids.push(...result.rows.map((r) => Number(r.id)));
  }
  return ids;
}

const IMPLICIT = ['ownerCode', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const;

/** A record of the seed: its field values (answer form), implicit columns (ownerCode, createdAt as a Date...) and lines. */
export interface SeedRow {
  values: RecordValues;
  lines?: Record<string, RecordValues[]>;
}

/**
 * A fresh database's rows of an owner-scoped table, written with its counting trigger off and counted once after
 * (server/models/ownerRowCounts.ts): the trigger's per-statement tally of thousands of rows at a time cost as much as
 * the inserts. Only for the seed, which writes into tables nobody else is writing yet.
 */
async function countedOnce<T>(db: Kysely<Database>, loaded: LoadedModel, write: () => Promise<T>): Promise<T> {
  const table = snake(loaded.table);
  const kept = loaded.model.scope === 'owner' && (await tablesWithKeptCounts(db, [table])).has(table);
  if (!kept) return write();
  await sql`alter table ${sql.table(table)} disable trigger owner_row_counts_added`.execute(db);
  const result = await write();
  await sql`alter table ${sql.table(table)} enable trigger owner_row_counts_added`.execute(db);
  await sql`delete from owner_row_counts where table_name = ${table}`.execute(db);
  await sql`insert into owner_row_counts (table_name, owner_code, row_count) select ${table}, owner_code, count(*) from ${sql.table(table)} where owner_code is not null group by owner_code`.execute(db);
  return result;
}

/** Inserts the records and their lines; answers the records' ids in order (none when `returnIds` is false and the model
 * has no lines: a table nothing refers to is written quicker). */
export async function insertModelRows(db: Kysely<Database>, loaded: LoadedModel, records: readonly SeedRow[], returnIds = true): Promise<number[]> {
  const ids = await countedOnce(db, loaded, () =>
    insert(
      db,
      tableOfModel(loaded),
      records.map((r) => columnRow(loaded.fields, IMPLICIT, r.values)),
      returnIds || loaded.children.length > 0,
    ),
  );
  for (const child of loaded.children) {
    const rows: RecordValues[] = [];
    records.forEach((record, index) => {
      (record.lines?.[child.child.name] ?? []).forEach((line, n) => rows.push({ ...columnRow(child.fields, [], line), parentId: ids[index], lineNo: n + 1 }));
    });
    await insert(db, tableOfChild(loaded, child), rows, false);
  }
  return ids;
}
