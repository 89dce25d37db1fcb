import { sql, type Kysely } from 'kysely';
import { FORMATS, type FormatName } from '../../schemas/formats/formats';
import type { Database, RepairOrder } from '../db/schema';
import { beijingYymmdd, formatDateTime, startOfBeijingDay } from '../http/dates';
import { ApiError } from '../http/errors';
import { acceptRichText } from '../http/richText';
import type { SessionUser } from '../http/session';
import { ownerScope } from './scope';
import type { Page } from '../../schemas/api/page';

export interface RepairOrderFilter {
  roNo?: string;
  vin?: string;
  plateNo?: string;
  customerName?: string;
  status?: string[];
  /** Dealers chosen in the dealer picker (within the caller's scope: the scope filter still applies). */
  ownerCode?: string[];
  repairTypeCode?: string;
  createdFrom?: string;
  createdTo?: string;
}

export interface ListRequest {
  page: number;
  pageSize: number;
  /** `field|asc` or `field|desc`. */
  sort?: string;
  filter: RepairOrderFilter;
}

/** What a client sends to create or update an order: the editable columns, amounts and remark optional. */
export type RepairOrderInput = Pick<RepairOrder, 'vin' | 'plateNo' | 'customerName' | 'phone' | 'repairTypeCode' | 'status' | 'mileage'> &
  Partial<Pick<RepairOrder, 'labourAmount' | 'partAmount' | 'remark' | 'descriptionHtml'>>;

export interface RepairOrderView {
  id: number;
  roNo: string;
  ownerCode: string;
  dealerName: string;
  vin: string;
  plateNo: string;
  customerName: string;
  phone: string;
  repairTypeCode: string;
  repairTypeName: string;
  status: string;
  serviceAdvisorId: number | null;
  serviceAdvisorName: string | null;
  mileage: number;
  labourAmount: number;
  partAmount: number;
  remark: string | null;
  /** 维修说明 (sanitised rich text): only on a single order, never in the list. */
  descriptionHtml?: string | null;
  createdAt: string;
  updatedAt: string;
}

const SORTABLE = {
  roNo: 'ro.roNo',
  createdAt: 'ro.createdAt',
  mileage: 'ro.mileage',
  labourAmount: 'ro.labourAmount',
  partAmount: 'ro.partAmount',
  plateNo: 'ro.plateNo',
  status: 'ro.status',
} as const;

const STATUS_WAITING = '80211001';
const STATUS_DICT = '8021';

/** Orders within the user's data scope; a user with no dealer in scope matches nothing. */
function scopedOrders(db: Kysely<Database>, ownerCodes: string[]) {
  return db.selectFrom('repairOrders as ro').where('ro.ownerCode', 'in', ownerCodes);
}

type OrderQuery = ReturnType<typeof scopedOrders>;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function applyFilter(query: OrderQuery, filter: RepairOrderFilter): OrderQuery {
  let q = query;
  if (filter.roNo) q = q.where('ro.roNo', 'ilike', like(filter.roNo));
  if (filter.vin) {
    const vins = filter.vin.split(/[,，\s]+/).filter(Boolean).map((v) => v.toUpperCase());
    // A full VIN (or a batch of them) matches exactly; a fragment matches anywhere, usually the last digits.
    q = vins.length > 1 || vins[0]?.length === 17 ? q.where('ro.vin', 'in', vins) : q.where('ro.vin', 'like', like(vins[0] ?? ''));
  }
  if (filter.plateNo) q = q.where('ro.plateNo', 'ilike', like(filter.plateNo));
  if (filter.customerName) q = q.where('ro.customerName', 'like', like(filter.customerName));
  if (filter.status && filter.status.length > 0) q = q.where('ro.status', 'in', filter.status);
  if (filter.ownerCode && filter.ownerCode.length > 0) q = q.where('ro.ownerCode', 'in', filter.ownerCode);
  if (filter.repairTypeCode) q = q.where('ro.repairTypeCode', '=', filter.repairTypeCode);
  if (filter.createdFrom) q = q.where('ro.createdAt', '>=', startOfBeijingDay(filter.createdFrom));
  if (filter.createdTo) q = q.where('ro.createdAt', '<', startOfBeijingDay(filter.createdTo, 1));
  return q;
}

