import { sql, type Kysely } from 'kysely';

// Screens stored on the server (issue 10): one row per screen with the version staff see, and every saved version.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('screens')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('latest_version', 'integer', (c) => c.notNull())
    // The version the runtime serves; null until the screen is first published.
    .addColumn('published_version', 'integer')
    .addColumn('published_by', 'varchar(100)')
    .addColumn('published_at', 'timestamptz')
    // sha-256 of the screens/ file last imported, so a changed file is imported again unless the screen was edited since.
    .addColumn('file_hash', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('screen_versions')
    .addColumn('screen_id', 'varchar(100)', (c) => c.notNull().references('screens.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    // file (imported from screens/), editor (saved), rollback (a copy of an earlier version).
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('comment', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('author_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('author_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('screen_versions_pk', ['screen_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('screen_versions').execute();
  await db.schema.dropTable('screens').execute();
}
