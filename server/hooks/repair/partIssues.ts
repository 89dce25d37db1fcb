// What a repair order's part lines have been issued (维修领料) and returned (退料): the parts area posts the stock, and
// after each posting naming an order the order's lines are brought to what the ledger holds for it, so the 维修材料
// tab shows 已领数量 and its cost as the warehouse does, an order with parts out cannot be voided, and a line cannot go
// below what was taken. The ledger is the one truth (read by stockPostings' repairTaken, as 退料 reads it); the lines
// only mirror it, at the cost it went out at, filled in line order and never above a line's quantity (0 ≤ issuedQty ≤ qty).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { exact, repairTaken } from '../stockPostings';
import { lockOrder } from './orderState';
import { RO_STATUS } from './repairRules';

export const PART_ISSUE_TEXT = {
  closed: (roNo: string) => `工单${roNo}已结算、已交车或已作废，不能领料或退料`,
} as const;

const CLOSED: readonly string[] = [RO_STATUS.settled, RO_STATUS.released, RO_STATUS.void];

interface PartLine {
  id: number;
  qty: string;
}

/** Brings the order's lines of these parts to the ledger's net issue; refused when the order is no longer in the workshop. */
export async function refreshIssued(db: Kysely<Database>, ownerCode: string, roNo: string, partNos: readonly string[]): Promise<void> {
  const { rows: orders } = await sql<{ id: number; status: string }>`select id, status from repair_orders where owner_code = ${ownerCode} and ro_no = ${roNo}`.execute(db);
  const order = orders[0];
  if (!order) return;
  // After the stock rows: the posting holds them already, and an advisor's save of the order never waits on stock.
  await lockOrder(db, Number(order.id));
  if (CLOSED.includes(order.status)) throw new ApiError('invalidInput', PART_ISSUE_TEXT.closed(roNo));
  for (const partNo of [...new Set(partNos)].sort()) {
    const { left: out, issuedCost } = await repairTaken(db, ownerCode, roNo, partNo);
    const { rows: lines } = await sql<PartLine>`select id, qty::text as qty from repair_order_part_lines where parent_id = ${order.id} and part_no = ${partNo} order by line_no, id`.execute(db);
    let left = exact.isPositive(out) ? out : '0';
    for (const line of lines) {
      const issued = exact.compare(left, line.qty) < 0 ? left : line.qty;
      left = exact.minus(left, issued);
      const cost = issuedCost === null ? null : exact.times(issued, issuedCost, 2);
      await sql`update repair_order_part_lines set issued_qty = ${issued}::numeric, cost_amount = ${cost}::numeric where id = ${line.id}`.execute(db);
    }
  }
}
