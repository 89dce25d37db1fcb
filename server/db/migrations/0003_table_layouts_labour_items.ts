import { sql, type Kysely } from 'kysely';

// Per-user column layouts of tables, and a dealer's labour price list with the manufacturer's standard labour
// catalogue it picks from (the first editable business table).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('table_layouts')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('layout_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('columns', 'jsonb', (c) => c.notNull())
    // The client's time of the change (ISO 8601): the later of the local and the server copy wins.
    .addColumn('saved_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('table_layouts_pk', ['user_id', 'layout_key'])
    .execute();

  await db.schema
    .createTable('standard_labours')
    .addColumn('code', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('repair_type_code', 'varchar(16)', (c) => c.notNull().references('repair_types.code'))
    .addColumn('std_hours', sql`numeric(6,1)`, (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('labour_items')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('owner_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('labour_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('labour_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('std_labour_code', 'varchar(20)', (c) => c.references('standard_labours.code'))
    .addColumn('repair_type_code', 'varchar(16)', (c) => c.notNull().references('repair_types.code'))
    .addColumn('std_hours', sql`numeric(6,1)`, (c) => c.notNull())
    .addColumn('price', sql`numeric(10,2)`, (c) => c.notNull())
    .addColumn('series', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('enabled', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id'))
    .addUniqueConstraint('labour_items_owner_code_uq', ['owner_code', 'labour_code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['labour_items', 'standard_labours', 'table_layouts']) await db.schema.dropTable(table).execute();
}
