// The table a model wants: each field's column (type, length, precision), the implicit columns every record has, and
// the indexes its fields ask for. The migration compares this with the live table (modelMigrations.ts).
import type { Field } from '../../schemas/model/model.types';
import type { LoadedChild, LoadedModel } from './modelCatalogue';

/** A camelCase name as its snake_case column (what Kysely's CamelCasePlugin does). */
export const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export type ColumnKind = 'varchar' | 'text' | 'integer' | 'bigint' | 'numeric' | 'date' | 'timestamptz' | 'boolean' | 'jsonb';

export interface ColumnSpec {
  /** camelCase, as Kysely's CamelCasePlugin maps it to the snake_case column. */
  name: string;
  kind: ColumnKind;
  length?: number;
  precision?: number;
  scale?: number;
  /** Created NOT NULL on a new table (an added column is nullable unless it has a default). */
  notNull: boolean;
  /** SQL default, for new tables and added columns. */
  defaultSql?: string;
  /** The column is the engine's own (id, owner, times): an existing one of another integer width is accepted as is. */
  implicit?: boolean;
  /** Who asked for it, for messages: 模型 维修工单 的字段 工时费. */
  label: string;
}

export interface IndexSpec {
  columns: string[];
  unique: boolean;
}

export interface TableSpec {
  table: string;
  /** What a message calls it: 模型 维修工单, or its child 维修工单 › 工时明细. */
  title: string;
  columns: ColumnSpec[];
  indexes: IndexSpec[];
  /** The parent table of a child (lines are deleted with their record). */
  parentTable?: string;
}

export const MONEY_PRECISION = 14;
export const MONEY_SCALE = 2;
export const DEFAULT_DECIMAL = { precision: 12, scale: 2 };

/** Precision and scale of a decimal or money field. */
export function numericOf(field: Field): { precision: number; scale: number } {
  if (field.type === 'money') return { precision: field.precision ?? MONEY_PRECISION, scale: field.scale ?? MONEY_SCALE };
  return { precision: field.precision ?? DEFAULT_DECIMAL.precision, scale: field.scale ?? DEFAULT_DECIMAL.scale };
}

/** Values kept as JSON: lists, json fields, and files (a file is {name, url}). */
export function isJsonValued(field: Field): boolean {
  return field.multiple === true || field.type === 'json';
}

/** A ref's key: id (a bigint) unless it names another column. */
export const refKey = (field: Field): string => field.ref?.key ?? 'id';

function fieldColumn(field: Field, required: boolean): Omit<ColumnSpec, 'name' | 'label'> {
  const notNull = required;
  if (field.multiple) return { kind: 'jsonb', notNull: true, defaultSql: `'[]'::jsonb` };
  switch (field.type) {
    case 'string':
      return { kind: 'varchar', length: field.length ?? 100, notNull };
    case 'text':
    case 'html':
      return { kind: 'text', notNull };
    case 'int':
      return { kind: (field.max ?? 0) > 2_147_483_647 || (field.min ?? 0) < -2_147_483_648 ? 'bigint' : 'integer', notNull };
    case 'decimal':
    case 'money':
      return { kind: 'numeric', ...numericOf(field), notNull };
    case 'date':
      return { kind: 'date', notNull };
    case 'datetime':
      return { kind: 'timestamptz', notNull };
    case 'month':
      return { kind: 'varchar', length: field.length ?? 7, notNull };
    case 'time':
      return { kind: 'varchar', length: field.length ?? 8, notNull };
    case 'boolean':
      return { kind: 'boolean', notNull };
    case 'dict':
      return { kind: 'varchar', length: field.length ?? 16, notNull };
    case 'ref':
      return refKey(field) === 'id' ? { kind: 'bigint', notNull } : { kind: 'varchar', length: field.length ?? 32, notNull };
    case 'file':
    case 'image':
      // One file: its url (/api/file/download/<uid>) or a JSON {name, url}; a long text either way.
      return { kind: 'text', notNull };
    case 'json':
      return { kind: 'jsonb', notNull };
  }
}

