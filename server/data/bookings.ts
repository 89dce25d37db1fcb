// Service bookings (预约登记): the record behind the booking screen, whose form uses every field type of the form
// engine. Every query goes through the caller's data scope; every value is checked here, whatever the browser did.
import { sql, type Kysely } from 'kysely';
import { FORMATS, type FormatName } from '../../schemas/formats/formats';
import { withAppShellTables } from '../db/appShellTables';
import type { Database } from '../db/schema';
import { formatDateTime, startOfBeijingDay } from '../http/dates';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { BOOKING_STATUS, BOOKING_TREES, MATERIAL_OPTION_TYPE, type TreeOptionSeed } from '../seed/catalogue';
import { holdsPosition } from './employees';
import { isMaterialPath } from './materials';
import { isRegionPath } from './regions';
import { ownerScope } from './scope';
import type { Page } from '../../schemas/api/page';

/** What a client sends to create or update a booking (the form's record, '|' fields already split). */
export interface BookingInput {
  status?: string;
  customerName: string;
  phone: string;
  gender?: string;
  idCardNo?: string;
  provinceCode?: string;
  cityCode?: string;
  countyCode?: string;
  address?: string;
  contactType?: string;
  contactValue?: string;
  customerTags?: string[];
  callbackChannels?: string[];
  plateNo: string;
  vin?: string;
  brandId: number;
  seriesId: number;
  modelId: number;
  configId: number;
  colorId: number;
  optionIds?: number[];
  mileage?: number;
  purchaseDate?: string;
  lastMaintainDate?: string;
  insuranceExpiry?: string;
  modelYear?: string;
  warrantyFrom?: string;
  warrantyTo?: string;
  bookingTime: string;
  arriveFrom: string;
  arriveTo: string;
  deliveryTime?: string;
  repairTypeCode: string;
  serviceItems: string[];
  bookingSource: string;
  faultSystem?: string;
  faultSymptom?: string;
  repairItem?: string;
  workshopCode?: string;
  bayCode?: string;
  advisorId: number;
  technicianId?: number;
  receptionistId?: number;
  budgetFrom?: number;
  budgetTo?: number;
  pickupDateFrom?: string;
  pickupDateTo?: string;
  loanCarFrom?: string;
  loanCarTo?: string;
  needPickup?: string;
  pickupFrom?: string;
  pickupTo?: string;
  callbackTime?: string;
  remark?: string;
}

export interface BookingFilter {
  bookingNo?: string;
  searchKey?: 'plateNo' | 'phone' | 'customerName' | 'vin';
  searchValue?: string;
  vin?: string;
  bookingFrom?: string;
  bookingTo?: string;
  status?: string[];
  advisorId?: number;
  brandId?: number;
  seriesId?: number;
  modelId?: number;
}

type Nullable<T> = { [K in keyof T]-?: Exclude<T[K], undefined> | null };

/** A booking as the server answers it: every input value (null when empty), plus number, names and times. */
export interface BookingView extends Nullable<Omit<BookingInput, 'customerTags' | 'callbackChannels' | 'optionIds' | 'serviceItems'>> {
  id: number;
  bookingNo: string;
  ownerCode: string;
  dealerName: string;
  customerTags: string[];
  callbackChannels: string[];
  optionIds: number[];
  serviceItems: string[];
  materialName: string;
  regionName: string | null;
  advisorName: string;
  technicianName: string | null;
  receptionistName: string | null;
  repairTypeName: string;
  createdAt: string;
  updatedAt: string;
}

const SORTABLE = { bookingTime: 'b.bookingTime', bookingNo: 'b.bookingNo', createdAt: 'b.createdAt', plateNo: 'b.plateNo', status: 'b.status' } as const;
const SEARCH_COLUMNS = { plateNo: 'b.plateNo', phone: 'b.phone', customerName: 'b.customerName', vin: 'b.vin' } as const;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function scopedBookings(db: Kysely<Database>, ownerCodes: string[]) {
  return db.selectFrom('bookings as b').where('b.ownerCode', 'in', ownerCodes);
}

