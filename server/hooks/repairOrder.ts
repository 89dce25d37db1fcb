// 维修工单 needs a hook: its lines are completed from the dealer's 工时项目, the part master and the packages, keep their
// identity and workshop state across saves, are frozen from 送检 on, and the header's amounts (by kind, by payer, tax)
// are their sums; an order is opened only for a vehicle no other advisor is receiving, a comeback only within its
// limits; its transitions check the workshop's and the settlement's rules and write the settlement and its return
// visit; and its spec calls (prints, charge types, defaults, the free-settlement balance) and workshop actions (assign
// technicians, inspections, packages) are not JSON. The pieces live in ./repair/.
import { sql } from 'kysely';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import { isBlank } from '../models/fieldValues';
import type { HookContext, ModelHooks, RecordValues } from '../models/modelHooks';
import type { LoadedModel } from '../models/modelCatalogue';
import { ownerScope } from '../data/scope';
import type { RepairOrderRecord } from './modelRecords';
import { assignTechnicians, checkDispatched, dispatchPlan } from './repair/dispatching';
import { inspectLines, inspectOrder, qcLines, qcQueue } from './repair/inspections';
import { completeLines, type LineOwners } from './repair/orderLines';
import { printInfo, printInfoAll } from './repair/orderPrints';
import { lockOrder, postMessage, refreshCounters } from './repair/orderState';
import { refuseIfLocked } from './repair/receptionLocks';
import { CHARGE_TYPES, COMPLETED_MESSAGE_TITLE, RECEPTION_STATUS, REPAIR_DEFAULTS, REPAIR_TEXT, REPAIR_TYPE_CHARGE, RO_STATUS } from './repair/repairRules';
import { checkRelease } from './repair/release';
import { cancelSettlement, checkSettlement, settlementOf, writeSettlement, type SettleKind } from './repair/settlement';
import { dec, isZero } from './repair/money';

const owners = (model: LoadedModel): LineOwners => ({
  labourLines: model.children.find((c) => c.child.name === 'labourLines')!,
  partLines: model.children.find((c) => c.child.name === 'partLines')!,
});

const today = () => formatDateTime(new Date()).slice(0, 10);
const SETTLE: readonly string[] = ['settle', 'settleApproval', 'freeSettle'];

/** A new order: opened by an advisor (its advisor), from a reception the advisor holds or for a vehicle nobody holds. */
async function checkOpening(context: HookContext, values: RecordValues, input: RecordValues, problems: string[]): Promise<void> {
  const { db, user } = context;
  values.serviceAdvisorId = user.positions.includes('FWGW') ? user.id : null;
  const ownerCode = String(user.ownerCode ?? '');
  const vin = String(values.vin ?? '');
  if (vin.length === 17) await refuseIfLocked(db, ownerCode, vin, user.id);
  const customer = await sql<{ customerId: number }>`select customer_id as "customerId" from vehicles where vin = ${vin} and owner_code = ${ownerCode}`.execute(db);
  values.customerId = customer.rows[0] ? Number(customer.rows[0].customerId) : null;
  // The reception it comes from: one of this dealer's, still receiving, for the same vehicle.
  if (!isBlank(input.receptionNo)) {
    const { rows } = await sql<{ vin: string; status: string }>`select vin, status from customer_receptions where owner_code = ${ownerCode} and reception_no = ${String(input.receptionNo)}`.execute(db);
    if (rows[0]?.vin === vin && rows[0].status === RECEPTION_STATUS.receiving) values.receptionNo = String(input.receptionNo);
    else problems.push(REPAIR_TEXT.receptionClosed);
  }
  if (!isBlank(values.reworkOfRoNo)) await checkComeback(context, values, ownerCode, problems);
}

