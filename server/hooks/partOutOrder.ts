// 出库单 needs a hook: issuing takes stock line by line in the transition's transaction, each line checked and taken in
// one statement (never below zero, never into another order's reservation; a line naming its reservation takes that
// reservation with it), and records the cost it went out at; 作废 of an issued order posts reversing entries at that
// cost. The lines take names and default prices from the catalogue; a 维修领料 names an existing repair order (asked
// through the engine: repair orders are the after-sales area's, which brings the order's lines to what was issued,
// ./repair/partIssues.ts); 调拨出库 is made only by an approved allocation.
import { sql } from 'kysely';
import { ApiError } from '../http/errors';
import type { HookContext, ModelHooks } from '../models/modelHooks';
import type { PartOutOrderRecord } from './modelRecords';
import { byAllocation, exact, MOVE_TYPE, negated, partsOf, postStock, reversals, STOCK_TEXT, unreversedEntries, warehouseOf, type Posting } from './stockPostings';
import { LOCK_STATUS } from './partLock';
import { refreshIssued } from './repair/partIssues';

/** 出库类型 (dictionary 8207). */
export const OUT_TYPE = { repairIssue: '82071001', partSale: '82071002', allocationOut: '82071003', supplierReturn: '82071004', loss: '82071005' } as const;
/** 出库单状态 (dictionary 8208). */
export const OUT_STATUS = { pending: '82081001', issued: '82081002', cancelled: '82081003' } as const;

const MOVE_OF: Record<string, string> = {
  [OUT_TYPE.repairIssue]: MOVE_TYPE.repairIssue,
  [OUT_TYPE.partSale]: MOVE_TYPE.partSale,
  [OUT_TYPE.allocationOut]: MOVE_TYPE.allocationOut,
  [OUT_TYPE.supplierReturn]: MOVE_TYPE.supplierReturn,
  [OUT_TYPE.loss]: MOVE_TYPE.loss,
};

export const PART_OUT_TEXT = {
  allocationOnly: '调拨出库单由调拨单审批通过后生成，不能手工新增',
  line: (n: number) => `出库明细第${n}行：`,
  roRequired: '维修领料请填写工单号',
  roMissing: (roNo: string) => `工单${roNo}不存在或不在本店`,
  customerRequired: '配件销售请填写客户',
  lockMissing: '预留不存在、已领用或已释放',
  lockMismatch: '预留的工单、仓库或配件与本行不一致',
  allocationCancel: '调拨出库单不能作废：调入经销商拒收时库存自动退回',
  cancelRefused: (outNo: string, why: string) => `出库单${outNo}不能作废：${why}`,
} as const;

interface Line {
  id?: number;
  partNo: string;
  partName?: string | null;
  unit?: string | null;
  warehouseCode: string;
  qty: string;
  salesPrice?: string | null;
  salesAmount?: string | null;
  lockId?: number | null;
}

interface LockRow {
  id: number;
  roNo: string;
  warehouseCode: string;
  partNo: string;
  qty: string;
  issuedQty: string;
  status: string;
}

async function lockOf(db: HookContext['db'], ownerCode: string, id: number, forUpdate: boolean): Promise<LockRow | undefined> {
  const { rows } = await sql<LockRow>`select id, ro_no as "roNo", warehouse_code as "warehouseCode", part_no as "partNo", qty::text as qty, issued_qty::text as "issuedQty", status
    from part_locks where id = ${id} and owner_code = ${ownerCode} ${forUpdate ? sql`for update` : sql``}`.execute(db);
  return rows[0];
}

const lockFits = (lock: LockRow | undefined, line: Line, roNo: string | null): string | undefined => {
  if (!lock || lock.status !== LOCK_STATUS.locked) return PART_OUT_TEXT.lockMissing;
  if (lock.warehouseCode !== line.warehouseCode || lock.partNo !== line.partNo || (roNo !== null && lock.roNo !== roNo)) return PART_OUT_TEXT.lockMismatch;
  return undefined;
};

