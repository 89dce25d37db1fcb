import { sql, type Kysely } from 'kysely';

// Uploaded files (back-office §7 upload and preview) and the chunked uploads in progress (the breakpoint uploader).
// The bytes live in the file store (server/files/fileStore.ts); these rows say who owns them and under which name.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('uid', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('ext', 'varchar(16)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('owner_code', 'varchar(32)')
    .addColumn('uploaded_by', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('chunked_uploads')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(200)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('chunk_size', 'integer', (c) => c.notNull())
    .addColumn('bucket_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chunked_uploads_user_fingerprint').on('chunked_uploads').columns(['user_id', 'fingerprint']).unique().execute();
  await db.schema
    .createTable('upload_chunks')
    .addColumn('upload_id', 'varchar(32)', (c) => c.notNull().references('chunked_uploads.id').onDelete('cascade'))
    .addColumn('chunk_index', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('upload_chunks_pk', ['upload_id', 'chunk_index'])
    .execute();
  // Vehicle photo records (车辆照片): the screen whose form holds the upload fields; values reference stored files.
  await db.schema
    .createTable('vehicle_photos')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('owner_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('plate_no', 'varchar(16)', (c) => c.notNull())
    .addColumn('remark', 'varchar(200)')
    .addColumn('photo', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text', (c) => c.notNull())
    .addColumn('video', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('vehicle_photos_owner').on('vehicle_photos').columns(['owner_code', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vehicle_photos').execute();
  await db.schema.dropTable('upload_chunks').execute();
  await db.schema.dropTable('chunked_uploads').execute();
  await db.schema.dropTable('stored_files').execute();
}
