import { sql, type Kysely } from 'kysely';

// The reference data the form widgets look up (vehicle materials and their options; the region tree is migration
// 0006's) and the first business record built on every field type: the service booking (预约登记). Its region codes
// are checked by the server (server/data/regions.ts) rather than by a foreign key, as the regions table comes later.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('materials')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('parent_id', 'bigint', (c) => c.references('materials.id'))
    // 1 brand, 2 series, 3 model, 4 configuration, 5 colour.
    .addColumn('level', 'integer', (c) => c.notNull().check(sql`level between 1 and 5`))
    .addColumn('material_code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('material_name_zh', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('materials_parent_idx').on('materials').columns(['parent_id', 'sort']).execute();

  await db.schema
    .createTable('material_options')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('material_id', 'bigint', (c) => c.notNull().references('materials.id'))
    .addColumn('option_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('option_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('option_name_zh', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('material_options_code_uq', ['material_id', 'option_type', 'option_code'])
    .execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('booking_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('owner_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('customer_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('gender', 'varchar(16)')
    .addColumn('id_card_no', 'varchar(18)')
    .addColumn('province_code', 'varchar(12)')
    .addColumn('city_code', 'varchar(12)')
    .addColumn('county_code', 'varchar(12)')
    .addColumn('address', 'varchar(100)')
    .addColumn('contact_type', 'varchar(16)')
    .addColumn('contact_value', 'varchar(100)')
    .addColumn('customer_tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('callback_channels', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('plate_no', 'varchar(10)', (c) => c.notNull())
    .addColumn('vin', 'char(17)')
    .addColumn('brand_id', 'bigint', (c) => c.notNull().references('materials.id'))
    .addColumn('series_id', 'bigint', (c) => c.notNull().references('materials.id'))
    .addColumn('model_id', 'bigint', (c) => c.notNull().references('materials.id'))
    .addColumn('config_id', 'bigint', (c) => c.notNull().references('materials.id'))
    .addColumn('color_id', 'bigint', (c) => c.notNull().references('materials.id'))
    .addColumn('option_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('mileage', 'integer')
    .addColumn('purchase_date', 'date')
    .addColumn('last_maintain_date', 'date')
    .addColumn('insurance_expiry', 'varchar(7)')
    .addColumn('model_year', 'varchar(4)')
    .addColumn('warranty_from', 'varchar(7)')
    .addColumn('warranty_to', 'varchar(7)')
    .addColumn('booking_time', 'timestamptz', (c) => c.notNull())
    .addColumn('arrive_from', 'varchar(5)', (c) => c.notNull())
    .addColumn('arrive_to', 'varchar(5)', (c) => c.notNull())
    .addColumn('delivery_time', 'varchar(5)')
    .addColumn('repair_type_code', 'varchar(16)', (c) => c.notNull().references('repair_types.code'))
    .addColumn('service_items', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('booking_source', 'varchar(16)', (c) => c.notNull())
    .addColumn('fault_system', 'varchar(16)')
    .addColumn('fault_symptom', 'varchar(16)')
    .addColumn('repair_item', 'varchar(16)')
    .addColumn('workshop_code', 'varchar(16)')
    .addColumn('bay_code', 'varchar(16)')
    .addColumn('advisor_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('technician_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('receptionist_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('budget_from', sql`numeric(12,2)`)
    .addColumn('budget_to', sql`numeric(12,2)`)
    .addColumn('pickup_date_from', 'date')
    .addColumn('pickup_date_to', 'date')
    .addColumn('loan_car_from', 'timestamptz')
    .addColumn('loan_car_to', 'timestamptz')
    .addColumn('need_pickup', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
    .addColumn('pickup_from', 'varchar(8)')
    .addColumn('pickup_to', 'varchar(8)')
    .addColumn('callback_time', 'varchar(8)')
    .addColumn('remark', 'varchar(200)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('bookings_owner_time_idx').on('bookings').columns(['owner_code', 'booking_time']).execute();
  await db.schema.createIndex('bookings_time_idx').on('bookings').columns(['booking_time', 'id']).execute();
  await db.schema.createIndex('bookings_plate_idx').on('bookings').column('plate_no').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bookings', 'material_options', 'materials']) await db.schema.dropTable(table).execute();
}
