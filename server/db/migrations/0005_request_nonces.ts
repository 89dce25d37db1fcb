import type { Kysely } from 'kysely';

// Nonces of signed requests seen within the timestamp window: a second request with the same nonce is a replay.
// Kept in the database rather than in memory so every server instance and a restart see the same set.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('request_nonces')
    .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_nonces_expires_at').on('request_nonces').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('request_nonces').execute();
}
