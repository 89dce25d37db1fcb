import { sql, type Kysely } from 'kysely';

// Issue 24: the repair order's lines take the domain's names (维修项目 stdHours/price, 维修材料 partNo/qty) and its
// header the total the server keeps. A database whose lines were written under the first names keeps them, renamed and
// retyped in place (the model migration only adds and widens); a fresh database has no line tables yet, and the model
// migration creates them as the model says. Orders from before the lines carry their two amounts as their total, paid by
// the customer.
const renames = [
  { table: 'repair_order_labour_lines', from: 'hours', to: 'std_hours', type: 'numeric(6,2)' },
  { table: 'repair_order_labour_lines', from: 'rate', to: 'price', type: 'numeric(10,2)' },
  { table: 'repair_order_part_lines', from: 'part_code', to: 'part_no', type: 'varchar(30)' },
  { table: 'repair_order_part_lines', from: 'quantity', to: 'qty', type: 'numeric(10,2)' },
] as const;

async function hasColumn(db: Kysely<unknown>, table: string, column: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns where table_schema = current_schema() and table_name = ${table} and column_name = ${column}`.execute(db);
  return Number(rows[0]?.n ?? 0) > 0;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, from, to, type } of renames) {
    if (!(await hasColumn(db, table, from))) continue;
    await sql`alter table ${sql.table(table)} rename column ${sql.id(from)} to ${sql.id(to)}`.execute(db);
    await sql`alter table ${sql.table(table)} alter column ${sql.id(to)} type ${sql.raw(type)}`.execute(db);
  }
  for (const column of ['total_amount', 'customer_amount']) {
    if (await hasColumn(db, 'repair_orders', column)) continue;
    await sql`alter table repair_orders add column ${sql.id(column)} numeric(12,2) not null default 0`.execute(db);
    await sql`update repair_orders set ${sql.id(column)} = labour_amount + part_amount`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table, from, to } of renames) {
    if (await hasColumn(db, table, to)) await sql`alter table ${sql.table(table)} rename column ${sql.id(to)} to ${sql.id(from)}`.execute(db);
  }
}