type BookingQuery = ReturnType<typeof scopedBookings>;

function applyFilter(query: BookingQuery, filter: BookingFilter): BookingQuery {
  let q = query;
  if (filter.bookingNo) q = q.where('b.bookingNo', 'ilike', like(filter.bookingNo));
  if (filter.searchKey && filter.searchValue) q = q.where(SEARCH_COLUMNS[filter.searchKey], 'ilike', like(filter.searchValue));
  if (filter.vin) {
    const vins = filter.vin.split(/[,，\s]+/).filter(Boolean).map((v) => v.toUpperCase());
    // A batch of VINs (or a whole one) matches exactly; a fragment matches anywhere.
    q = vins.length > 1 || vins[0]?.length === 17 ? q.where('b.vin', 'in', vins) : q.where('b.vin', 'like', like(vins[0] ?? ''));
  }
  if (filter.bookingFrom) q = q.where('b.bookingTime', '>=', startOfBeijingDay(filter.bookingFrom));
  if (filter.bookingTo) q = q.where('b.bookingTime', '<', startOfBeijingDay(filter.bookingTo, 1));
  if (filter.status?.length) q = q.where('b.status', 'in', filter.status);
  if (filter.advisorId) q = q.where('b.advisorId', '=', filter.advisorId);
  if (filter.brandId) q = q.where('b.brandId', '=', filter.brandId);
  if (filter.seriesId) q = q.where('b.seriesId', '=', filter.seriesId);
  if (filter.modelId) q = q.where('b.modelId', '=', filter.modelId);
  return q;
}

const selectRow = (query: BookingQuery) => query.innerJoin('organizations as o', 'o.orgCode', 'b.ownerCode').selectAll('b').select('o.orgName as dealerName');
type BookingRow = Awaited<ReturnType<ReturnType<typeof selectRow>['executeTakeFirstOrThrow']>>;

/** Rows -> views: the names of materials, regions, staff and repair types are looked up once for the whole page. */
async function toViews(db: Kysely<Database>, rows: BookingRow[]): Promise<BookingView[]> {
  if (rows.length === 0) return [];
  const materialIds = [...new Set(rows.flatMap((r) => [r.brandId, r.seriesId, r.modelId, r.configId, r.colorId]))];
  const userIds = [...new Set(rows.flatMap((r) => [r.advisorId, r.technicianId, r.receptionistId]).filter((id): id is number => id !== null))];
  const regionCodes = [...new Set(rows.flatMap((r) => [r.provinceCode, r.cityCode, r.countyCode]).filter((c): c is string => c !== null))];
  const [materials, users, regions, repairTypes] = await Promise.all([
    db.selectFrom('materials').select(['id', 'materialNameZh']).where('id', 'in', materialIds).execute(),
    userIds.length ? db.selectFrom('users').select(['id', 'employeeName']).where('id', 'in', userIds).execute() : [],
    regionCodes.length ? withAppShellTables(db).selectFrom('regions').select(['regionCode', 'regionName']).where('regionCode', 'in', regionCodes).execute() : [],
    db.selectFrom('repairTypes').select(['code', 'name']).execute(),
  ]);
  const material = new Map(materials.map((m) => [m.id, m.materialNameZh]));
  const person = new Map(users.map((u) => [u.id, u.employeeName]));
  const region = new Map(regions.map((r) => [r.regionCode, r.regionName]));
  const repairType = new Map(repairTypes.map((t) => [t.code, t.name]));
  const name = (id: number | null) => (id === null ? null : (person.get(id) ?? null));
  return rows.map((r) => {
    const regionParts = [r.provinceCode, r.cityCode, r.countyCode].filter((c): c is string => c !== null).map((c) => region.get(c) ?? c);
    return {
      ...r,
      bookingTime: formatDateTime(r.bookingTime),
      lastMaintainDate: r.lastMaintainDate === null ? null : `${r.lastMaintainDate} 00:00:00`,
      loanCarFrom: r.loanCarFrom === null ? null : formatDateTime(r.loanCarFrom),
      loanCarTo: r.loanCarTo === null ? null : formatDateTime(r.loanCarTo),
      createdAt: formatDateTime(r.createdAt),
      updatedAt: formatDateTime(r.updatedAt),
      materialName: [r.seriesId, r.modelId, r.configId, r.colorId].map((id) => material.get(id) ?? '').join(' '),
      regionName: regionParts.length > 0 ? regionParts.join(' ') : null,
      advisorName: name(r.advisorId) ?? '',
      technicianName: name(r.technicianId),
      receptionistName: name(r.receptionistId),
      repairTypeName: repairType.get(r.repairTypeCode) ?? r.repairTypeCode,
    };
  });
}

