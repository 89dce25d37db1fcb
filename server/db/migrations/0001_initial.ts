import { sql, type Kysely } from 'kysely';

// Migrations see the database untyped: they describe what exists at their point in history, not today's schema.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('org_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('org_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.references('organizations.id'))
    .addColumn('org_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('company_type', 'varchar(16)')
    .addColumn('group_org_id', 'bigint', (c) => c.references('organizations.id'))
    .addColumn('province_name', 'varchar(32)')
    .addColumn('city_name', 'varchar(32)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(100)', (c) => c.notNull())
    .addColumn('employee_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('employee_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id'))
    .addColumn('phone', 'varchar(20)')
    .addColumn('is_onjob', 'varchar(16)', (c) => c.notNull().defaultTo('10081001'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('positions')
    .addColumn('position_code', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('position_name', 'varchar(50)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user_positions')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position_code', 'varchar(16)', (c) => c.notNull().references('positions.position_code'))
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id'))
    .addPrimaryKeyConstraint('user_positions_pk', ['user_id', 'position_code', 'org_id'])
    .execute();

  await db.schema
    .createTable('menus')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(32)', (c) => c.references('menus.id'))
    .addColumn('title', 'varchar(50)', (c) => c.notNull())
    .addColumn('path', 'varchar(200)', (c) => c.notNull())
    .addColumn('icon', 'varchar(50)')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('component', 'varchar(100)')
    .addColumn('keep_alive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('pyt', 'varchar(16)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('permission', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  await db.schema
    .createTable('dict_codes')
    .addColumn('code_id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('code_cn_desc', 'varchar(100)', (c) => c.notNull())
    .addColumn('code_en_desc', 'varchar(100)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('dict_codes_type_idx').on('dict_codes').column('type').execute();

  await db.schema
    .createTable('repair_types')
    .addColumn('code', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('owner_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('customer_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('gender', 'varchar(16)')
    .addColumn('address', 'varchar(200)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('vehicles')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('vin', 'char(17)', (c) => c.notNull().unique())
    .addColumn('plate_no', 'varchar(10)', (c) => c.notNull())
    .addColumn('owner_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('customer_id', 'bigint', (c) => c.notNull().references('customers.id'))
    .addColumn('brand_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('series_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('model_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('color_name', 'varchar(20)', (c) => c.notNull())
    .addColumn('purchase_date', 'date', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('repair_orders')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('ro_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('owner_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('vin', 'char(17)', (c) => c.notNull())
    .addColumn('plate_no', 'varchar(10)', (c) => c.notNull())
    .addColumn('customer_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('repair_type_code', 'varchar(16)', (c) => c.notNull().references('repair_types.code'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('service_advisor_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('mileage', 'integer', (c) => c.notNull())
    .addColumn('labour_amount', sql`numeric(12,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('part_amount', sql`numeric(12,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('remark', 'varchar(200)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('repair_orders_owner_created_idx').on('repair_orders').columns(['owner_code', 'created_at']).execute();
  // With id as tie-breaker the index serves the default order (newest first) of every list.
  await db.schema.createIndex('repair_orders_created_idx').on('repair_orders').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('repair_orders_vin_idx').on('repair_orders').column('vin').execute();
  await db.schema.createIndex('repair_orders_plate_idx').on('repair_orders').column('plate_no').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['repair_orders', 'vehicles', 'customers', 'repair_types', 'dict_codes', 'menus', 'user_positions', 'positions', 'users', 'organizations']) {
    await db.schema.dropTable(table).execute();
  }
}
