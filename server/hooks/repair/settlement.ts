// 结算 (domain.md §1): the order's total split by who pays (customer, manufacturer's warranty, insurer, internal, free:
// the five add up to the total), the settlement's discount and 抹零 only on what the customer pays, the customer's
// receivable never below 0, and 审核人's approval above the limits (结算审批). 免费结算 settles what the customer would pay
// as goodwill. The settlement (结算单 JS…) is written once, with these exact amounts per payer, and posts finance's
// receivables from them in the same transaction: one per paying party (the customer, the insurer, the manufacturer;
// internal and free amounts are nobody's debt). 取消结算 is refused once any of them has a write-off or the order an
// invoice, and otherwise voids them, cancels the settlement and the return visit still due.
import { sql, type Kysely } from 'kysely';
import { addDaysTo } from '../../../schemas/expression/dates';
import type { Database } from '../../db/schema';
import { formatDateTime } from '../../http/dates';
import { ApiError } from '../../http/errors';
import type { HookContext, RecordValues } from '../../models/modelHooks';
import { DEBTOR_TYPE, INVOICE_DIRECTION, INVOICE_STATUS, RECEIVABLE_STATUS, REPAIR_DUE_DAYS, SOURCE_TYPE, WARRANTY_DEBTOR } from '../../finance/financeCodes';
import { fenText, units } from './money';
import { isReviewer } from './orderState';
import { REPAIR_DEFAULTS, REPAIR_TEXT, SETTLEMENT_STATUS, VISIT_SOURCE, VISIT_STATUS } from './repairRules';

export type SettleKind = 'settle' | 'settleApproval' | 'freeSettle';

export interface Settlement {
  totalAmount: string;
  customerAmount: string;
  warrantyAmount: string;
  insuranceAmount: string;
  internalAmount: string;
  freeAmount: string;
  discountAmount: string;
  roundOffAmount: string;
  receivableAmount: string;
  taxAmount: string;
  freeSettlement: '0' | '1';
}

const PAYERS = ['customerAmount', 'warrantyAmount', 'insuranceAmount', 'internalAmount', 'freeAmount'] as const;

/** The figures a settlement of the order would have (the record's amounts with what the transition sends), in whole fen. */
export function settlementOf(order: RecordValues, kind: SettleKind): Settlement {
  const fen = (name: string) => units(order[name], 2);
  const free = kind === 'freeSettle';
  const customer = free ? 0 : fen('customerAmount');
  const discount = free ? 0 : fen('settleDiscount');
  const roundOff = free ? 0 : fen('roundOff');
  return {
    totalAmount: fenText(fen('totalAmount')),
    customerAmount: fenText(customer),
    warrantyAmount: fenText(fen('warrantyAmount')),
    insuranceAmount: fenText(fen('insuranceAmount')),
    internalAmount: fenText(fen('internalAmount')),
    freeAmount: fenText(free ? fen('freeAmount') + fen('customerAmount') : fen('freeAmount')),
    discountAmount: fenText(discount),
    roundOffAmount: fenText(roundOff),
    receivableAmount: fenText(customer - discount - roundOff),
    taxAmount: fenText(fen('taxAmount')),
    freeSettlement: free ? '1' : '0',
  };
}

/** Whether the customer's discount (lines' and the settlement's) or the goodwill is above what an advisor may give. */
export function needsApproval(order: RecordValues, settlement: Settlement): boolean {
  const lineDiscount = units(order.customerDiscount, 2);
  const grossCustomer = units(order.customerAmount, 2) + lineDiscount;
  const discount = lineDiscount + units(settlement.discountAmount, 2);
  // discount > gross × rate, the rate in 1/10,000.
  return discount * 10_000 > grossCustomer * units(REPAIR_DEFAULTS.approvalDiscountRate, 4) || units(settlement.freeAmount, 2) > units(REPAIR_DEFAULTS.approvalGoodwillAmount, 2);
}

