// 入库单 needs a hook: receiving posts stock (quantities, the moving average cost, one ledger entry a line) in the
// transition's transaction, and 作废 of a received order posts reversing entries; the lines take their names from the
// catalogue, the warehouse must be the dealer's, a 退料 must return what its repair order took (at the cost it went
// out at), and allocation in-orders are made only by the allocation's own hooks. JSON cannot say any of it.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { ModelHooks } from '../models/modelHooks';
import type { PartInOrderRecord } from './modelRecords';
import { refreshIssued } from './repair/partIssues';
import { byAllocation, exact, MOVE_TYPE, partsOf, postStock, repairTaken, reversals, STOCK_TEXT, trimmed, unreversedEntries, warehouseOf, type Posting } from './stockPostings';

/** 入库类型 (dictionary 8205). */
export const IN_TYPE = { purchase: '82051001', allocation: '82051002', repairReturn: '82051003', other: '82051004' } as const;
/** 入库单状态 (dictionary 8206). */
export const IN_STATUS = { pending: '82061001', received: '82061002', cancelled: '82061003' } as const;

/** The 配件发票登记 an in-order is registered on (other than `exceptId`), if any: an in-order is on one invoice at most. */
export async function invoiceRegisterOf(db: Kysely<Database>, ownerCode: string, inNo: string, exceptId = 0): Promise<string | undefined> {
  const { rows } = await sql<{ registerNo: string }>`select register_no as "registerNo" from part_invoice_registers
    where owner_code = ${ownerCode} and in_order_nos @> ${JSON.stringify([inNo])}::jsonb and id <> ${exceptId} limit 1`.execute(db);
  return rows[0]?.registerNo;
}

const MOVE_OF: Record<string, string> = {
  [IN_TYPE.purchase]: MOVE_TYPE.purchaseIn,
  [IN_TYPE.allocation]: MOVE_TYPE.allocationIn,
  [IN_TYPE.repairReturn]: MOVE_TYPE.returnIn,
  [IN_TYPE.other]: MOVE_TYPE.otherIn,
};

export const PART_IN_TEXT = {
  allocationOnly: '调拨入库单由调拨入库办理，不能手工新增',
  line: (n: number) => `入库明细第${n}行：`,
  costRequired: '请填写成本价',
  duplicate: (partNo: string) => `配件${partNo}重复，请合并为一行`,
  sourceRequired: '退料请在来源单号中填写工单号',
  notIssued: (roNo: string, partNo: string) => `工单${roNo}没有领用配件${partNo}，不能退料`,
  overReturn: (roNo: string, partNo: string, left: string) => `配件${partNo}的退料数量超过工单${roNo}未退的已领数量${left}`,
  allocationCancel: '调拨入库单不能作废',
  cancelRefused: (inNo: string, why: string) => `入库单${inNo}不能作废：${why}`,
  invoiced: (registerNo: string) => `已登记在配件发票${registerNo}中，请先删除该发票登记`,
} as const;

interface Line {
  id?: number;
  partNo: string;
  partName?: string | null;
  unit?: string | null;
  qty: string;
  costPrice?: string | null;
  amount?: string | null;
  locationCode?: string | null;
}

