// The customers /selectCrowd picks from (a target group for a campaign): the dealer's customers with their vehicles and
// last visit, filtered and paged, within the user's data scope. The filter is also what a picked query scheme's
// conditions fill in (runtime/blocks/schemes), so each field means what the scheme's condition says.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionUser } from '../http/session';
import { ownerScope } from './scope';
import type { CrowdFilter } from '../../schemas/api/customers';
import type { CrowdMember } from '../../schemas/api/customers';
import type { Page } from '../../schemas/api/page';
import { containing } from './likePatterns';

export async function listCrowd(db: Kysely<Database>, user: SessionUser, filter: CrowdFilter, page: number, size: number, now = new Date()): Promise<Page<CrowdMember>> {
  const owners = await ownerScope(db, user);
  let query = db
    .selectFrom('customers as c')
    .innerJoin('vehicles as v', 'v.customerId', 'c.id')
    // A vehicle's visits at other dealers are theirs, not this dealer's: only the customer's own dealer's orders count.
    .leftJoin('repairOrders as ro', (join) => join.onRef('ro.vin', '=', 'v.vin').onRef('ro.ownerCode', '=', 'c.ownerCode'))
    .where('c.ownerCode', 'in', owners)
    .groupBy(['c.id', 'c.customerName', 'c.phone', 'c.gender', 'c.ownerCode']);
  if (filter.customerName) query = query.where('c.customerName', 'like', containing(filter.customerName));
  if (filter.phone) query = query.where('c.phone', 'like', containing(filter.phone));
  if (filter.gender) query = query.where('c.gender', '=', filter.gender);
  // Typed in part like the names (a saved query scheme keeps a typed field as a like condition): "E6" finds 华晟 E6.
  if (filter.seriesName) query = query.where('v.seriesName', 'like', containing(filter.seriesName));
  if (filter.idleDays) {
    const before = new Date(now.getTime() - filter.idleDays * 86_400_000);
    query = query.having((eb) => eb.or([eb(eb.fn.max('ro.createdAt'), '<', before), eb(eb.fn.max('ro.createdAt'), 'is', null)]));
  }
  const members = query.select([
    'c.id as customerId',
    'c.customerName',
    'c.phone',
    'c.gender',
    'c.ownerCode',
    sql<string>`string_agg(distinct v.plate_no || ' ' || v.series_name, '，')`.as('vehicles'),
    sql<string | null>`to_char(max(ro.created_at) at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`.as('lastVisit'),
  ]);
  const { total } = await db.selectFrom(members.as('m')).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const items = await members.orderBy('c.id').limit(size).offset((page - 1) * size).execute();
  return { total: Number(total), items };
}