function literalDefault(field: Field): string | undefined {
  const value = field.default;
  if (value === undefined || value === null) return undefined;
  if (value === '$now') return 'now()';
  if (value === '$today') return `(now() at time zone 'Asia/Shanghai')::date`;
  if (typeof value === 'string' && value.startsWith('$')) return undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  return undefined;
}

function columnsOfFields(fields: Iterable<Field>, title: string): ColumnSpec[] {
  return [...fields].map((field) => {
    const column = fieldColumn(field, field.required === true && field.compute === undefined);
    const defaultSql = column.defaultSql ?? literalDefault(field);
    return { name: field.name, label: `${title} 的字段 ${field.label}（${field.name}）`, ...column, ...(defaultSql ? { defaultSql } : {}) };
  });
}

const implicit = (name: string, kind: ColumnKind, notNull: boolean, title: string, extra: Partial<ColumnSpec> = {}): ColumnSpec => ({
  name,
  kind,
  notNull,
  implicit: true,
  label: `${title} 的 ${name}`,
  ...extra,
});

export function tableOfModel(loaded: LoadedModel): TableSpec {
  const { model } = loaded;
  const title = `模型 ${model.title}（${model.name}）`;
  const columns: ColumnSpec[] = [
    implicit('id', 'bigint', true, title),
    ...(model.scope === 'owner' ? [implicit('ownerCode', 'varchar', true, title, { length: 32 })] : []),
    ...columnsOfFields(loaded.fields.values(), title),
    implicit('createdAt', 'timestamptz', true, title, { defaultSql: 'now()' }),
    implicit('updatedAt', 'timestamptz', true, title, { defaultSql: 'now()' }),
    implicit('createdBy', 'bigint', false, title),
    implicit('updatedBy', 'bigint', false, title),
  ];
  const indexes: IndexSpec[] = [];
  const owner = model.scope === 'owner' ? ['ownerCode'] : [];
  // The default list order, within the owner's rows: what every list's first page reads.
  const sortField = model.defaultSort?.field ?? 'createdAt';
  indexes.push({ columns: [...owner, sortField, 'id'], unique: false });
  for (const field of loaded.fields.values()) {
    if (field.unique === 'owner') indexes.push({ columns: [...owner, field.name], unique: true });
    else if (field.unique === true) indexes.push({ columns: [field.name], unique: true });
    // A ref's lookups use its index; a list of refs (a jsonb array) would gain nothing from a btree.
    else if (field.index || (field.type === 'ref' && !field.multiple) || field.name === model.naming?.field) indexes.push({ columns: [field.name], unique: false });
  }
  if (model.naming && !loaded.fields.get(model.naming.field)?.unique) indexes.push({ columns: [model.naming.field], unique: true });
  // Indexes over several fields (one stock row per dealer, warehouse and part), within the owner's rows.
  for (const index of model.indexes ?? []) indexes.push({ columns: [...owner, ...index.fields], unique: index.unique === true });
  return { table: loaded.table, title, columns, indexes };
}

export function tableOfChild(loaded: LoadedModel, child: LoadedChild): TableSpec {
  const title = `模型 ${loaded.model.title}（${loaded.model.name}）的子表 ${child.child.title}（${child.child.name}）`;
  return {
    table: child.table,
    title,
    parentTable: loaded.table,
    columns: [
      implicit('id', 'bigint', true, title),
      implicit('parentId', 'bigint', true, title),
      implicit('lineNo', 'integer', true, title),
      ...columnsOfFields(child.fields.values(), title),
    ],
    indexes: [{ columns: ['parentId', 'lineNo'], unique: false }],
  };
}

/** The SQL type of a column spec, as a CREATE or ALTER writes it. */
export function sqlType(column: Pick<ColumnSpec, 'kind' | 'length' | 'precision' | 'scale'>): string {
  switch (column.kind) {
    case 'varchar':
      return `varchar(${column.length ?? 100})`;
    case 'numeric':
      return `numeric(${column.precision ?? 12},${column.scale ?? 2})`;
    default:
      return column.kind;
  }
}
