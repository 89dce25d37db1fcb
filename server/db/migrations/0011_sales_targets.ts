import { sql, type Kysely } from 'kysely';

// Monthly sales targets per dealer and vehicle model (销售目标, back-office §1 and §7 Target): set by the manufacturer,
// mostly by Excel import. One row per dealer, month and model; a later import of the same key replaces its figures.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sales_targets')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('owner_code', 'varchar(32)', (c) => c.notNull())
    // YYYY-MM
    .addColumn('target_month', 'varchar(7)', (c) => c.notNull())
    // A level-3 material (车型) of the vehicle material tree.
    .addColumn('model_code', 'varchar(30)', (c) => c.notNull())
    .addColumn('retail_target', 'integer', (c) => c.notNull())
    .addColumn('wholesale_target', 'integer', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id'))
    .addUniqueConstraint('sales_targets_key_uq', ['owner_code', 'target_month', 'model_code'])
    .execute();
  await db.schema.createIndex('sales_targets_month').on('sales_targets').columns(['target_month', 'owner_code']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sales_targets').execute();
}
