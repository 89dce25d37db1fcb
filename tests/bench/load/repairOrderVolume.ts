// Grows the seeded repair orders to a given count on PostgreSQL in one statement: generate_series copies the seeded
// orders (their dealers, vehicles, advisors, types and states) with new numbers and dates spread over two years. The
// secondary indexes are dropped for the insert and built again after it (one sort each instead of a million inserts
// into each), then VACUUM ANALYZE gives the planner its statistics and the counts their index-only scans.
import pg from 'pg';

export async function fillRepairOrders(url: string, total: number): Promise<{ added: number; seconds: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    const existing = Number((await client.query('select count(*) n from repair_orders')).rows[0].n);
    const add = Math.max(0, total - existing);
    if (add === 0) return { added: 0, seconds: 0 };
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
       where tablename = 'repair_orders' and indexname not in (select conname from pg_constraint where conrelid = 'repair_orders'::regclass)`,
    );
    for (const { name } of indexes) await client.query(`drop index ${name}`);
    await client.query(
      `insert into repair_orders (ro_no, owner_code, vin, plate_no, customer_name, phone, repair_type_code, status, service_advisor_id,
         mileage, labour_amount, part_amount, remark, created_at, updated_at, created_by, updated_by)
       select 'RV' || lpad(g::text, 10, '0'), o.owner_code, o.vin, o.plate_no, o.customer_name, o.phone, o.repair_type_code, o.status,
         o.service_advisor_id, o.mileage, o.labour_amount, o.part_amount, o.remark,
         o.created_at - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second', o.updated_at, o.created_by, o.updated_by
       from generate_series(1, $1::int) g
       join (select row_number() over (order by id) - 1 rn, * from repair_orders) o on o.rn = g % $2::int`,
      [add, existing],
    );
    for (const { definition } of indexes) await client.query(definition);
    await client.query('vacuum analyze repair_orders');
    return { added: add, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}
