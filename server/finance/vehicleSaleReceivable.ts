// The vehicle sale's side of finance (domain.md §4 state table, §2 flows): 审核 posts the order's receivable (整车销售,
// the order's total, owed by its customer) through the receivable model and applies the deposits already received
// (整车定金 receipts registered for the order, or the deposit of the presale that became it); what the order has
// received is then only ever what is written off against its receivables. The order's hook decides what is refused
// and says so; this module reads and posts.
import { sql, type Kysely } from 'kysely';
import { addDaysTo } from '../../schemas/expression/dates';
import { addDecimal, compareDecimal, subtractDecimal, type Decimal } from '../../schemas/expression/decimal';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import type { HookContext, RecordValues } from '../models/modelHooks';
import { DEBTOR_TYPE, RECEIPT_STATUS, RECEIPT_TYPE, RECEIVABLE_STATUS, SOURCE_TYPE, VEHICLE_SALE_DUE_DAYS } from './financeCodes';
import { money, yuan, ZERO } from './money';
import { lockReceipt } from './writeOffPosting';

export interface OrderReceivable {
  id: number;
  arNo: string;
  writtenOff: Decimal;
  open: Decimal;
}

const ORDER_SLICE = 5000;

const minOf = (a: Decimal, b: Decimal): Decimal => (compareDecimal(a, b) <= 0 ? a : b);

/** The order's receivables still in force, locked until the transaction ends (a write-off or 反核销 arriving meanwhile
 * waits, so what is checked is what stays true), in posting order. */
export async function orderReceivables(context: HookContext, order: RecordValues): Promise<OrderReceivable[]> {
  const { rows } = await sql<{ id: number; arNo: string; writtenOff: string; open: string }>`select id, ar_no as "arNo", written_off_amount::text as "writtenOff", (amount - written_off_amount)::text as open
    from receivables where owner_code = ${String(order.ownerCode)} and source_type = ${SOURCE_TYPE.vehicleSale} and source_no = ${String(order.soNo)}
      and status <> ${RECEIVABLE_STATUS.void} order by id for update`.execute(context.db);
  return rows.map((r) => ({ id: Number(r.id), arNo: r.arNo, writtenOff: money(r.writtenOff), open: money(r.open) }));
}

/** What the order has received: the sum written off against its receivables. */
export const receivedOf = (receivables: readonly OrderReceivable[]): string => yuan(receivables.reduce((sum, r) => addDecimal(sum, r.writtenOff), ZERO));

/** What is written off so far against each order's receivables still in force, by `ownerCode|soNo` (orders with none
 * are absent): an order's 已收金额 as it stands between the transitions that store it. */
export async function writtenOffByOrder(db: Kysely<Database>, orders: readonly { ownerCode: string; soNo: string }[]): Promise<Map<string, string>> {
  const numbers = [...new Set(orders.map((o) => o.soNo))];
  const written = new Map<string, string>();
  // In slices: an export decorates up to 100,000 rows, beyond what one statement may carry as parameters.
  for (let from = 0; from < numbers.length; from += ORDER_SLICE) {
    const { rows } = await sql<{ ownerCode: string; soNo: string; writtenOff: string }>`select owner_code as "ownerCode", source_no as "soNo", sum(written_off_amount)::text as "writtenOff"
      from receivables where source_type = ${SOURCE_TYPE.vehicleSale} and status <> ${RECEIVABLE_STATUS.void} and source_no in (${sql.join(numbers.slice(from, from + ORDER_SLICE))})
      group by owner_code, source_no`.execute(db);
    for (const r of rows) written.set(`${r.ownerCode}|${r.soNo}`, yuan(money(r.writtenOff)));
  }
  return written;
}

/** Sales order states from 收款确认 on: the order has taken its receivable's write-offs as paid. */
const CONFIRMED_PAID = ['83201004', '83201005', '83201006'];

/** The SO number when the receivable is a vehicle sale's whose order has confirmed its payment, its row locked (the
 * order before the receivable, as 收款确认 locks them), so a 反核销 cannot slip in beside a 收款确认. */
export async function confirmedOrderOf(db: Kysely<Database>, receivableId: number): Promise<string | undefined> {
  const { rows } = await sql<{ soNo: string; status: string }>`select o.so_no as "soNo", o.status from sales_orders o
    join receivables r on r.owner_code = o.owner_code and r.source_no = o.so_no and r.source_type = ${SOURCE_TYPE.vehicleSale}
    where r.id = ${receivableId} for update of o`.execute(db);
  return rows.find((r) => CONFIRMED_PAID.includes(r.status))?.soNo;
}

/** The deposits received for the order that still have a balance, oldest first. */
async function depositReceipts(context: HookContext, order: RecordValues): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select id from receipts
    where owner_code = ${String(order.ownerCode)} and status = ${RECEIPT_STATUS.confirmed} and receipt_type = ${RECEIPT_TYPE.vehicleDeposit} and balance > 0
      and (source_no = ${String(order.soNo)} or id in (select receipt_id from vehicle_advance_sales where owner_code = ${String(order.ownerCode)} and so_no = ${String(order.soNo)} and receipt_id is not null))
    order by received_at, id`.execute(context.db);
  return rows.map((r) => Number(r.id));
}

/** 审核: the order's receivable posted and its deposits written off against it; answers what is received so far. */
export async function postVehicleSale(context: HookContext, order: RecordValues): Promise<string> {
  const ownerCode = String(order.ownerCode);
  const today = formatDateTime(new Date()).slice(0, 10);
  const posted = await context.records!('receivable', { ownerCode }).create({
    debtorType: DEBTOR_TYPE.customer,
    debtorName: order.customerName,
    sourceType: SOURCE_TYPE.vehicleSale,
    sourceNo: order.soNo,
    amount: yuan(money(order.totalAmount)),
    arDate: today,
    dueDate: addDaysTo(today, VEHICLE_SALE_DUE_DAYS),
  });
  let open = money(posted.openAmount);
  let received = ZERO;
  const writeOffs = context.records!('writeOff', { ownerCode });
  for (const receiptId of await depositReceipts(context, order)) {
    if (compareDecimal(open, ZERO) <= 0) break;
    // The receivable is this transaction's own row, so taking the receipt's lock first cannot wait in a circle.
    const receipt = await lockReceipt(context.db, receiptId);
    if (!receipt || compareDecimal(receipt.available, ZERO) <= 0) continue;
    const amount = minOf(receipt.available, open);
    await writeOffs.create({ receivableId: posted.id, receiptId, amount: yuan(amount), remark: '整车定金' });
    open = subtractDecimal(open, amount);
    received = addDecimal(received, amount);
  }
  return yuan(received);
}

/** 退订 of an order with nothing written off: each receivable cancelled by its reversing entry. */
export async function reverseVehicleSale(context: HookContext, order: RecordValues, receivables: readonly OrderReceivable[], reason: string): Promise<void> {
  const records = context.records!('receivable', { ownerCode: String(order.ownerCode) });
  for (const r of receivables) await records.transition(r.id, 'reverse', { voidReason: reason });
}