export const partOutOrderHooks: ModelHooks<PartOutOrderRecord> = {
  async beforeWrite(context, change) {
    const { db } = context;
    const { values, problems, prefix, ownerCode } = change;
    if (change.op === 'create' && values.outType === OUT_TYPE.allocationOut && !byAllocation(change.input)) problems.push(`${prefix}${PART_OUT_TEXT.allocationOnly}`);
    if (values.outType === OUT_TYPE.repairIssue) {
      if (!values.roNo) problems.push(`${prefix}${PART_OUT_TEXT.roRequired}`);
      else if (context.records && (await context.records('repairOrder', ownerCode ? { ownerCode } : {}).idsWhere({ roNo: values.roNo })).length === 0) {
        problems.push(`${prefix}${PART_OUT_TEXT.roMissing(values.roNo)}`);
      }
    }
    if (values.outType === OUT_TYPE.partSale && !values.customerName) problems.push(`${prefix}${PART_OUT_TEXT.customerRequired}`);
    const lines = (values.lines ?? []) as Line[];
    const parts = await partsOf(db, lines.map((l) => l.partNo));
    const warehouses = new Map<string, boolean>();
    for (const [i, line] of lines.entries()) {
      const at = `${prefix}${PART_OUT_TEXT.line(i + 1)}`;
      const part = parts.get(line.partNo);
      if (!part || part.enabled === '0') problems.push(`${at}${STOCK_TEXT.partMissing(line.partNo)}`);
      else {
        Object.assign(line, { partName: part.partName, unit: part.unit });
        // Repair issues and counter sales are priced at retail unless the line says otherwise.
        const priced = values.outType === OUT_TYPE.repairIssue || values.outType === OUT_TYPE.partSale;
        if ((line.salesPrice === null || line.salesPrice === undefined) && priced) Object.assign(line, { salesPrice: part.retailPrice, salesAmount: exact.times(line.qty, part.retailPrice, 2) });
      }
      if (ownerCode && line.warehouseCode) {
        if (!warehouses.has(line.warehouseCode)) warehouses.set(line.warehouseCode, (await warehouseOf(db, ownerCode, line.warehouseCode)) !== undefined);
        if (!warehouses.get(line.warehouseCode)) problems.push(`${at}${STOCK_TEXT.warehouseMissing(line.warehouseCode)}`);
      }
      if (line.lockId && ownerCode) {
        const wrong = lockFits(await lockOf(db, ownerCode, line.lockId, false), line, values.roNo ?? null);
        if (wrong) problems.push(`${at}${wrong}`);
      }
    }
    values.totalSales = exact.sum(lines.map((l) => l.salesAmount ?? '0'), 2);
  },

  async beforeTransition({ db, user }, transition, record) {
    const order = record as unknown as PartOutOrderRecord;
    const ownerCode = order.ownerCode;
    const lines = order.lines as Line[];
    if (transition === 'issue') {
      // Reservations are taken in id order (two orders sharing some never wait on each other in a circle).
      const locks = new Map<number, LockRow>();
      for (const id of [...new Set(lines.flatMap((l) => (l.lockId ? [l.lockId] : [])))].sort((a, b) => a - b)) {
        const lock = await lockOf(db, ownerCode, id, true);
        if (lock) locks.set(id, lock);
      }
      const released = new Map<number, string>();
      const postings: Posting[] = lines.map((line, i) => {
        let releaseLocked = '0';
        if (line.lockId) {
          const lock = locks.get(line.lockId);
          const wrong = lockFits(lock, line, order.roNo);
          if (wrong) throw new ApiError('invalidInput', `${PART_OUT_TEXT.line(i + 1)}${wrong}`);
          const left = exact.minus(exact.minus(lock!.qty, lock!.issuedQty), released.get(lock!.id) ?? '0');
          releaseLocked = exact.compare(line.qty, left) < 0 ? line.qty : left;
          released.set(lock!.id, exact.sum([released.get(lock!.id) ?? '0', releaseLocked], 2));
        }
        return {
          ownerCode,
          warehouseCode: line.warehouseCode,
          partNo: line.partNo,
          qty: negated(line.qty),
          releaseLocked,
          moveType: MOVE_OF[order.outType] ?? MOVE_TYPE.partSale,
          docNo: order.outNo,
          refNo: order.roNo ?? order.sourceNo,
        };
      });
      const posted = await postStock(db, postings, { operatorId: user.id });
      const costs: string[] = [];
      for (const [i, line] of lines.entries()) {
        const { costPrice, locationCode } = posted[i]!;
        const costAmount = exact.times(line.qty, costPrice, 2);
        costs.push(costAmount);
        await sql`update part_out_order_lines set cost_price = ${costPrice}::numeric, cost_amount = ${costAmount}::numeric, location_code = ${locationCode} where id = ${line.id ?? 0}`.execute(db);
      }
      await sql`update part_out_orders set total_cost = ${exact.sum(costs, 2)}::numeric where id = ${order.id}`.execute(db);
      for (const [id, qty] of released) {
        await sql`update part_locks set issued_qty = issued_qty + ${qty}::numeric,
            status = case when issued_qty + ${qty}::numeric >= qty then ${LOCK_STATUS.issued} else status end, updated_at = ${new Date()}, updated_by = ${user.id}
          where id = ${id}`.execute(db);
      }
      if (order.outType === OUT_TYPE.repairIssue && order.roNo) await refreshIssued(db, ownerCode, order.roNo, lines.map((l) => l.partNo));
      return;
    }
    if (transition === 'cancel' && order.status === OUT_STATUS.issued) {
      if (order.outType === OUT_TYPE.allocationOut) throw new ApiError('invalidInput', PART_OUT_TEXT.allocationCancel);
      const entries = await unreversedEntries(db, ownerCode, order.outNo);
      try {
        await postStock(db, reversals(entries, ownerCode, order.outNo), { operatorId: user.id });
      } catch (error) {
        if (error instanceof ApiError && error.resultCode === 400) throw new ApiError('invalidInput', PART_OUT_TEXT.cancelRefused(order.outNo, error.message));
        throw error;
      }
      if (order.outType === OUT_TYPE.repairIssue && order.roNo) await refreshIssued(db, ownerCode, order.roNo, lines.map((l) => l.partNo));
    }
  },
};
