// The single-record overview of /onepage (back-office §1): one vehicle with its owner and its repair history, found by
// VIN or plate within the user's data scope.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { ownerScope } from './scope';
import type { VehicleOverview } from '../../schemas/api/customers';

export async function vehicleOverview(db: Kysely<Database>, user: SessionUser, by: { vin?: string; plateNo?: string }): Promise<VehicleOverview> {
  const owners = await ownerScope(db, user);
  if (!by.vin && !by.plateNo) throw new ApiError('invalidInput', '请提供 VIN 或车牌号');
  let query = db
    .selectFrom('vehicles as v')
    .innerJoin('customers as c', 'c.id', 'v.customerId')
    .innerJoin('organizations as o', 'o.orgCode', 'v.ownerCode')
    .select(['v.vin', 'v.plateNo', 'v.brandName', 'v.seriesName', 'v.modelName', 'v.colorName', 'v.purchaseDate', 'o.orgName as dealerName', 'c.customerName', 'c.phone', 'c.gender', 'c.address'])
    .where('v.ownerCode', 'in', owners);
  query = by.vin ? query.where('v.vin', '=', by.vin.trim().toUpperCase()) : query.where('v.plateNo', '=', by.plateNo!.trim().toUpperCase());
  const row = await query.executeTakeFirst();
  if (!row) throw new ApiError('notFound', '未找到该车辆，或不在您的数据权限范围内');
  const orders = await db
    .selectFrom('repairOrders as ro')
    .innerJoin('repairTypes as rt', 'rt.code', 'ro.repairTypeCode')
    .leftJoin('users as sa', 'sa.id', 'ro.serviceAdvisorId')
    .select(['ro.roNo', 'rt.name as repairTypeName', 'ro.status', 'ro.mileage', 'ro.labourAmount', 'ro.partAmount', 'sa.employeeName as serviceAdvisorName', 'ro.remark', 'ro.createdAt'])
    .where('ro.vin', '=', row.vin)
    .where('ro.ownerCode', 'in', owners)
    .orderBy('ro.createdAt', 'desc')
    .execute();
  const { customerName, phone, gender, address, ...vehicle } = row;
  return {
    vehicle,
    customer: { customerName, phone, gender, address },
    repairOrders: orders.map(({ labourAmount, partAmount, createdAt, ...order }) => ({
      ...order,
      amount: Math.round((labourAmount + partAmount) * 100) / 100,
      createdAt: formatDateTime(createdAt),
    })),
  };
}

/**
 * One page of a vehicle's repair history (/onepage's table), newest first, by VIN or plate, within the user's data
 * scope: a vehicle outside it, unknown, or not asked for has no orders to show.
 */
export async function vehicleRepairOrders(
  db: Kysely<Database>,
  user: SessionUser,
  by: { vin?: string; plateNo?: string },
  page: number,
  pageSize: number,
): Promise<{ total: number; items: VehicleOverview['repairOrders'] }> {
  const vin = by.vin?.trim().toUpperCase();
  const plateNo = by.plateNo?.trim().toUpperCase();
  if (!vin && !plateNo) return { total: 0, items: [] };
  const owners = await ownerScope(db, user);
  let orders = db.selectFrom('repairOrders as ro').where('ro.ownerCode', 'in', owners);
  orders = vin
    ? orders.where('ro.vin', '=', vin)
    : orders.where('ro.vin', 'in', db.selectFrom('vehicles as v').select('v.vin').where('v.plateNo', '=', plateNo!).where('v.ownerCode', 'in', owners));
  const counted = await orders.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await orders
    .innerJoin('repairTypes as rt', 'rt.code', 'ro.repairTypeCode')
    .leftJoin('users as sa', 'sa.id', 'ro.serviceAdvisorId')
    .select(['ro.roNo', 'rt.name as repairTypeName', 'ro.status', 'ro.mileage', 'ro.labourAmount', 'ro.partAmount', 'sa.employeeName as serviceAdvisorName', 'ro.remark', 'ro.createdAt'])
    .orderBy('ro.createdAt', 'desc')
    .orderBy('ro.roNo', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    total: Number(counted.total),
    items: rows.map(({ labourAmount, partAmount, createdAt, ...order }) => ({
      ...order,
      amount: Math.round((labourAmount + partAmount) * 100) / 100,
      createdAt: formatDateTime(createdAt),
    })),
  };
}
