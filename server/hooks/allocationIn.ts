// 调拨入库 needs a hook: receiving (all or part, into a warehouse the dealer picks from Storage/Select) makes and posts an
// in-order of type 调拨 for the quantities received, and refusing sends what is still in transit back into the
// sender's warehouse at the cost it left with, an in-order made for the sender through the engine; both move the
// allocation (the sender's record) to 部分入库/已入库/已拒收. The record is locked first, so two receipts at once are
// checked one after the other and in transit (qty − received − returned) never goes below zero.
import { sql } from 'kysely';
import { ApiError } from '../http/errors';
import type { HookContext, ModelHooks, RecordValues } from '../models/modelHooks';
import { ALLOCATION_STATUS } from './allocation';
import type { AllocationInRecord, PartInOrderRecord } from './modelRecords';
import { IN_TYPE } from './partInOrder';
import { exact, POSTED_BY_ALLOCATION, trimmed } from './stockPostings';

export const ALLOCATION_IN_TEXT = {
  notReceivable: '调拨入库单已入库或已拒收，不能再入库',
  warehouseRequired: '请选择收货仓库',
  nothing: '请填写本次入库数量',
  badQty: (n: number) => `调拨明细第${n}行：本次入库数量不正确`,
  overTransit: (n: number, partNo: string, left: string) => `调拨明细第${n}行（配件${partNo}）：本次入库数量超过在途数量${left}`,
  receivedRemark: (allocNo: string) => `调拨单${allocNo}入库`,
  returnedRemark: (allocNo: string) => `调拨单${allocNo}被拒收，退回调出仓库`,
} as const;

type Line = AllocationInRecord['lines'][number] & { id: number; lineNo: number };
/** The record as found, with its lines' ids. */
type Found = Omit<AllocationInRecord, 'lines'> & { lines: Line[] };

/** What a line still has in transit. */
const inTransit = (line: Line): string => exact.minus(exact.minus(line.qty, line.receivedQty ?? '0'), line.returnedQty ?? '0');

function recordsOf(context: HookContext) {
  if (!context.records) throw new Error('调拨入库需要在模型引擎中执行');
  return context.records;
}

/** The quantities this receipt takes, line by line: all in transit when the request names none. */
function receiving(lines: Line[], body: RecordValues): string[] {
  const asked = Array.isArray(body.lines) ? (body.lines as RecordValues[]) : undefined;
  const taken = lines.map((line, i) => {
    if (!asked) return inTransit(line);
    const named = asked.find((a) => Number(a.lineNo) === line.lineNo) ?? asked.find((a) => a.lineNo === undefined && a.partNo === line.partNo);
    // Only what the line says it receives now: a line named without it (or not named) receives nothing this time.
    const qty = named?.receiveQty;
    if (qty === undefined || qty === null || qty === '') return '0';
    const value = exact.of(qty);
    if (!/^\d+(\.\d{1,2})?$/.test(String(qty).trim()) || exact.compare(value, '0') < 0) throw new ApiError('invalidInput', ALLOCATION_IN_TEXT.badQty(i + 1));
    return exact.sum([qty], 2);
  });
  taken.forEach((qty, i) => {
    const left = inTransit(lines[i]!);
    if (exact.compare(qty, left) > 0) throw new ApiError('invalidInput', ALLOCATION_IN_TEXT.overTransit(i + 1, lines[i]!.partNo, trimmed(left)));
  });
  if (!taken.some((q) => exact.isPositive(q))) throw new ApiError('invalidInput', ALLOCATION_IN_TEXT.nothing);
  return taken;
}

/** The sender's allocation follows its in-order side (the same area's table, written beside it). */
async function moveAllocation(db: HookContext['db'], allocationId: number, status: string, inNo: string | null, userId: number): Promise<void> {
  await sql`update allocations set status = ${status}, in_no = coalesce(${inNo}, in_no), updated_at = ${new Date()}, updated_by = ${userId} where id = ${allocationId}`.execute(db);
}

