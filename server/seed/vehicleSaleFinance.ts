// The finance side of the seeded sales orders (domain.md §2 Demo: each sales order a 定金 plus 尾款 or 按揭放款), so the
// demo holds what the live hooks would have posted: every order approved (and not cancelled) has its 整车销售
// receivable of the order's total from its approval, its deposit received just before and written off at approval;
// every order paid (待交车 and after) has the rest written off too, the loan as the bank's disbursement and the
// remainder as the customer's 尾款, before the car was handed over. An order's 已收金额 is then exactly what is written
// off against its receivable (the sales seed sets it the same way).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEBTOR_TYPE, PAY_METHOD, RECEIPT_TYPE, SOURCE_TYPE, VEHICLE_SALE_DUE_DAYS } from '../finance/financeCodes';
import type { RecordValues } from '../models/modelHooks';
import type { SeededRandom } from './random';

/** Sales order states (models/sales/salesOrder.json, 8320) that have been approved, and those paid in full. */
const APPROVED = ['83201002', '83201003', '83201004', '83201005', '83201006'];
const PAID = ['83201004', '83201005', '83201006'];

interface SeededOrder {
  ownerCode: string;
  soNo: string;
  customerName: string;
  status: string;
  total: number;
  deposit: number;
  loan: number;
  created: string;
  approved: string;
  delivered: string | null;
}

/** What the finance seed's drafts give this module: a confirmed receipt, a receivable, a write-off between them. */
export interface VehicleSalePostings<P, R> {
  receipt(ownerCode: string, at: string, cents: number, receiptType: string, payMethod: string, customerName: string, sourceNo: string, remark: string): P;
  receivable(values: RecordValues, cents: number, at: string): R;
  writeOff(receivable: R, paid: P, cents: number, at: string): void;
}

interface Clock {
  later(text: string, minutes: number): string;
  addDays(day: string, days: number): string;
  next(prefix: string, ownerCode: string, at: string): string;
  anchorEnd: string;
}

const BEIJING = (column: string) => sql.raw(`to_char(${column} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`);

/** Posts the seeded orders' receivables, receipts and write-offs through the drafts; answers how many orders. */
export async function seedVehicleSaleFinance<P, R>(db: Kysely<Database>, random: SeededRandom, clock: Clock, post: VehicleSalePostings<P, R>): Promise<number> {
  const { rows } = await sql<SeededOrder>`select owner_code as "ownerCode", so_no as "soNo", customer_name as "customerName", status,
      round(total_amount * 100)::bigint as total, round(deposit_amount * 100)::bigint as deposit, round(loan_amount * 100)::bigint as loan,
      ${BEIJING('created_at')} as created, ${BEIJING("coalesce(approved_at, created_at + interval '3 hours')")} as approved, ${BEIJING('delivered_at')} as delivered
    from sales_orders where status in (${sql.join(APPROVED)}) order by created_at, id`.execute(db);
  for (const order of rows) {
    const [total, deposit, loan] = [Number(order.total), Number(order.deposit), Number(order.loan)];
    if (total <= 0 || order.approved > clock.anchorEnd) continue;
    const arDate = order.approved.slice(0, 10);
    const receivable = post.receivable(
      {
        arNo: clock.next('AR', order.ownerCode, order.approved),
        companyCode: order.ownerCode,
        debtorType: DEBTOR_TYPE.customer,
        debtorName: order.customerName,
        sourceType: SOURCE_TYPE.vehicleSale,
        sourceNo: order.soNo,
        arDate,
        dueDate: clock.addDays(arDate, VEHICLE_SALE_DUE_DAYS),
        voidReason: null,
        reversalOfId: null,
        remark: null,
      },
      total,
      order.approved,
    );
    const taken = Math.min(deposit, total);
    if (taken > 0) {
      const depositAt = clock.later(order.approved, -random.int(30, 150));
      const paid = post.receipt(order.ownerCode, depositAt < order.created ? order.created : depositAt, taken, RECEIPT_TYPE.vehicleDeposit, random.pick([PAY_METHOD.pos, PAY_METHOD.transfer, PAY_METHOD.wechat]), order.customerName, order.soNo, '整车定金');
      post.writeOff(receivable, paid, taken, order.approved);
    }
    if (!PAID.includes(order.status)) continue;
    // Paid within a week of approval, and always before the hand-over.
    const latest = order.delivered ? clock.later(order.delivered, -60) : clock.anchorEnd;
    const drawn = clock.later(order.approved, random.int(60, 7 * 24 * 60));
    const paidAt = drawn <= latest ? drawn : clock.later(order.approved, 30);
    const lent = Math.min(loan, total - taken);
    if (lent > 0) {
      const disbursed = post.receipt(order.ownerCode, paidAt, lent, RECEIPT_TYPE.loan, PAY_METHOD.transfer, order.customerName, order.soNo, '按揭放款');
      post.writeOff(receivable, disbursed, lent, paidAt);
    }
    const rest = total - taken - lent;
    if (rest > 0) {
      const payMethod = random.weighted([
        [PAY_METHOD.transfer, 50],
        [PAY_METHOD.pos, 40],
        [PAY_METHOD.wechat, 10],
      ]);
      const balance = post.receipt(order.ownerCode, paidAt, rest, RECEIPT_TYPE.vehicleBalance, payMethod, order.customerName, order.soNo, '整车尾款');
      post.writeOff(receivable, balance, rest, paidAt);
    }
  }
  return rows.length;
}