export const partInOrderHooks: ModelHooks<PartInOrderRecord> = {
  async beforeWrite({ db }, change) {
    const { values, problems, prefix, ownerCode } = change;
    if (change.op === 'create' && values.inType === IN_TYPE.allocation && !byAllocation(change.input)) problems.push(`${prefix}${PART_IN_TEXT.allocationOnly}`);
    const returning = values.inType === IN_TYPE.repairReturn;
    if (returning && !values.sourceNo) problems.push(`${prefix}${PART_IN_TEXT.sourceRequired}`);
    if (ownerCode && values.warehouseCode && !(await warehouseOf(db, ownerCode, values.warehouseCode))) problems.push(`${prefix}${STOCK_TEXT.warehouseMissing(values.warehouseCode)}`);
    const lines = (values.lines ?? []) as Line[];
    const parts = await partsOf(db, lines.map((l) => l.partNo));
    const seen = new Set<string>();
    for (const [i, line] of lines.entries()) {
      const at = `${prefix}${PART_IN_TEXT.line(i + 1)}`;
      const part = parts.get(line.partNo);
      if (!part || part.enabled === '0') problems.push(`${at}${STOCK_TEXT.partMissing(line.partNo)}`);
      else Object.assign(line, { partName: part.partName, unit: part.unit });
      if (seen.has(line.partNo)) problems.push(`${at}${PART_IN_TEXT.duplicate(line.partNo)}`);
      seen.add(line.partNo);
      if (line.costPrice !== null && line.costPrice !== undefined) continue;
      if (!returning) {
        problems.push(`${at}${PART_IN_TEXT.costRequired}`);
        continue;
      }
      // A return comes back at the cost it went out at.
      if (!ownerCode || !values.sourceNo) continue;
      const taken = await repairTaken(db, ownerCode, values.sourceNo, line.partNo);
      if (taken.issuedCost === null) problems.push(`${at}${PART_IN_TEXT.notIssued(values.sourceNo, line.partNo)}`);
      else Object.assign(line, { costPrice: taken.issuedCost, amount: exact.times(line.qty, taken.issuedCost, 2) });
    }
    values.totalAmount = exact.sum(lines.map((l) => l.amount ?? '0'), 2);
  },

  async beforeTransition({ db, user }, transition, record) {
    const order = record as unknown as PartInOrderRecord;
    const ownerCode = order.ownerCode;
    const lines = order.lines as Line[];
    if (transition === 'receive') {
      if (order.inType === IN_TYPE.repairReturn) {
        for (const line of lines) {
          // Two returns of one order's part at once are checked one after the other.
          await sql`select pg_advisory_xact_lock(hashtext(${`return/${ownerCode}/${order.sourceNo}/${line.partNo}`}))`.execute(db);
          const taken = await repairTaken(db, ownerCode, order.sourceNo!, line.partNo);
          if (!exact.isPositive(taken.issuedQty)) throw new ApiError('invalidInput', PART_IN_TEXT.notIssued(order.sourceNo!, line.partNo));
          if (exact.compare(line.qty, taken.left) > 0) throw new ApiError('invalidInput', PART_IN_TEXT.overReturn(order.sourceNo!, line.partNo, trimmed(taken.left)));
        }
      }
      const postings: Posting[] = lines.map((line) => ({
        ownerCode,
        warehouseCode: order.warehouseCode,
        partNo: line.partNo,
        qty: line.qty,
        costPrice: line.costPrice ?? null,
        locationCode: line.locationCode ?? null,
        moveType: MOVE_OF[order.inType] ?? MOVE_TYPE.otherIn,
        docNo: order.inNo,
        refNo: order.sourceNo,
      }));
      const posted = await postStock(db, postings, { operatorId: user.id });
      // The shelf each line went to, for the printed order and the screen.
      for (const [i, line] of lines.entries()) {
        if (!line.locationCode && line.id) await sql`update part_in_order_lines set location_code = ${posted[i]!.locationCode} where id = ${line.id}`.execute(db);
      }
      if (order.inType === IN_TYPE.repairReturn && order.sourceNo) await refreshIssued(db, ownerCode, order.sourceNo, lines.map((l) => l.partNo));
      return;
    }
    if (transition === 'cancel' && order.status === IN_STATUS.received) {
      if (order.inType === IN_TYPE.allocation) throw new ApiError('invalidInput', PART_IN_TEXT.allocationCancel);
      // The supplier's invoice was matched to this cost (配件发票登记, which locks this row to read it).
      const registerNo = await invoiceRegisterOf(db, ownerCode, order.inNo);
      if (registerNo) throw new ApiError('invalidInput', PART_IN_TEXT.cancelRefused(order.inNo, PART_IN_TEXT.invoiced(registerNo)));
      const entries = await unreversedEntries(db, ownerCode, order.inNo);
      try {
        await postStock(db, reversals(entries, ownerCode, order.inNo), { operatorId: user.id });
      } catch (error) {
        if (error instanceof ApiError && error.resultCode === 400) throw new ApiError('invalidInput', PART_IN_TEXT.cancelRefused(order.inNo, error.message));
        throw error;
      }
      if (order.inType === IN_TYPE.repairReturn && order.sourceNo) await refreshIssued(db, ownerCode, order.sourceNo, lines.map((l) => l.partNo));
    }
  },
};
