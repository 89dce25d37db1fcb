import { sql, type Kysely } from 'kysely';

// Processes that run (issue 23): an instance per record and transition with the engine's saved state, its user tasks
// (one row per wait, claimed by the one who completes it) with the candidates they go to, the steps of its history, and
// the process roles users hold beside their positions.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('process_instances')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('process_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('process_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('model', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('record_title', 'varchar(100)', (c) => c.notNull())
    .addColumn('owner_code', 'varchar(32)')
    .addColumn('transition', 'varchar(64)', (c) => c.notNull())
    // running, approved, rejected
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('engine_state', 'jsonb', (c) => c.notNull())
    .addColumn('started_by', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .execute();
  // One running process per record at a time: two submits at once start one.
  await sql`create unique index process_instances_running_uq on process_instances (model, record_id) where status = 'running'`.execute(db);

  await db.schema
    .createTable('process_tasks')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('instance_id', 'bigint', (c) => c.notNull().references('process_instances.id').onDelete('cascade'))
    .addColumn('element_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('execution_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('owner_code', 'varchar(32)')
    // open, done, cancelled (the process moved on without it: a timer, a rejection)
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // A transfer names one user; otherwise the candidates below.
    .addColumn('assignee_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz')
    .addColumn('completed_by', 'bigint', (c) => c.references('users.id'))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('decision', 'varchar(16)')
    .addColumn('comment', 'varchar(500)')
    .execute();
  await db.schema.createIndex('process_tasks_open_idx').on('process_tasks').columns(['status', 'owner_code']).execute();
  await db.schema.createIndex('process_tasks_instance_idx').on('process_tasks').column('instance_id').execute();

  await db.schema
    .createTable('process_task_candidates')
    .addColumn('task_id', 'bigint', (c) => c.notNull().references('process_tasks.id').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('process_task_candidates_pk', ['task_id', 'code'])
    .execute();

  await db.schema
    .createTable('process_timers')
    .addColumn('instance_id', 'bigint', (c) => c.notNull().references('process_instances.id').onDelete('cascade'))
    .addColumn('element_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('expire_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('process_timers_pk', ['instance_id', 'element_id'])
    .execute();
  await db.schema.createIndex('process_timers_expire_idx').on('process_timers').column('expire_at').execute();

  await db.schema
    .createTable('process_steps')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('instance_id', 'bigint', (c) => c.notNull().references('process_instances.id').onDelete('cascade'))
    .addColumn('element_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    // start, agree, reject, transfer, timeout, end
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('comment', 'varchar(500)')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('process_steps_instance_idx').on('process_steps').column('instance_id').execute();

  await db.schema
    .createTable('user_process_roles')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_code', 'varchar(32)', (c) => c.notNull().references('process_roles.code'))
    .addPrimaryKeyConstraint('user_process_roles_pk', ['user_id', 'role_code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['user_process_roles', 'process_steps', 'process_timers', 'process_task_candidates', 'process_tasks', 'process_instances']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
