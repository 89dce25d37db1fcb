import { sql, type Kysely } from 'kysely';

// Permissions (issue 5): roles, who holds them, which menus (and which of their keys) each role grants, the control
// codes of a role, the stored menu-action strings, and the audit log of every write.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('roles')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('role_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('role_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_roles_role_idx').on('user_roles').column('role_id').execute();

  // keys: the permission keys of the menu this role grants; null grants every key of the menu.
  // actions: the stored menu-action string's action list (menuId-actionA,actionB); null stores none for this menu.
  await db.schema
    .createTable('role_menus')
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('menu_id', 'varchar(32)', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('keys', 'jsonb')
    .addColumn('actions', 'jsonb')
    .addColumn('range_code', 'varchar(16)')
    .addPrimaryKeyConstraint('role_menus_pk', ['role_id', 'menu_id'])
    .execute();

  await db.schema
    .createTable('role_controls')
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('ctrl_code', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_controls_pk', ['role_id', 'ctrl_code'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint')
    .addColumn('user_code', 'varchar(64)', (c) => c.notNull())
    .addColumn('employee_name', 'varchar(60)', (c) => c.notNull())
    .addColumn('owner_code', 'varchar(32)')
    .addColumn('menu_id', 'varchar(32)')
    .addColumn('permission_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('row_ref', 'varchar(64)')
    .addColumn('result_code', 'integer', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['audit_log', 'role_controls', 'role_menus', 'user_roles', 'roles']) await db.schema.dropTable(table).ifExists().execute();
}