/** 返修: of a settled order of the same vehicle, within 30 days and 3,000 km. */
async function checkComeback(context: HookContext, values: RecordValues, ownerCode: string, problems: string[]): Promise<void> {
  const roNo = String(values.reworkOfRoNo);
  const { rows } = await sql<{ vin: string; status: string; mileage: number; settledAt: Date | null; createdAt: Date }>`select vin, status, mileage, settled_at as "settledAt", created_at as "createdAt"
    from repair_orders where owner_code = ${ownerCode} and ro_no = ${roNo}`.execute(context.db);
  const original = rows[0];
  if (!original) return void problems.push(REPAIR_TEXT.comebackUnknown(roNo));
  if (original.vin !== values.vin) problems.push(REPAIR_TEXT.comebackVin);
  if (original.status !== RO_STATUS.settled && original.status !== RO_STATUS.released) problems.push(REPAIR_TEXT.comebackState);
  const since = (original.settledAt ?? original.createdAt).getTime();
  const days = (Date.now() - since) / 86_400_000;
  if (days > REPAIR_DEFAULTS.comebackDays || Number(values.mileage) - Number(original.mileage) > REPAIR_DEFAULTS.comebackKm) problems.push(REPAIR_TEXT.comebackLate(REPAIR_DEFAULTS.comebackDays, REPAIR_DEFAULTS.comebackKm));
}

/** The order for a call on it, read (and, for an action, locked) in the call's transaction within the user's scope. */
async function orderOf(context: HookContext, id: number, reads: { get(id: number): Promise<RecordValues> }): Promise<RecordValues> {
  if (context.records) {
    await lockOrder(context.db, id);
    const order = await context.records('repairOrder').find(id);
    if (!order) throw new ApiError('notFound');
    return order;
  }
  return reads.get(id);
}

