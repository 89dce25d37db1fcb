// 车辆健康检查 needs a hook: a check started from an order takes its vehicle and the whole list for that car (electric
// or not), counts its red and yellow items, asks for the customer's decision on each of them, and on 提交 turns the
// declined ones into the advisor's reminders (red +7 days, yellow +30: selectSAReminder); once every reminder has the
// customer's answer (or is removed) the check is 已反馈.
import { sql } from 'kysely';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import { isBlank } from '../models/fieldValues';
import type { ModelHooks, RecordValues } from '../models/modelHooks';
import { REMINDER_TYPE, SERIES } from '../seed/catalogue';
import type { VehicleHealthCheckRecord } from './modelRecords';
import { checkItemsFor } from './repair/healthCheckItems';
import { REPAIR_DEFAULTS, REPAIR_TEXT, VHC_DECISION, VHC_RESULT, VHC_STATUS } from './repair/repairRules';

const ELECTRIC = SERIES.filter((s) => s.newEnergy).map((s) => s.vds);
export const isElectric = (vin: string) => ELECTRIC.includes(vin.slice(3, 8));

const itemsOf = (record: RecordValues) => (record.items as RecordValues[] | undefined) ?? [];
const flagged = (record: RecordValues) => itemsOf(record).filter((i) => i.result === VHC_RESULT.red || i.result === VHC_RESULT.yellow);

const addDays = (days: number) => formatDateTime(new Date(Date.now() + days * 86_400_000)).slice(0, 10);

export const vehicleHealthCheckHooks: ModelHooks<VehicleHealthCheckRecord> = {
  async beforeWrite({ db, user }, { op, values, problems }) {
    if (op === 'create') values.advisorId = user.id;
    if (!isBlank(values.roId)) {
      const { rows } = await sql<{ roNo: string; vin: string }>`select ro_no as "roNo", vin from repair_orders where id = ${Number(values.roId)}`.execute(db);
      if (rows[0] && rows[0].vin !== values.vin) problems.push('检查的车辆须与工单相同');
      values.roNo = rows[0]?.roNo ?? null;
    }
    const items = itemsOf(values);
    values.redCount = items.filter((i) => i.result === VHC_RESULT.red).length;
    values.yellowCount = items.filter((i) => i.result === VHC_RESULT.yellow).length;
    // A green item needs no decision; one left over from an earlier result goes.
    for (const item of items) if (item.result === VHC_RESULT.green) item.decision = null;
  },

  beforeTransition(_context, name, record) {
    if (name !== 'submit') return;
    const undecided = flagged(record).filter((i) => isBlank(i.decision));
    if (undecided.length > 0) throw new ApiError('invalidInput', `请选择客户决定：${undecided.map((i) => i.itemName).join('、')}`);
  },

  async afterTransition(context, name, record) {
    if (name !== 'submit') return;
    const declined = flagged(record).filter((i) => i.decision === VHC_DECISION.later);
    const reminders = context.records!('reminder', { ownerCode: String(record.ownerCode) });
    for (const [result, days] of [[VHC_RESULT.red, REPAIR_DEFAULTS.redRemindDays], [VHC_RESULT.yellow, REPAIR_DEFAULTS.yellowRemindDays]] as const) {
      const items = declined.filter((i) => i.result === result);
      if (items.length === 0) continue;
      await reminders.create({
        advisorId: Number(record.advisorId),
        remindType: REMINDER_TYPE.healthCheck,
        vin: record.vin,
        plateNo: record.plateNo,
        customerName: record.customerName,
        phone: record.phone,
        roNo: record.roNo,
        sourceNo: record.vhcNo,
        content: REPAIR_TEXT.vhcItemRemind(items.map((i) => `${String(i.itemName)}（${result === VHC_RESULT.red ? '红' : '黄'}）`).join('、')).slice(0, 200),
        dueDate: addDays(days),
      });
    }
    if (declined.length === 0) await sql`update vehicle_health_checks set status = ${VHC_STATUS.answered} where id = ${Number(record.id)}`.execute(context.db);
  },

  calls: {
    /** vehicleHealthCheck/items?vin=: the list of items for that car, all green, as a new check starts. */
    checkItems(_context, { query }) {
      const vin = typeof query.vin === 'string' ? query.vin.toUpperCase() : '';
      return Promise.resolve(checkItemsFor(isElectric(vin)).map((i) => ({ itemCode: i.itemCode, itemName: i.itemName, result: VHC_RESULT.green, advice: null, decision: null })));
    },
    /** vehicleHealthCheck/checks/fromOrder/:id: a check of an order's vehicle with the whole list, answered for editing. */
    async fromOrder(context, { params }) {
      const order = await context.records!('repairOrder').find(Number(params.id));
      if (!order) throw new ApiError('notFound');
      const items = checkItemsFor(isElectric(String(order.vin))).map((i) => ({ itemCode: i.itemCode, itemName: i.itemName, result: VHC_RESULT.green }));
      const created = await context.records!('vehicleHealthCheck').create({ roId: order.id, vin: order.vin, plateNo: order.plateNo, customerName: order.customerName, phone: order.phone, mileage: order.mileage, items });
      return { id: created.id, vhcNo: created.vhcNo };
    },
  },
};
