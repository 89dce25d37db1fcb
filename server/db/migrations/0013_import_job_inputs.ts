import type { Kysely } from 'kysely';

// Imports run as queued jobs (issue 19): any instance may run one, after a restart too, so the upload and who asked for it
// are kept with the job (the bytes in the file store under storage_key, removed once the import has finished), and each
// claim of the job counts in attempts (the fencing number that keeps a job from finishing twice).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('import_jobs')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('storage_key', 'varchar(200)')
    // JSON: the requester's session user and data scope (owner codes) when the import was asked for.
    .addColumn('requester', 'text')
    .addColumn('owner_codes', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('import_jobs').dropColumn('attempts').dropColumn('storage_key').dropColumn('requester').dropColumn('owner_codes').execute();
}