export const repairOrderHooks: ModelHooks<RepairOrderRecord> = {
  async beforeWrite(context, change) {
    const { values, input, problems, current } = change;
    if (change.op === 'create') await checkOpening(context, values, input, problems);
    const ownerCode = String(current?.ownerCode ?? context.user.ownerCode ?? '');
    const { removedLabourKeys } = await completeLines(context, change, owners(context.model), ownerCode, today());
    // Dispatches of lines taken off the order go with them (a started line cannot be taken off).
    if (current && removedLabourKeys.length > 0 && problems.length === 0) {
      await sql`delete from ro_dispatches where ro_id = ${Number(current.id)} and line_key in (${sql.join(removedLabourKeys)})`.execute(context.db);
    }
  },

  async beforeDelete({ db }, record) {
    await sql`delete from ro_dispatches where ro_id = ${Number(record.id)}`.execute(db);
  },

  async beforeTransition(context, name, record, values) {
    const order = { ...record, ...values };
    if (name === 'dispatch') await checkDispatched(context.db, order);
    // The settlement's figures are checked before anything is written (and again as it is written).
    if (SETTLE.includes(name)) checkSettlement(order, name as SettleKind, settlementOf(order, name as SettleKind));
    if (name === 'cancelSettle') await cancelSettlement(context, order, order.settleCancelReason);
    if (name === 'release' || name === 'releaseOnCredit') await checkRelease(context, order, name === 'releaseOnCredit');
    if (name === 'void' && ((order.partLines as RecordValues[] | undefined) ?? []).some((p) => !isZero(dec(p.issuedQty)))) throw new ApiError('invalidInput', REPAIR_TEXT.voidIssued);
  },

  async afterTransition(context, name, record) {
    const roId = Number(record.id);
    if (SETTLE.includes(name)) await writeSettlement(context, record, name as SettleKind);
    if (name === 'dispatch' || name === 'rework' || name === 'awaitInspection') await refreshCounters(context.db, roId);
    if (name === 'complete' && record.serviceAdvisorId) {
      await postMessage(context.db, [Number(record.serviceAdvisorId)], { title: COMPLETED_MESSAGE_TITLE, content: REPAIR_TEXT.orderCompleted(String(record.roNo), String(record.plateNo)), roNo: String(record.roNo) });
    }
  },

  calls: {
    /** order/repair/queryPrintInfo/:id: 委托书 (the order, its lines and amounts as the server keeps them). */
    async printInfo({ db }, { params, reads }) {
      return printInfo(db, await reads.get(Number(params.id)));
    },
    /** order/repair/queryPrintInfoAll/:id: the whole order (派工单, 结算单): lines, dispatches, inspections, settlement. */
    async printInfoAll({ db }, { params, reads }) {
      return printInfoAll(db, await reads.get(Number(params.id)));
    },
    /** order/repair/chargeDifferentiationList: 收费区分 (dictionary 8022), who pays and what price each takes. */
    chargeDifferentiationList() {
      return Promise.resolve(CHARGE_TYPES.map((c) => ({ ...c, repairTypes: Object.entries(REPAIR_TYPE_CHARGE).filter(([, code]) => code === c.code).map(([type]) => type) })));
    },
    /** order/repair/querySystemDefaultInfo: the dealer's defaults and limits. */
    async querySystemDefaultInfo({ db, user }) {
      const { rows } = await sql<{ orgName: string }>`select org_name as "orgName" from organizations where org_code = ${user.ownerCode ?? ''}`.execute(db);
      return { ownerCode: user.ownerCode, dealerName: rows[0]?.orgName ?? null, ...REPAIR_DEFAULTS, repairTypeCharge: REPAIR_TYPE_CHARGE };
    },
    /** basedata/freeSettlement/orderBalanceAll/:id: what a free settlement of the order would settle, payer by payer. */
    async orderBalanceAll(_context, { params, reads }) {
      const order = await reads.get(Number(params.id));
      return { id: order.id, roNo: order.roNo, status: order.status, ...settlementOf(order, 'freeSettle'), goodwillAmount: settlementOf(order, 'freeSettle').freeAmount };
    },
    async dispatchPlan(context, { params, reads }) {
      return dispatchPlan(context.db, await orderOf(context, Number(params.id), reads));
    },
    async qcLines(context, { params, reads }) {
      return qcLines(await orderOf(context, Number(params.id), reads));
    },
    /** A comeback's form: the original order's vehicle and owner, charged 内部, linked to it. */
    async comebackDraft(_context, { params, reads }) {
      const order = await reads.get(Number(params.id));
      return { vin: order.vin, plateNo: order.plateNo, customerName: order.customerName, phone: order.phone, repairTypeCode: order.repairTypeCode, mileage: order.mileage, reworkOfRoNo: order.roNo, faultDesc: null };
    },
    async qcQueue({ db, user }, { query }) {
      return qcQueue(db, await ownerScope(db, user), query);
    },
    async assign(context, { params, body, reads }) {
      await assignTechnicians(context, Number(params.id), body);
      return reads.get(Number(params.id));
    },
    async lineQc(context, { params, body, reads }) {
      await inspectLines(context, Number(params.id), body);
      return reads.get(Number(params.id));
    },
    async orderQc(context, { params, body, reads }) {
      await inspectOrder(context, Number(params.id), body);
      return reads.get(Number(params.id));
    },
    /** 添加套餐: the package's lines copied onto the order, its price spread over them. */
    async applyPackage(context, { params, body, reads }) {
      const id = Number(params.id);
      const code = body && typeof body === 'object' ? String((body as RecordValues).packageCode ?? '').trim().toUpperCase() : '';
      if (code === '') throw new ApiError('invalidInput', '请选择套餐');
      const order = await orderOf(context, id, reads);
      const keep = (name: string) => ((order[name] as RecordValues[] | undefined) ?? []).map(({ id: _id, lineNo: _lineNo, ...line }) => line);
      await context.records!('repairOrder').update(id, { packages: [...keep('packages'), { packageCode: code }], labourLines: keep('labourLines'), partLines: keep('partLines') });
      return reads.get(id);
    },
  },
};
