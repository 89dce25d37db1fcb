import { sql, type Kysely } from 'kysely';

// The app shell (issue 4): the embedded identity provider's codes, sessions, refresh tokens and failed sign-ins; starred
// menus; the message list; service reminders; the region tree.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auth_sessions_user_idx').on('auth_sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(36)', (c) => c.notNull().references('auth_sessions.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('refresh_tokens_session_idx').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('oauth_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('redirect_uri', 'varchar(500)', (c) => c.notNull())
    .addColumn('code_challenge', 'varchar(128)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('nonce', 'varchar(128)')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('session_id', 'varchar(36)')
    .execute();
  await db.schema.createIndex('oauth_codes_expires_idx').on('oauth_codes').column('expires_at').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('account', 'varchar(64)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('failed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('login_failures_account_idx').on('login_failures').columns(['account', 'failed_at']).execute();
  await db.schema.createIndex('login_failures_address_idx').on('login_failures').columns(['address', 'failed_at']).execute();

  await db.schema
    .createTable('menu_favorites')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('menu_id', 'varchar(32)', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('menu_favorites_pk', ['user_id', 'menu_id', 'type'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('msg_id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('app_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('remind_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('content', 'varchar(1000)', (c) => c.notNull())
    .addColumn('ro_no', 'varchar(32)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('messages_user_idx').on('messages').columns(['user_id', 'app_id', 'created_at']).execute();

  await db.schema
    .createTable('reminders')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('owner_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('advisor_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('remind_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('vin', 'char(17)', (c) => c.notNull())
    .addColumn('plate_no', 'varchar(10)', (c) => c.notNull())
    .addColumn('customer_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('ro_no', 'varchar(32)')
    .addColumn('content', 'varchar(200)', (c) => c.notNull())
    .addColumn('due_date', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('reminders_owner_idx').on('reminders').columns(['owner_code', 'remind_type', 'due_date']).execute();

  await db.schema
    .createTable('regions')
    .addColumn('region_code', 'varchar(12)', (c) => c.primaryKey())
    .addColumn('region_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('parent_code', 'varchar(12)', (c) => c.references('regions.region_code'))
    .addColumn('level', 'smallint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['regions', 'reminders', 'messages', 'menu_favorites', 'login_failures', 'oauth_codes', 'refresh_tokens', 'auth_sessions']) {
    await db.schema.dropTable(table).execute();
  }
}