// The names shown beside the codes; joined only for the rows of a page, never for counting.
function selectView(query: OrderQuery) {
  return query
    .innerJoin('organizations as o', 'o.orgCode', 'ro.ownerCode')
    .innerJoin('repairTypes as rt', 'rt.code', 'ro.repairTypeCode')
    .leftJoin('users as sa', 'sa.id', 'ro.serviceAdvisorId')
    .select([
    'ro.id',
    'ro.roNo',
    'ro.ownerCode',
    'o.orgName as dealerName',
    'ro.vin',
    'ro.plateNo',
    'ro.customerName',
    'ro.phone',
    'ro.repairTypeCode',
    'rt.name as repairTypeName',
    'ro.status',
    'ro.serviceAdvisorId',
    'sa.employeeName as serviceAdvisorName',
    'ro.mileage',
    'ro.labourAmount',
    'ro.partAmount',
    'ro.remark',
    'ro.createdAt',
    'ro.updatedAt',
  ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectView>['executeTakeFirstOrThrow']>>;

function toView(row: ViewRow): RepairOrderView {
  return { ...row, createdAt: formatDateTime(row.createdAt), updatedAt: formatDateTime(row.updatedAt) };
}

export async function listRepairOrders(db: Kysely<Database>, user: SessionUser, request: ListRequest): Promise<Page<RepairOrderView>> {
  const scoped = applyFilter(scopedOrders(db, await ownerScope(db, user)), request.filter);
  const { total } = await scoped.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const [field, direction] = (request.sort ?? '').split('|');
  const column = SORTABLE[field as keyof typeof SORTABLE] ?? 'ro.createdAt';
  const order = direction === 'asc' ? 'asc' : 'desc';
  const rows = await selectView(scoped)
    .orderBy(column, order)
    .orderBy('ro.id', order)
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize)
    .execute();
  return { total: Number(total), items: rows.map(toView) };
}

export async function getRepairOrder(db: Kysely<Database>, user: SessionUser, id: number): Promise<RepairOrderView> {
  const row = await selectView(scopedOrders(db, await ownerScope(db, user)).where('ro.id', '=', id)).select('ro.descriptionHtml').executeTakeFirst();
  // Rows outside the user's scope answer exactly like rows that do not exist.
  if (!row) throw new ApiError('notFound');
  return toView(row);
}

export async function createRepairOrder(db: Kysely<Database>, user: SessionUser, input: RepairOrderInput): Promise<RepairOrderView> {
  if (!user.ownerCode) throw new ApiError('forbidden', '维修工单只能由经销商账号开单');
  const values = await checkInput(db, input);
  const ownerCode = user.ownerCode;
  const id = await db.transaction().execute(async (tx) => {
    const now = new Date();
    const prefix = `RO${ownerCode}${beijingYymmdd(now)}`;
    // Numbers count up per dealer and day. The lock makes two advisors opening orders at once take turns for the next
    // number; it is released when the transaction ends.
    await sql`select pg_advisory_xact_lock(hashtext(${prefix}))`.execute(tx);
    const last = await tx.selectFrom('repairOrders').select('roNo').where('roNo', 'like', `${prefix}%`).orderBy('roNo', 'desc').limit(1).executeTakeFirst();
    const seq = last ? Number(last.roNo.slice(prefix.length)) + 1 : 1;
    const inserted = await tx
      .insertInto('repairOrders')
      .values({
        ...values,
        roNo: `${prefix}${String(seq).padStart(4, '0')}`,
        ownerCode,
        serviceAdvisorId: user.positions.includes('FWGW') ? user.id : null,
        createdAt: now,
        updatedAt: now,
        createdBy: user.id,
        updatedBy: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  });
  return getRepairOrder(db, user, id);
}

export async function updateRepairOrder(db: Kysely<Database>, user: SessionUser, id: number, input: RepairOrderInput): Promise<RepairOrderView> {
  const current = await getRepairOrder(db, user, id);
  if (input.vin.trim().toUpperCase() !== current.vin) throw new ApiError('invalidInput', 'VIN不可修改');
  const { vin: _vin, ...values } = await checkInput(db, input);
  await db
    .updateTable('repairOrders')
    .set({ ...values, updatedAt: new Date(), updatedBy: user.id })
    .where('id', '=', id)
    .execute();
  return getRepairOrder(db, user, id);
}

export async function deleteRepairOrder(db: Kysely<Database>, user: SessionUser, id: number): Promise<void> {
  const current = await getRepairOrder(db, user, id);
  if (current.status !== STATUS_WAITING) throw new ApiError('invalidInput', '只有待派工状态的工单可以删除');
  await db.deleteFrom('repairOrders').where('id', '=', id).where('status', '=', STATUS_WAITING).execute();
}

/** Domain checks the JSON schema cannot make: named formats, codes that must exist, money precision. */
async function checkInput(db: Kysely<Database>, input: RepairOrderInput) {
  const values = {
    vin: input.vin.trim().toUpperCase(),
    plateNo: input.plateNo.trim().toUpperCase(),
    customerName: input.customerName.trim(),
    phone: input.phone.trim(),
    repairTypeCode: input.repairTypeCode,
    status: input.status,
    mileage: input.mileage,
    labourAmount: input.labourAmount ?? 0,
    partAmount: input.partAmount ?? 0,
    remark: input.remark?.trim() || null,
    descriptionHtml: acceptRichText(input.descriptionHtml, '维修说明'),
  };
  const problems: string[] = [];
  const checkFormat = (label: string, format: FormatName, value: string) => {
    if (!FORMATS[format].test(value)) problems.push(`${label}${FORMATS[format].message}`);
  };
  checkFormat('VIN', 'vin', values.vin);
  checkFormat('车牌号', 'plate', values.plateNo);
  checkFormat('车主电话', 'mobile', values.phone);
  if (!values.customerName) problems.push('车主不能为空');
  for (const [label, amount] of [['工时费', values.labourAmount], ['材料费', values.partAmount]] as const) {
    if (Math.round(amount * 100) !== amount * 100) problems.push(`${label}最多保留两位小数`);
  }
  const [repairType, status] = await Promise.all([
    db.selectFrom('repairTypes').select('code').where('code', '=', values.repairTypeCode).executeTakeFirst(),
    db.selectFrom('dictCodes').select('codeId').where('type', '=', STATUS_DICT).where('codeId', '=', values.status).executeTakeFirst(),
  ]);
  if (!repairType) problems.push('维修类型不存在');
  if (!status) problems.push('工单状态不存在');
  if (problems.length > 0) throw new ApiError('invalidInput', problems.join('；'));
  return values;
}


/** What the repair-order print template shows: the order, its dealer, its total and when it was printed. */
export interface RepairOrderPrintInfo extends RepairOrderView {
  totalAmount: number;
  printedAt: string;
}

export async function repairOrderPrintInfo(db: Kysely<Database>, user: SessionUser, id: number): Promise<RepairOrderPrintInfo> {
  const order = await getRepairOrder(db, user, id);
  return { ...order, totalAmount: Math.round((order.labourAmount + order.partAmount) * 100) / 100, printedAt: formatDateTime(new Date()) };
}
