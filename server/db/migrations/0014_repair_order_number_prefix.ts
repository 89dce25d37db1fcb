import { sql, type Kysely } from 'kysely';

// The next repair order number was read as the highest `ro_no LIKE 'RO<dealer><day>%'` (now: the first number of a day's prefix, server/models/namingSeries.ts).
// The unique index on ro_no follows the database's collation, which LIKE cannot use, so each new order scanned every
// order (2 creates a second on 1,000,000 orders in the load bench); a pattern-ops index serves the prefix.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index repair_orders_ro_no_prefix_idx on repair_orders (ro_no varchar_pattern_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index repair_orders_ro_no_prefix_idx`.execute(db);
}