export async function listBookings(
  db: Kysely<Database>,
  user: SessionUser,
  request: { page: number; pageSize: number; sort?: string; filter: BookingFilter },
): Promise<Page<BookingView>> {
  const scoped = applyFilter(scopedBookings(db, await ownerScope(db, user)), request.filter);
  const { total } = await scoped.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const [field, direction] = (request.sort ?? '').split('|');
  const column = SORTABLE[field as keyof typeof SORTABLE] ?? 'b.bookingTime';
  const order = direction === 'asc' ? 'asc' : 'desc';
  const rows = await selectRow(scoped)
    .orderBy(column, order)
    .orderBy('b.id', order)
    .limit(request.pageSize)
    .offset((request.page - 1) * request.pageSize)
    .execute();
  return { total: Number(total), items: await toViews(db, rows) };
}

export async function getBooking(db: Kysely<Database>, user: SessionUser, id: number): Promise<BookingView> {
  const row = await selectRow(scopedBookings(db, await ownerScope(db, user)).where('b.id', '=', id)).executeTakeFirst();
  // Rows outside the user's scope answer exactly like rows that do not exist.
  if (!row) throw new ApiError('notFound');
  return (await toViews(db, [row]))[0]!;
}

export async function createBooking(db: Kysely<Database>, user: SessionUser, input: BookingInput): Promise<BookingView> {
  if (!user.ownerCode) throw new ApiError('forbidden', '预约只能由经销商账号登记');
  const ownerCode = user.ownerCode;
  const values = await checkInput(db, ownerCode, { ...input, status: input.status ?? BOOKING_STATUS.pending }, true);
  const id = await db.transaction().execute(async (tx) => {
    const now = new Date();
    const prefix = `BK${ownerCode}${input.bookingTime.slice(2, 4)}${input.bookingTime.slice(5, 7)}${input.bookingTime.slice(8, 10)}`;
    // Numbers count up per dealer and booking day; the lock makes two advisors saving at once take turns.
    await sql`select pg_advisory_xact_lock(hashtext(${prefix}))`.execute(tx);
    const last = await tx.selectFrom('bookings').select('bookingNo').where('bookingNo', 'like', `${prefix}%`).orderBy('bookingNo', 'desc').limit(1).executeTakeFirst();
    const seq = last ? Number(last.bookingNo.slice(prefix.length)) + 1 : 1;
    const inserted = await tx
      .insertInto('bookings')
      .values({ ...values, bookingNo: `${prefix}${String(seq).padStart(4, '0')}`, ownerCode, createdAt: now, updatedAt: now, createdBy: user.id, updatedBy: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  });
  return getBooking(db, user, id);
}

export async function updateBooking(db: Kysely<Database>, user: SessionUser, id: number, input: BookingInput): Promise<BookingView> {
  const current = await getBooking(db, user, id);
  const values = await checkInput(db, current.ownerCode, { ...input, status: input.status ?? current.status ?? BOOKING_STATUS.pending }, input.bookingTime !== current.bookingTime);
  await db.updateTable('bookings').set({ ...values, updatedAt: new Date(), updatedBy: user.id }).where('id', '=', id).execute();
  return getBooking(db, user, id);
}

const DICT = { status: '8051', source: '8052', serviceItem: '8053', contactType: '8054', callbackChannel: '8055', gender: '1002' } as const;

const blank = (value: string | undefined | null): string | null => (value === undefined || value === null || value.trim() === '' ? null : value.trim());
const beijing = (dateTime: string) => new Date(`${dateTime.replace(' ', 'T')}+08:00`);

function inTree(tree: TreeOptionSeed[], parent: string | null, child: string | null): boolean {
  if (parent === null) return child === null;
  const node = tree.find((n) => n.value === parent);
  return node !== undefined && (child === null || (node.children ?? []).some((c) => c.value === child));
}

/** Checks a booking whole and answers the row values; several problems are reported together. */
async function checkInput(db: Kysely<Database>, ownerCode: string, input: BookingInput & { status: string }, newBookingTime: boolean) {
  const problems: string[] = [];
  const checkFormat = (label: string, format: FormatName, value: string | null) => {
    if (value !== null && !FORMATS[format].test(value)) problems.push(`${label}${FORMATS[format].message}`);
  };
  const ordered = (label: string, from: string | number | null, to: string | number | null) => {
    if (from !== null && to !== null && from > to) problems.push(`${label}的开始不能晚于结束`);
  };
  const needPickup = input.needPickup === '1' ? '1' : '0';
  const values = {
    status: input.status,
    customerName: input.customerName.trim(),
    phone: input.phone.trim(),
    gender: blank(input.gender),
    idCardNo: blank(input.idCardNo)?.toUpperCase() ?? null,
    provinceCode: blank(input.provinceCode),
    cityCode: blank(input.cityCode),
    countyCode: blank(input.countyCode),
    address: blank(input.address),
    contactType: blank(input.contactValue) === null ? null : blank(input.contactType),
    contactValue: blank(input.contactValue),
    customerTags: JSON.stringify([...new Set((input.customerTags ?? []).map((t) => t.trim()).filter(Boolean))]),
    callbackChannels: JSON.stringify(input.callbackChannels ?? []),
    plateNo: input.plateNo.trim().toUpperCase(),
    vin: blank(input.vin)?.toUpperCase() ?? null,
    brandId: input.brandId,
    seriesId: input.seriesId,
    modelId: input.modelId,
    configId: input.configId,
    colorId: input.colorId,
    optionIds: JSON.stringify(input.optionIds ?? []),
    mileage: input.mileage ?? null,
    purchaseDate: blank(input.purchaseDate),
    lastMaintainDate: blank(input.lastMaintainDate)?.slice(0, 10) ?? null,
    insuranceExpiry: blank(input.insuranceExpiry),
    modelYear: blank(input.modelYear),
    warrantyFrom: blank(input.warrantyFrom),
    warrantyTo: blank(input.warrantyTo),
    bookingTime: beijing(input.bookingTime),
    arriveFrom: input.arriveFrom,
    arriveTo: input.arriveTo,
    deliveryTime: blank(input.deliveryTime),
    repairTypeCode: input.repairTypeCode,
    serviceItems: JSON.stringify(input.serviceItems),
    bookingSource: input.bookingSource,
    faultSystem: blank(input.faultSystem),
    faultSymptom: blank(input.faultSymptom),
    repairItem: blank(input.repairItem),
    workshopCode: blank(input.workshopCode),
    bayCode: blank(input.bayCode),
    advisorId: input.advisorId,
    technicianId: input.technicianId ?? null,
    receptionistId: input.receptionistId ?? null,
    budgetFrom: input.budgetFrom ?? null,
    budgetTo: input.budgetTo ?? null,
    pickupDateFrom: blank(input.pickupDateFrom),
    pickupDateTo: blank(input.pickupDateTo),
    loanCarFrom: input.loanCarFrom ? beijing(input.loanCarFrom) : null,
    loanCarTo: input.loanCarTo ? beijing(input.loanCarTo) : null,
    needPickup,
    // Pick-up times mean something only when the car is picked up.
    pickupFrom: needPickup === '1' ? blank(input.pickupFrom) : null,
    pickupTo: needPickup === '1' ? blank(input.pickupTo) : null,
    callbackTime: blank(input.callbackTime),
    remark: blank(input.remark),
  };

  if (!values.customerName) problems.push('客户姓名不能为空');
  checkFormat('联系电话', 'mobile', values.phone);
  checkFormat('证件号码', 'idCard', values.idCardNo);
  checkFormat('车牌号', 'plate', values.plateNo);
  checkFormat('VIN', 'vin', values.vin);
  if (values.contactValue !== null && values.contactType === null) problems.push('其他联系方式需选择类型');
  if (newBookingTime && values.bookingTime < startOfBeijingDay(formatDateTime(new Date()).slice(0, 10))) problems.push('预约进厂时间不能早于今天');
  if (values.purchaseDate !== null && values.purchaseDate > formatDateTime(new Date()).slice(0, 10)) problems.push('购车日期不能晚于今天');
  ordered('到店时段', values.arriveFrom, values.arriveTo);
  ordered('取车时段', values.pickupFrom, values.pickupTo);
  ordered('预算区间', values.budgetFrom, values.budgetTo);
  ordered('期望交车日期', values.pickupDateFrom, values.pickupDateTo);
  ordered('代步车使用时间', input.loanCarFrom ?? null, input.loanCarTo ?? null);
  ordered('延保期限', values.warrantyFrom, values.warrantyTo);
  if (values.serviceItems === '[]') problems.push('预约项目不能为空');
  if (!inTree(BOOKING_TREES.fault, values.faultSystem, values.faultSymptom) || (values.faultSystem !== null && values.faultSymptom === null)) problems.push('故障现象不存在');
  if (values.repairItem !== null && !BOOKING_TREES.repairItem.some((g) => (g.children ?? []).some((c) => c.value === values.repairItem))) problems.push('主要维修项目不存在');
  if (!inTree(BOOKING_TREES.workshop, values.workshopCode, values.bayCode)) problems.push('预约工位不存在');

  // A county without its city fails too: each chosen level must be a child of the one before.
  const regions = [values.provinceCode, values.cityCode, values.countyCode].filter((c): c is string => c !== null);
  if (regions.length > 0 && !(await isRegionPath(db, regions))) problems.push('所在地区不存在');

  const materialPath = [values.brandId, values.seriesId, values.modelId, values.configId, values.colorId];
  if (!(await isMaterialPath(db, materialPath))) problems.push('车型不存在');
  const optionIds = input.optionIds ?? [];
  if (optionIds.length > 0) {
    const known = await db.selectFrom('materialOptions').select('id').where('materialId', '=', values.configId).where('optionType', '=', MATERIAL_OPTION_TYPE).where('id', 'in', optionIds).execute();
    if (known.length !== new Set(optionIds).size) problems.push('选装配置不属于所选配置');
  }

  const codes = await db.selectFrom('dictCodes').select(['type', 'codeId']).where('type', 'in', Object.values(DICT)).execute();
  const inDict = (type: string, code: string | null) => code === null || codes.some((c) => c.type === type && c.codeId === code);
  if (!inDict(DICT.status, values.status)) problems.push('预约状态不存在');
  if (!inDict(DICT.source, values.bookingSource)) problems.push('预约来源不存在');
  if (!inDict(DICT.gender, values.gender)) problems.push('性别不存在');
  if (!inDict(DICT.contactType, values.contactType)) problems.push('联系方式类型不存在');
  if (!input.serviceItems.every((code) => inDict(DICT.serviceItem, code))) problems.push('预约项目不存在');
  if (!(input.callbackChannels ?? []).every((code) => inDict(DICT.callbackChannel, code))) problems.push('回访方式不存在');
  const repairType = await db.selectFrom('repairTypes').select('code').where('code', '=', values.repairTypeCode).executeTakeFirst();
  if (!repairType) problems.push('维修类型不存在');

  const staff: [string, number | null, string][] = [['服务顾问', values.advisorId, 'FWGW'], ['指定技师', values.technicianId, 'JS'], ['接待专员', values.receptionistId, 'KFZY']];
  for (const [label, userId, position] of staff) {
    if (userId !== null && !(await holdsPosition(db, userId, ownerCode, position))) problems.push(`${label}不是本店在职人员`);
  }
  if (problems.length > 0) throw new ApiError('invalidInput', problems.join('；'));
  return values;
}
