import { sql, type Kysely } from 'kysely';

// Export jobs of the download centre and Excel import jobs (back-office §2, §4 Export): one row per export the server runs in the background.
// The file itself lives in the file store under storage_key once the job has finished.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_jobs')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    // The export's filter and the requester's data scope (owner codes) as they were when the export was asked for.
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('owner_codes', 'text', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('row_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('storage_key', 'varchar(200)')
    .addColumn('error_msg', 'varchar(500)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('export_jobs_user').on('export_jobs').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('export_jobs_status').on('export_jobs').column('status').execute();
  // Excel imports (back-office §4 Excel import, §7 target/import/last): the last import per user and screen is polled.
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    // 0 running, 1 done, -1 failed (the importStatus the dialog polls).
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('error_msg', 'varchar(500)')
    .addColumn('result', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('import_jobs_user_kind').on('import_jobs').columns(['user_id', 'kind', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_jobs').execute();
  await db.schema.dropTable('export_jobs').execute();
}
