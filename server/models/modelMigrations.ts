// Additive migrations derived from the models, applied at start in one transaction: create a table, add a column, add
// an index, widen a column (longer text, more digits, a nullable column). Anything that would narrow or drop (a shorter
// text, fewer digits, another type) is refused with the model and field named, and nothing at all is applied: such a
// change needs a hand-written migration in server/db/migrations.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { createHash } from 'node:crypto';
import { snake, sqlType, tableOfChild, tableOfModel, type ColumnKind, type ColumnSpec, type IndexSpec, type TableSpec } from './columns';
import type { LoadedModel } from './modelCatalogue';
import { ensureCounterTable } from './namingSeries';
import { keepCountsStatements, tablesWithKeptCounts } from './ownerRowCounts';

export class ModelMigrationError extends Error {}

/** The advisory lock the start's migration and every publish take, so they run one at a time across instances. */
export const MIGRATION_LOCK = 'dms-model-migrations';

interface LiveColumn {
  kind: ColumnKind | 'other';
  type: string;
  length: number | null;
  precision: number | null;
  scale: number | null;
  nullable: boolean;
  hasDefault: boolean;
}

interface LiveTable {
  columns: Map<string, LiveColumn>;
  indexes: { columns: string[]; unique: boolean }[];
}

export interface MigrationPlan {
  /** What will change, one line each, in Chinese (the start log prints them). */
  changes: string[];
  statements: RawBuilder<unknown>[];
  /** Why the plan cannot be applied; empty when it can. */
  refusals: string[];
}

function kindOf(dataType: string): LiveColumn['kind'] {
  switch (dataType) {
    case 'character varying':
    case 'character':
      return 'varchar';
    case 'text':
      return 'text';
    case 'integer':
    case 'smallint':
      return 'integer';
    case 'bigint':
      return 'bigint';
    case 'numeric':
      return 'numeric';
    case 'date':
      return 'date';
    case 'timestamp with time zone':
      return 'timestamptz';
    case 'boolean':
      return 'boolean';
    case 'jsonb':
      return 'jsonb';
    default:
      return 'other';
  }
}

async function readLiveTables<DB>(db: Kysely<DB>, tables: string[]): Promise<Map<string, LiveTable>> {
  const names = tables.map(snake);
  const columns = await sql<{ tableName: string; columnName: string; dataType: string; characterMaximumLength: number | null; numericPrecision: number | null; numericScale: number | null; isNullable: string; columnDefault: string | null; isIdentity: string }>`
    select table_name, column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, is_nullable, column_default, is_identity
    from information_schema.columns where table_schema = current_schema() and table_name = any(${names})`.execute(db);
  const indexes = await sql<{ tableName: string; unique: boolean; columns: string[] }>`
    select t.relname as table_name, ix.indisunique as unique, array_agg(a.attname::text order by k.ord) as columns
    from pg_index ix
    join pg_class t on t.oid = ix.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    cross join lateral unnest(ix.indkey) with ordinality as k(attnum, ord)
    join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
    where n.nspname = current_schema() and t.relname = any(${names})
    group by t.relname, ix.indexrelid, ix.indisunique`.execute(db);
  const live = new Map<string, LiveTable>();
  for (const row of columns.rows) {
    const table = live.get(row.tableName) ?? { columns: new Map(), indexes: [] };
    table.columns.set(row.columnName, {
      kind: kindOf(row.dataType),
      type: row.dataType,
      length: row.characterMaximumLength,
      precision: row.numericPrecision,
      scale: row.numericScale,
      nullable: row.isNullable === 'YES',
      hasDefault: row.columnDefault !== null || row.isIdentity === 'YES',
    });
    live.set(row.tableName, table);
  }
  for (const row of indexes.rows) live.get(row.tableName)?.indexes.push({ columns: row.columns, unique: row.unique });
  return live;
}

const describe = (c: Pick<LiveColumn, 'kind' | 'length' | 'precision' | 'scale'> | ColumnSpec) =>
  c.kind === 'varchar' ? `varchar(${c.length})` : c.kind === 'numeric' ? `numeric(${c.precision},${c.scale})` : c.kind;

