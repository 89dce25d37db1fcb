import { sql, type Kysely } from 'kysely';

// Process definitions of the workflow designer, kept with every saved version, and the choices the designer offers:
// process roles (besides the positions) and branch variables.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('process_definitions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('process_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('latest_version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('updated_by', 'bigint', (c) => c.references('users.id'))
    .execute();

  await db.schema
    .createTable('process_definition_versions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('definition_id', 'bigint', (c) => c.notNull().references('process_definitions.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'bigint', (c) => c.references('users.id'))
    .addUniqueConstraint('process_definition_versions_version_uq', ['definition_id', 'version'])
    .execute();

  await db.schema
    .createTable('process_roles')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('process_variables')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // null: offered in every process.
    .addColumn('process_id', 'varchar(64)')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('text', 'varchar(50)', (c) => c.notNull())
    .addColumn('suffix', 'varchar(1)', (c) => c.notNull().check(sql`suffix in ('N', 'S', 'D')`))
    // For D: the dictionary type whose entries are the right-hand values.
    .addColumn('dict_type', 'varchar(8)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('process_variables_dict_ck', sql`(suffix = 'D') = (dict_type is not null)`)
    .execute();
  await sql`create unique index process_variables_name_uq on process_variables (coalesce(process_id, ''), name)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['process_variables', 'process_roles', 'process_definition_versions', 'process_definitions']) {
    await db.schema.dropTable(table).execute();
  }
}
