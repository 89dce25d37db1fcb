import { sql, type Kysely } from 'kysely';

// Models stored on the server (issue 21), as screens are: one row per model with the version the engine serves, every
// saved version, and one catalogue version every instance compares to learn that another one published.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('models')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    // The models/ folder it belongs to (repair, sales...), the file it is exported to.
    .addColumn('area', 'varchar(100)', (c) => c.notNull())
    .addColumn('latest_version', 'integer', (c) => c.notNull())
    // The version the engine serves; null until first published.
    .addColumn('published_version', 'integer')
    .addColumn('published_by', 'varchar(100)')
    .addColumn('published_at', 'timestamptz')
    // sha-256 of the models/ file last imported: a changed file is imported again unless the model was edited since.
    .addColumn('file_hash', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('model_versions')
    .addColumn('model_name', 'varchar(100)', (c) => c.notNull().references('models.name').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    // file (imported from models/), editor (saved), rollback (a copy of an earlier version).
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('comment', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('author_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('author_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('model_versions_pk', ['model_name', 'version'])
    .execute();
  // One row: raised by every publish, in the publish's transaction.
  await db.schema
    .createTable('model_catalogue')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into model_catalogue (id, version) values (1, 0)`.execute(db);
  // 字典管理 (issue 21): a dictionary type's name, and codes that can be switched off without being deleted.
  await db.schema
    .createTable('dict_types')
    .addColumn('type', 'varchar(4)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('dict_codes').addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dict_codes').dropColumn('enabled').execute();
  await db.schema.dropTable('dict_types').execute();
  await db.schema.dropTable('model_catalogue').execute();
  await db.schema.dropTable('model_versions').execute();
  await db.schema.dropTable('models').execute();
}