/** Widening needed (a type to ALTER to), nothing (undefined), or a refusal (text). */
function compareColumn(want: ColumnSpec, live: LiveColumn): { alter?: string; refusal?: string } {
  const was = describe(live);
  const refuse = (why: string) => ({ refusal: `${want.label}：${why}（现为 ${was}，模型要求 ${describe(want)}）。缩小或删除不会自动进行，请编写迁移脚本` });
  if (want.implicit && (want.kind === 'bigint' || want.kind === 'integer') && (live.kind === 'bigint' || live.kind === 'integer')) return {};
  switch (want.kind) {
    case 'varchar':
      if (live.kind === 'text') return {};
      if (live.kind !== 'varchar') return refuse('类型不同');
      if ((live.length ?? Infinity) > (want.length ?? 0)) return refuse('长度缩短');
      return (live.length ?? 0) < (want.length ?? 0) ? { alter: sqlType(want) } : {};
    case 'text':
      if (live.kind === 'text') return {};
      if (live.kind === 'varchar') return { alter: 'text' };
      if (live.kind === 'jsonb') return {};
      return refuse('类型不同');
    case 'integer':
      if (live.kind === 'integer') return {};
      return refuse(live.kind === 'bigint' ? '整数范围缩小' : '类型不同');
    case 'bigint':
      if (live.kind === 'bigint') return {};
      if (live.kind === 'integer') return { alter: 'bigint' };
      return refuse('类型不同');
    case 'numeric': {
      if (live.kind !== 'numeric') return refuse('类型不同');
      const liveScale = live.scale ?? 0;
      const liveInt = (live.precision ?? 0) - liveScale;
      const wantScale = want.scale ?? 0;
      const wantInt = (want.precision ?? 0) - wantScale;
      if (liveScale > wantScale) return refuse('小数位减少');
      if (liveInt > wantInt) return refuse('整数位减少');
      return liveScale < wantScale || liveInt < wantInt ? { alter: sqlType(want) } : {};
    }
    case 'jsonb':
      // Lists kept as JSON text by hand-written tables read and write the same.
      return live.kind === 'jsonb' || live.kind === 'text' ? {} : refuse('类型不同');
    default:
      return live.kind === want.kind ? {} : refuse('类型不同');
  }
}

function indexName(table: string, index: IndexSpec): string {
  const name = `${snake(table)}_${index.columns.map(snake).join('_')}_${index.unique ? 'key' : 'idx'}`;
  if (name.length <= 63) return name;
  return `${name.slice(0, 50)}_${createHash('sha1').update(name).digest('hex').slice(0, 12)}`;
}

function columnDefinition(column: ColumnSpec, creating: boolean): RawBuilder<unknown> {
  const parts = [sql.id(snake(column.name)), sql.raw(sqlType(column))];
  if (column.name === 'id' && column.implicit) return sql`${sql.id('id')} bigint generated by default as identity primary key`;
  if (column.defaultSql) parts.push(sql.raw(`default ${column.defaultSql}`));
  if (column.notNull && (creating || column.defaultSql)) parts.push(sql.raw('not null'));
  return sql.join(parts, sql` `);
}

