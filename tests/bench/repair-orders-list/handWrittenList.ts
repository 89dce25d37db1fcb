// The hand-written repair-order list that the model engine replaced (server/data/repairOrders.ts before issue 18),
// kept verbatim in its query shape as the benchmark's baseline: the generic list must be at least as fast (ratio ≤ 1.1).
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';
import { ownerScope } from '../../../server/data/scope';
import { formatDateTime, startOfBeijingDay } from '../../../server/http/dates';
import { sortOf } from '../../../server/http/paging';
import type { SessionUser } from '../../../server/http/session';

interface Filter {
  status?: string[];
  createdFrom?: string;
  createdTo?: string;
}

const SORTABLE = { roNo: 'ro.roNo', createdAt: 'ro.createdAt', mileage: 'ro.mileage', labourAmount: 'ro.labourAmount', partAmount: 'ro.partAmount', plateNo: 'ro.plateNo', status: 'ro.status' } as const;

const scopedOrders = (db: Kysely<Database>, ownerCodes: string[]) => db.selectFrom('repairOrders as ro').where('ro.ownerCode', 'in', ownerCodes);
type OrderQuery = ReturnType<typeof scopedOrders>;

function applyFilter(query: OrderQuery, filter: Filter): OrderQuery {
  let q = query;
  if (filter.status && filter.status.length > 0) q = q.where('ro.status', 'in', filter.status);
  if (filter.createdFrom) q = q.where('ro.createdAt', '>=', startOfBeijingDay(filter.createdFrom));
  if (filter.createdTo) q = q.where('ro.createdAt', '<', startOfBeijingDay(filter.createdTo, 1));
  return q;
}

function selectView(query: OrderQuery) {
  return query
    .innerJoin('organizations as o', 'o.orgCode', 'ro.ownerCode')
    .innerJoin('repairTypes as rt', 'rt.code', 'ro.repairTypeCode')
    .leftJoin('users as sa', 'sa.id', 'ro.serviceAdvisorId')
    .select(['ro.id', 'ro.roNo', 'ro.ownerCode', 'o.orgName as dealerName', 'ro.vin', 'ro.plateNo', 'ro.customerName', 'ro.phone', 'ro.repairTypeCode', 'rt.name as repairTypeName', 'ro.status', 'ro.serviceAdvisorId', 'sa.employeeName as serviceAdvisorName', 'ro.mileage', 'ro.labourAmount', 'ro.partAmount', 'ro.remark', 'ro.createdAt', 'ro.updatedAt']);
}

export async function handWrittenList(db: Kysely<Database>, user: SessionUser, request: { page: number; pageSize: number; sort?: string; filter: Filter }) {
  const scoped = applyFilter(scopedOrders(db, await ownerScope(db, user)), request.filter);
  const { total } = await scoped.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const { column, order } = sortOf(request.sort, SORTABLE, { column: 'ro.createdAt', order: 'desc' });
  const rows = await selectView(scoped).orderBy(column, order).orderBy('ro.id', order).limit(request.pageSize).offset((request.page - 1) * request.pageSize).execute();
  return { total: Number(total), items: rows.map((row) => ({ ...row, createdAt: formatDateTime(row.createdAt), updatedAt: formatDateTime(row.updatedAt) })) };
}