/** The checks of a settlement before it is written; every problem is refused with its message. */
export function checkSettlement(order: RecordValues, kind: SettleKind, settlement: Settlement): void {
  const total = PAYERS.reduce((sum, name) => sum + units(settlement[name], 2), 0);
  if (total !== units(settlement.totalAmount, 2)) throw new Error(`结算金额之和 ${fenText(total)} 不等于工单合计 ${settlement.totalAmount}`);
  if (units(settlement.roundOffAmount, 2) > units(REPAIR_DEFAULTS.maxRoundOff, 2)) throw new ApiError('invalidInput', REPAIR_TEXT.roundOffLimit);
  if (units(settlement.receivableAmount, 2) < 0) throw new ApiError('invalidInput', REPAIR_TEXT.receivableNegative);
  if (kind === 'settle' && needsApproval(order, settlement)) throw new ApiError('invalidInput', REPAIR_TEXT.needsApproval);
}

/** Who asked for a settlement that ended an approval (the approver is the one performing it now). */
async function requester(db: Kysely<Database>, roId: number, transition: string): Promise<number | null> {
  const { rows } = await sql<{ startedBy: number }>`select started_by as "startedBy" from process_instances where model = 'repairOrder' and record_id = ${roId} and transition = ${transition} order by id desc limit 1`.execute(db);
  return rows[0] ? Number(rows[0].startedBy) : null;
}

interface Debt {
  debtorType: string;
  debtorName: string;
  sourceType: string;
  amount: string;
}

/** The receivables a settlement posts: who owes what of it, under which source (domain.md §1 收费区分). An insurance
 * amount needs the order's insurer to owe it. */
function debtsOf(order: RecordValues, settlement: Settlement): Debt[] {
  const insurer = String(order.insurerName ?? '').trim();
  if (units(settlement.insuranceAmount, 2) > 0 && insurer === '') throw new ApiError('invalidInput', REPAIR_TEXT.insurerMissing);
  const debts = [
    { debtorType: DEBTOR_TYPE.customer, debtorName: String(order.customerName ?? ''), sourceType: SOURCE_TYPE.repairSettlement, amount: settlement.receivableAmount },
    { debtorType: DEBTOR_TYPE.insurer, debtorName: insurer, sourceType: SOURCE_TYPE.insuranceClaim, amount: settlement.insuranceAmount },
    { debtorType: DEBTOR_TYPE.manufacturer, debtorName: WARRANTY_DEBTOR, sourceType: SOURCE_TYPE.warrantyClaim, amount: settlement.warrantyAmount },
  ];
  return debts.filter((d) => units(d.amount, 2) > 0);
}

const REPAIR_SOURCES = [SOURCE_TYPE.repairSettlement, SOURCE_TYPE.insuranceClaim, SOURCE_TYPE.warrantyClaim];

/** Writes the settlement, its receivables and the return visit due 3 days later; answers the settlement's number. */
export async function writeSettlement(context: HookContext, order: RecordValues, kind: SettleKind): Promise<string> {
  const { db, user } = context;
  const roId = Number(order.id);
  const settlement = settlementOf(order, kind);
  checkSettlement(order, kind, settlement);
  const debts = debtsOf(order, settlement);
  const asked = kind === 'settle' ? user.id : ((await requester(db, roId, kind)) ?? user.id);
  const ownerCode = String(order.ownerCode);
  const settledAt = formatDateTime(new Date());
  const written = await context.records!('roSettlement', { ownerCode }).create({
    ...settlement,
    roId,
    roNo: order.roNo,
    plateNo: order.plateNo,
    customerName: order.customerName,
    status: SETTLEMENT_STATUS.settled,
    settledBy: asked,
    approverId: asked === user.id ? null : user.id,
    settledAt,
  });
  const settlementNo = String(written.settlementNo);
  await sql`update repair_orders set settlement_no = ${settlementNo} where id = ${roId}`.execute(db);
  const today = settledAt.slice(0, 10);
  const receivables = context.records!('receivable', { ownerCode });
  for (const debt of debts) {
    await receivables.create({ ...debt, sourceNo: order.roNo, arDate: today, dueDate: addDaysTo(today, REPAIR_DUE_DAYS[debt.debtorType] ?? 0), remark: `结算单${settlementNo}` });
  }
  const due = new Date(Date.now() + REPAIR_DEFAULTS.returnVisitDays * 86_400_000);
  await context.records!('returnVisit', { ownerCode }).create({
    sourceType: VISIT_SOURCE.repair,
    sourceNo: order.roNo,
    roId,
    plateNo: order.plateNo,
    vin: order.vin,
    customerName: order.customerName,
    phone: order.phone,
    dueDate: formatDateTime(due).slice(0, 10),
    complaint: '0',
  });
  return settlementNo;
}