export const allocationInHooks: ModelHooks<AllocationInRecord> = {
  calls: {
    /** Storage/Select: the dealer's enabled warehouses, to pick where an allocation is received. */
    async storageSelect({ db, user }) {
      if (!user.ownerCode) return [];
      const { rows } = await sql<{ warehouseCode: string; warehouseName: string; warehouseType: string }>`select warehouse_code as "warehouseCode", warehouse_name as "warehouseName",
          warehouse_type as "warehouseType" from warehouses where owner_code = ${user.ownerCode} and coalesce(enabled, '1') <> '0' order by warehouse_code`.execute(db);
      return rows.map((r) => ({ value: r.warehouseCode, text: `${r.warehouseCode} ${r.warehouseName}`, ...r }));
    },

    /** POST :id/receive { warehouseCode, lines?: [{ lineNo, receiveQty }] }: receives what is asked (everything in transit when no lines are sent). */
    async receive(context, { params, body }) {
      const records = recordsOf(context);
      const self = records('allocationIn');
      const id = Number(params.id);
      const record = (await self.find(id)) as unknown as Found | undefined;
      if (!record) throw new ApiError('notFound');
      if (record.status !== ALLOCATION_STATUS.inTransit && record.status !== ALLOCATION_STATUS.partlyReceived) throw new ApiError('invalidInput', ALLOCATION_IN_TEXT.notReceivable);
      const input = (body && typeof body === 'object' ? body : {}) as RecordValues;
      const warehouseCode = typeof input.warehouseCode === 'string' && input.warehouseCode ? input.warehouseCode.toUpperCase() : record.warehouseCode;
      if (!warehouseCode) throw new ApiError('invalidInput', ALLOCATION_IN_TEXT.warehouseRequired);
      const taken = receiving(record.lines, input);
      const inOrders = records('partInOrder');
      const order = await inOrders.create({
        inType: IN_TYPE.allocation,
        warehouseCode,
        supplierCode: record.fromOwnerCode,
        supplierName: record.fromOwnerName ?? null,
        sourceNo: record.allocNo,
        remark: ALLOCATION_IN_TEXT.receivedRemark(record.allocNo),
        lines: record.lines.flatMap((line, i) => (exact.isPositive(taken[i]) ? [{ partNo: line.partNo, qty: taken[i], costPrice: line.transferPrice }] : [])),
        [POSTED_BY_ALLOCATION]: true,
      } as RecordValues);
      await inOrders.transition(order.id, 'receive');
      const inNo = (order as unknown as PartInOrderRecord).inNo;
      for (const [i, line] of record.lines.entries()) {
        if (exact.isPositive(taken[i])) await sql`update allocation_in_lines set received_qty = received_qty + ${taken[i]}::numeric where id = ${line.id}`.execute(context.db);
      }
      const done = record.lines.every((line, i) => exact.compare(taken[i], inTransit(line)) === 0);
      const status = done ? ALLOCATION_STATUS.received : ALLOCATION_STATUS.partlyReceived;
      await sql`update allocation_ins set status = ${status}, warehouse_code = ${warehouseCode}, in_no = ${inNo}, updated_at = ${new Date()}, updated_by = ${context.user.id}
        where id = ${id}`.execute(context.db);
      await moveAllocation(context.db, record.allocationId, status, inNo, context.user.id);
      return self.find(id);
    },
  },

  async afterTransition(context, transition, record) {
    if (transition !== 'refuse') return;
    const refused = record as unknown as Found;
    const back = refused.lines.filter((line) => exact.isPositive(inTransit(line)));
    let inNo: string | null = null;
    if (back.length > 0) {
      // What is still on the way goes back into the sender's warehouse, at the cost it left with.
      const senderOrders = recordsOf(context)('partInOrder', { ownerCode: refused.fromOwnerCode });
      const order = await senderOrders.create({
        inType: IN_TYPE.allocation,
        warehouseCode: refused.fromWarehouseCode,
        supplierCode: refused.ownerCode,
        supplierName: refused.dealerName ?? null,
        sourceNo: refused.allocNo,
        remark: ALLOCATION_IN_TEXT.returnedRemark(refused.allocNo),
        lines: back.map((line) => ({ partNo: line.partNo, qty: inTransit(line), costPrice: line.outCost ?? line.transferPrice })),
        [POSTED_BY_ALLOCATION]: true,
      } as RecordValues);
      await senderOrders.transition(order.id, 'receive');
      inNo = (order as unknown as PartInOrderRecord).inNo;
      for (const line of back) await sql`update allocation_in_lines set returned_qty = returned_qty + ${inTransit(line)}::numeric where id = ${line.id}`.execute(context.db);
    }
    await moveAllocation(context.db, refused.allocationId, ALLOCATION_STATUS.refused, inNo, context.user.id);
  },
};
