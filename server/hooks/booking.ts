// 预约登记 needs a hook: checks across fields and tables (material, region and option-tree paths, staff of the dealer in their positions, ordered ranges, dates against today, a slot's capacity), values kept only with another, the names its answers show and the option trees of its form.
import { holdsPosition } from '../data/employees';
import { isMaterialPath } from '../data/materials';
import { isRegionPath } from '../data/regions';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import { isBlank } from '../models/fieldValues';
import type { ModelHooks, RecordValues } from '../models/modelHooks';
import type { BookingRecord } from './modelRecords';
import { BOOKING_TREES, MATERIAL_OPTION_TYPE, type TreeOptionSeed } from '../seed/catalogue';
import { refuseFullSlot } from './repair/bookingSlots';
import { BOOKING_CANCELLED } from './repair/repairRules';

const MATERIAL_PATH = ['brandId', 'seriesId', 'modelId', 'configId', 'colorId'] as const;
const REGION = [
  ['provinceCode', 'provinceName'],
  ['cityCode', 'cityName'],
  ['countyCode', 'countyName'],
] as const;
/** Pairs that must not run backwards, by the words of their messages; budgets compare as amounts. */
const RANGES = [
  ['到店时段', 'arriveFrom', 'arriveTo'],
  ['取车时段', 'pickupFrom', 'pickupTo'],
  ['预算区间', 'budgetFrom', 'budgetTo'],
  ['期望交车日期', 'pickupDateFrom', 'pickupDateTo'],
  ['代步车使用时间', 'loanCarFrom', 'loanCarTo'],
  ['延保期限', 'warrantyFrom', 'warrantyTo'],
] as const;
const STAFF = [
  ['服务顾问', 'advisorId', 'FWGW'],
  ['指定技师', 'technicianId', 'JS'],
  ['接待专员', 'receptionistId', 'KFZY'],
] as const;

const given = (value: unknown): value is string | number => !isBlank(value);

/** A parent of the tree and, when given, one of its children; no parent, no child. */
function inTree(tree: TreeOptionSeed[], parent: unknown, child: unknown): boolean {
  if (!given(parent)) return !given(child);
  const node = tree.find((n) => n.value === parent);
  return node !== undefined && (!given(child) || (node.children ?? []).some((c) => c.value === child));
}

export const bookingHooks: ModelHooks<BookingRecord> = {
  async beforeWrite({ db, user }, { op, values: v, current, problems }) {
    const today = formatDateTime(new Date()).slice(0, 10);
    // Pick-up times mean something only when the car is picked up; a contact type only with its contact.
    v.needPickup = v.needPickup === '1' ? '1' : '0';
    // Answered as a date-time for the form's picker (decorateBooking); the column keeps the day.
    if (typeof v.lastMaintainDate === 'string') v.lastMaintainDate = v.lastMaintainDate.slice(0, 10);
    if (v.needPickup === '0') [v.pickupFrom, v.pickupTo] = [null, null];
    if (!given(v.contactValue)) v.contactType = null;
    else if (!given(v.contactType)) problems.push('其他联系方式需选择类型');
    if (given(v.bookingTime) && (op === 'create' || v.bookingTime !== current?.bookingTime) && String(v.bookingTime).slice(0, 10) < today) problems.push('预约进厂时间不能早于今天');
    if (given(v.purchaseDate) && String(v.purchaseDate) > today) problems.push('购车日期不能晚于今天');
    for (const [label, from, to] of RANGES) {
      const [a, b] = from === 'budgetFrom' ? [Number(v[from]), Number(v[to])] : [v[from], v[to]];
      if (given(v[from]) && given(v[to]) && (a as string | number) > (b as string | number)) problems.push(`${label}的开始不能晚于结束`);
    }
    if (!inTree(BOOKING_TREES.fault, v.faultSystem, v.faultSymptom) || (given(v.faultSystem) && !given(v.faultSymptom))) problems.push('故障现象不存在');
    if (given(v.repairItem) && !BOOKING_TREES.repairItem.some((g) => (g.children ?? []).some((c) => c.value === v.repairItem))) problems.push('主要维修项目不存在');
    if (!inTree(BOOKING_TREES.workshop, v.workshopCode, v.bayCode)) problems.push('预约工位不存在');
    // A county without its city fails too: each chosen level must be a child of the one before.
    const regions = REGION.map(([code]) => v[code]).filter(given).map(String);
    if (regions.length > 0 && !(await isRegionPath(db, regions))) problems.push('所在地区不存在');
    const path = MATERIAL_PATH.map((name) => v[name]);
    if (path.every(given) && !(await isMaterialPath(db, path.map(Number)))) problems.push('车型不存在');
    const optionIds = [...new Set((v.optionIds as number[] | null) ?? [])];
    if (optionIds.length > 0) {
      const known = given(v.configId) ? await db.selectFrom('materialOptions').select('id').where('materialId', '=', Number(v.configId)).where('optionType', '=', MATERIAL_OPTION_TYPE).where('id', 'in', optionIds).execute() : [];
      if (known.length !== optionIds.length) problems.push('选装配置不属于所选配置');
    }
    const ownerCode = String(current?.ownerCode ?? user.ownerCode ?? '');
    for (const [label, field, position] of STAFF) {
      if (given(v[field]) && !(await holdsPosition(db, Number(v[field]), ownerCode, position))) problems.push(`${label}不是本店在职人员`);
    }
    // A slot that is full takes no more bookings (the booking itself left out when it stays where it was).
    if (problems.length === 0 && given(v.bookingTime) && v.status !== BOOKING_CANCELLED && (op === 'create' || v.bookingTime !== current?.bookingTime || current?.status === BOOKING_CANCELLED)) {
      await refuseFullSlot(db, ownerCode, String(v.bookingTime), current ? Number(current.id) : null);
    }
  },

  decorate(_db, rows) {
    for (const r of rows) decorateBooking(r);
    return Promise.resolve();
  },

  calls: {
    // The option trees of the form (fault, repairItem, workshop) as {value, text, children}.
    trees(_context, { params }) {
      const name = params.name ?? '';
      if (!/^[a-zA-Z]+$/.test(name) || !Object.hasOwn(BOOKING_TREES, name)) throw new ApiError('notFound', `选项树不存在：${name}`);
      return Promise.resolve(BOOKING_TREES[name as keyof typeof BOOKING_TREES]);
    },
  },
};

/** The names a booking shows: its car (series, model, configuration, colour) and its region in one line each. */
function decorateBooking(r: RecordValues): void {
  r.materialName = ['seriesName', 'modelName', 'configName', 'colorName'].map((name) => r[name] ?? '').join(' ');
  const region = REGION.filter(([code]) => given(r[code])).map(([code, name]) => r[name] ?? r[code]);
  r.regionName = region.length > 0 ? region.join(' ') : null;
  r.advisorName ??= '';
  r.repairTypeName ??= r.repairTypeCode;
  // The form's date picker reads and sends the day as a date-time.
  if (typeof r.lastMaintainDate === 'string' && r.lastMaintainDate.length === 10) r.lastMaintainDate = `${r.lastMaintainDate} 00:00:00`;
}