/** 取消结算, by 审核人 or the repair manager: the settlement cancelled, the visit still due cancelled with it. */
export async function cancelSettlement(context: HookContext, order: RecordValues, reason: unknown): Promise<void> {
  const { db, user } = context;
  if (!(await isReviewer(db, user))) throw new ApiError('forbidden', REPAIR_TEXT.cancelNeedsManager);
  const roId = Number(order.id);
  await voidReceivables(context, order);
  await sql`update ro_settlements set status = ${SETTLEMENT_STATUS.cancelled}, cancelled_by = ${user.id}, cancelled_at = now(), cancel_reason = ${String(reason ?? '').slice(0, 200)}, updated_at = now(), updated_by = ${user.id}
    where ro_id = ${roId} and status = ${SETTLEMENT_STATUS.settled}`.execute(db);
  await sql`update return_visits set status = ${VISIT_STATUS.cancelled}, updated_at = now(), updated_by = ${user.id} where ro_id = ${roId} and status = ${VISIT_STATUS.due}`.execute(db);
  await sql`update repair_orders set settlement_no = null, settled_at = null where id = ${roId}`.execute(db);
}

/** The order's receivables voided through finance's own 冲销 (each kept, with its reversing entry), after checking none is paid and nothing is invoiced. */
async function voidReceivables(context: HookContext, order: RecordValues): Promise<void> {
  const { db } = context;
  const ownerCode = String(order.ownerCode);
  const roNo = String(order.roNo);
  const { rows: invoiced } = await sql<{ no: string }>`select coalesce(invoice_no, request_no) as no from invoices
    where owner_code = ${ownerCode} and source_no = ${roNo} and source_type in (${sql.join(REPAIR_SOURCES)}) and direction = ${INVOICE_DIRECTION.blue}
      and status in (${INVOICE_STATUS.pending}, ${INVOICE_STATUS.issued}) limit 1`.execute(db);
  if (invoiced[0]) throw new ApiError('invalidInput', REPAIR_TEXT.cancelInvoiced(invoiced[0].no));
  // Locked, so a write-off arriving meanwhile waits for the void and is then refused on a voided receivable.
  const { rows } = await sql<{ id: number; arNo: string; writtenOff: string }>`select id, ar_no as "arNo", written_off_amount::text as "writtenOff" from receivables
    where owner_code = ${ownerCode} and source_no = ${roNo} and source_type in (${sql.join(REPAIR_SOURCES)}) and status <> ${RECEIVABLE_STATUS.void} order by id for update`.execute(db);
  const paid = rows.find((r) => units(r.writtenOff, 2) !== 0);
  if (paid) throw new ApiError('invalidInput', REPAIR_TEXT.cancelWrittenOff(paid.arNo));
  const receivables = context.records!('receivable', { ownerCode });
  for (const r of rows) await receivables.transition(Number(r.id), 'void', { voidReason: REPAIR_TEXT.settlementCancelled });
}