function planTable(spec: TableSpec, live: LiveTable | undefined, plan: MigrationPlan): void {
  const table = sql.table(snake(spec.table));
  if (!live) {
    const definitions = spec.columns.map((c) => columnDefinition(c, true));
    if (spec.parentTable) definitions.push(sql`foreign key (parent_id) references ${sql.table(snake(spec.parentTable))} (id) on delete cascade`);
    plan.statements.push(sql`create table ${table} (${sql.join(definitions)})`);
    plan.changes.push(`新建表 ${snake(spec.table)}（${spec.title}）`);
    for (const index of spec.indexes) addIndex(spec, index, plan);
    return;
  }
  const wanted = new Set(spec.columns.map((c) => snake(c.name)));
  for (const column of spec.columns) {
    const current = live.columns.get(snake(column.name));
    if (!current) {
      if (column.name === 'id') {
        plan.refusals.push(`${spec.title}：表 ${snake(spec.table)} 没有 id 主键列，不能由模型接管`);
        continue;
      }
      plan.statements.push(sql`alter table ${table} add column ${columnDefinition(column, false)}`);
      plan.changes.push(`表 ${snake(spec.table)} 新增列 ${snake(column.name)} ${sqlType(column)}`);
      continue;
    }
    const { alter, refusal } = compareColumn(column, current);
    if (refusal) plan.refusals.push(refusal);
    if (alter) {
      plan.statements.push(sql`alter table ${table} alter column ${sql.id(snake(column.name))} type ${sql.raw(alter)}`);
      plan.changes.push(`表 ${snake(spec.table)} 的列 ${snake(column.name)} 扩展为 ${alter}`);
    }
    // An optional field over a NOT NULL column: the column is loosened (a widening), so a record without it can be saved.
    if (!column.notNull && !column.implicit && !current.nullable && !column.defaultSql) {
      plan.statements.push(sql`alter table ${table} alter column ${sql.id(snake(column.name))} drop not null`);
      plan.changes.push(`表 ${snake(spec.table)} 的列 ${snake(column.name)} 允许为空`);
    }
  }
  for (const [name, column] of live.columns) {
    if (!wanted.has(name) && !column.nullable && !column.hasDefault) {
      plan.refusals.push(`${spec.title}：表 ${snake(spec.table)} 的列 ${name} 不能为空，但模型没有对应字段，无法新增记录`);
    }
  }
  for (const index of spec.indexes) {
    const columns = index.columns.map(snake);
    const covered = live.indexes.some((i) => i.columns.length === columns.length && i.columns.every((c, n) => c === columns[n]) && (i.unique || !index.unique));
    if (!covered) addIndex(spec, index, plan);
  }
}

function addIndex(spec: TableSpec, index: IndexSpec, plan: MigrationPlan): void {
  const name = indexName(spec.table, index);
  const columns = sql.join(index.columns.map((c) => sql.id(snake(c))));
  const unique = index.unique ? sql`unique ` : sql``;
  plan.statements.push(sql`create ${unique}index if not exists ${sql.id(name)} on ${sql.table(snake(spec.table))} (${columns})`);
  plan.changes.push(`表 ${snake(spec.table)} 新增${index.unique ? '唯一' : ''}索引 ${name}`);
}

export function tablesOf(models: LoadedModel[]): TableSpec[] {
  return models.flatMap((loaded) => [tableOfModel(loaded), ...loaded.children.map((child) => tableOfChild(loaded, child))]);
}

export async function planModelMigrations<DB>(db: Kysely<DB>, models: LoadedModel[]): Promise<MigrationPlan> {
  const specs = tablesOf(models);
  const live = await readLiveTables(db, specs.map((s) => s.table));
  const plan: MigrationPlan = { changes: [], statements: [], refusals: [] };
  for (const spec of specs) planTable(spec, live.get(snake(spec.table)), plan);
  // An owner-scoped table keeps its rows' count per dealer from now on (not a change of its columns: no line shown).
  const owned = models.filter((m) => m.model.scope === 'owner').map((m) => snake(m.table));
  const kept = await tablesWithKeptCounts(db, owned);
  for (const table of owned) if (!kept.has(table)) plan.statements.push(...keepCountsStatements(table));
  return plan;
}

/**
 * Brings every model's table up to its model in one transaction (several instances starting at once take turns).
 * Throws ModelMigrationError listing every refusal, having changed nothing. Answers the changes made.
 */
export async function migrateModels<DB>(db: Kysely<DB>, models: LoadedModel[]): Promise<string[]> {
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${MIGRATION_LOCK}))`.execute(tx);
    await ensureCounterTable(tx);
    const plan = await planModelMigrations(tx, models);
    if (plan.refusals.length > 0) throw new ModelMigrationError(`模型与数据库表不一致，未做任何修改：\n${plan.refusals.join('\n')}`);
    for (const statement of plan.statements) await statement.execute(tx);
    return plan.changes;
  });
}
