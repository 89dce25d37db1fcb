// A region manager's home figures (report homePage/regionSum and homePage/regionDealerOrders): the region's dealers and
// this month's repair orders, sales orders and deliveries over them, and the sales orders of each dealer, in Beijing time.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionUser } from '../http/session';
import type { DealerOrderCount, RegionHomeSum } from '../../schemas/api/home';
import { requireRegionManager } from './homeAudience';
import { homePeriods } from './homePeriod';
import { ownerScope, visibleOwnerCodes } from './scope';

/** 已退订 (dictionary 8320): a cancelled order is not one of the month's orders. */
const ORDER_CANCELLED = '83201007';

export async function regionHomeSum(db: Kysely<Database>, user: SessionUser, now = new Date()): Promise<RegionHomeSum> {
  await requireRegionManager(db, user);
  const dealers = await visibleOwnerCodes(db, user);
  const owners = sql.join(await ownerScope(db, user));
  const p = homePeriods(now);
  const month = (column: string) => sql`${sql.ref(column)} >= ${p.monthStart} and ${sql.ref(column)} < ${p.monthEnd}`;
  const { rows } = await sql<Omit<RegionHomeSum, 'dealers'>>`select
      (select count(*) from repair_orders where owner_code in (${owners}) and ${month('created_at')})::int as repair_orders_this_month,
      (select count(*) from sales_orders where owner_code in (${owners}) and ${month('created_at')} and status <> ${ORDER_CANCELLED})::int as sales_orders_this_month,
      (select count(*) from sales_orders where owner_code in (${owners}) and ${month('delivered_at')})::int as deliveries_this_month`.execute(db);
  const row = rows[0]!;
  return {
    dealers: dealers.length,
    repairOrdersThisMonth: Number(row.repairOrdersThisMonth),
    salesOrdersThisMonth: Number(row.salesOrdersThisMonth),
    deliveriesThisMonth: Number(row.deliveriesThisMonth),
  };
}

/** Every dealer of the region with its sales orders placed this month (0 when none), by dealer code. */
export async function regionDealerOrders(db: Kysely<Database>, user: SessionUser, now = new Date()): Promise<DealerOrderCount[]> {
  await requireRegionManager(db, user);
  const owners = await ownerScope(db, user);
  const p = homePeriods(now);
  const { rows } = await sql<DealerOrderCount>`
    select o.org_code as owner_code, o.org_name as dealer_name,
      (select count(*) from sales_orders s where s.owner_code = o.org_code and s.created_at >= ${p.monthStart} and s.created_at < ${p.monthEnd} and s.status <> ${ORDER_CANCELLED})::int as count
    from organizations o where o.org_code in (${sql.join(owners)}) and o.org_type = '10461001'
    order by o.org_code`.execute(db);
  return rows.map((r) => ({ ownerCode: r.ownerCode, dealerName: r.dealerName, count: Number(r.count) }));
}
