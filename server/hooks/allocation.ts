// 调拨单 needs a hook for what its JSON cannot say: the sending dealer is the dealer that applies (the record's owner),
// set by the server whatever the request sends, and the receiving dealer must be another one (domain.md §3); the lines
// are parts of the catalogue, sent from one of the dealer's warehouses. When the approval ends (在途) the stock leaves:
// an out-order 调拨出库 is made and issued (refused, and the approval with it, when the warehouse holds too little), and
// the receiving dealer gets its 调拨入库 (models/parts/allocationIn.json), made for that dealer through the engine.
import { sql } from 'kysely';
import type { ModelHooks } from '../models/modelHooks';
import type { RecordValues } from '../models/modelHooks';
import type { AllocationRecord, PartOutOrderRecord } from './modelRecords';
import { OUT_TYPE } from './partOutOrder';
import { partsOf, POSTED_BY_ALLOCATION, STOCK_TEXT, warehouseOf } from './stockPostings';

export const ALLOCATION_TEXT = {
  sameDealer: '调入经销商不能是调出经销商',
  line: (n: number) => `调拨明细第${n}行：`,
} as const;

/** 调拨状态 (dictionary 8201): 已申请, 在途, 部分入库, 已入库, 已拒收, 已驳回. */
export const ALLOCATION_STATUS = { applied: '82011001', inTransit: '82011002', partlyReceived: '82011003', received: '82011004', refused: '82011005', rejected: '82011006' } as const;

export const allocationHooks: ModelHooks<AllocationRecord> = {
  async beforeWrite({ db, user }, change) {
    const fromOwnerCode = (change.current?.ownerCode as string | undefined) ?? user.ownerCode ?? null;
    change.values.fromOwnerCode = fromOwnerCode;
    const toOwnerCode = change.values.toOwnerCode ?? (change.current?.toOwnerCode as string | undefined);
    if (toOwnerCode && toOwnerCode === fromOwnerCode) change.problems.push(`${change.prefix}${ALLOCATION_TEXT.sameDealer}`);
    const { values, problems, prefix, ownerCode } = change;
    if (ownerCode && values.warehouseCode && !(await warehouseOf(db, ownerCode, values.warehouseCode))) problems.push(`${prefix}${STOCK_TEXT.warehouseMissing(values.warehouseCode)}`);
    const lines = values.lines ?? [];
    const parts = await partsOf(db, lines.map((l) => l.partNo));
    for (const [i, line] of lines.entries()) {
      const part = parts.get(line.partNo);
      if (!part || part.enabled === '0') problems.push(`${prefix}${ALLOCATION_TEXT.line(i + 1)}${STOCK_TEXT.partMissing(line.partNo)}`);
      else line.partName = part.partName;
    }
  },

  async afterTransition(context, transition, record) {
    if (transition !== 'submit' || !context.records) return;
    const allocation = record as unknown as AllocationRecord;
    const sender = allocation.ownerCode;
    const outOrders = context.records('partOutOrder', { ownerCode: sender });
    const out = await outOrders.create({
      outType: OUT_TYPE.allocationOut,
      toOwnerCode: allocation.toOwnerCode,
      sourceNo: allocation.allocNo,
      remark: `调拨单${allocation.allocNo}`,
      lines: allocation.lines.map((l) => ({ partNo: l.partNo, warehouseCode: allocation.warehouseCode, qty: l.qty, salesPrice: l.transferPrice })),
      [POSTED_BY_ALLOCATION]: true,
    } as RecordValues);
    await outOrders.transition(out.id, 'issue');
    const issued = (await outOrders.find(out.id)) as unknown as PartOutOrderRecord;
    await context.records('allocationIn', { ownerCode: allocation.toOwnerCode }).create({
      allocNo: allocation.allocNo,
      allocationId: allocation.id,
      fromOwnerCode: sender,
      fromWarehouseCode: allocation.warehouseCode,
      outNo: issued.outNo,
      reason: allocation.reason,
      lines: allocation.lines.map((l, i) => ({
        partNo: l.partNo,
        partName: l.partName,
        qty: l.qty,
        transferPrice: l.transferPrice,
        outCost: issued.lines[i]?.costPrice ?? null,
        receivedQty: '0',
        returnedQty: '0',
      })),
    });
    await sql`update allocations set out_no = ${issued.outNo} where id = ${allocation.id}`.execute(context.db);
  },
};
