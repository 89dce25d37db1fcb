// Refunds in the demo (domain.md §2, issue 23): on a fresh database the first demo dealer's finance staff ask for refunds
// on confirmed receipts that still have a balance, through the model engine and the refund approval (退款审批) as they
// would from 财务管理 › 退款, and leave them in every state: paid (已退款), approved and waiting to be paid (已审核),
// rejected (已驳回), one above ¥5,000 waiting at the manufacturer's 厂端财务部 after the dealer's approval, and one waiting
// for the dealer's finance manager in 我的待办. The receipts are the dealer's oldest with
// enough balance, chosen by id, so every fresh start shows the same refunds.
import { sql, type Kysely } from 'kysely';
import { compareDecimal, toDecimal } from '../../schemas/expression/decimal';
import type { Database } from '../db/schema';
import { loadSessionUser, type SessionUser } from '../http/session';
import type { ReadContext } from '../models/modelReads';
import { createRecord, transitionRecord } from '../models/modelWrites';
import { actOnTask, startRecordProcess, type ProcessContext } from '../processes/processRuns';

const DEALER = 'D11001';
const RECEIPT_CONFIRMED = '81031002';
const REFUND_PROCESS_ID = 'financeRefund';
/** The dealer's finance staff (财务人员 and 经销商财务经理, README's accounts) and the manufacturer's 厂端财务部. */
const USERS = { finance: 'd11001dbzy', manufacturer: 'admin' } as const;

type Outcome = 'paid' | 'approved' | 'rejected' | 'atManufacturer' | 'waiting';

interface PlannedRefund {
  outcome: Outcome;
  amount: string;
  reason: '81041001' | '81041002' | '81041003';
  comment: string;
}

/** Below ¥5,000 the dealer's finance manager decides alone; the ¥5,200 one goes on to 厂端财务部 (approvalProcesses.ts). */
const PLAN: PlannedRefund[] = [
  // First, so that it takes a receipt large enough.
  { outcome: 'atManufacturer', amount: '5200.00', reason: '81041001', comment: '客户退订车辆，退还定金' },
  { outcome: 'paid', amount: '500.00', reason: '81041002', comment: '客户重复支付，退回多收款' },
  { outcome: 'approved', amount: '1200.00', reason: '81041001', comment: '客户退订精品，退还预收款' },
  { outcome: 'rejected', amount: '2000.00', reason: '81041003', comment: '客户取消维修，申请退款' },
  { outcome: 'waiting', amount: '800.00', reason: '81041003', comment: '维修取消，退还维修预收款' },
];

const PAYEE_ACCOUNTS = ['6222020200112233445', '6217000010001234567', '6228480010987654321', '6214830100223344556', '6222600810012345678', '6225880112345678901'];

interface ReceiptRow {
  id: number;
  customerName: string;
  balance: string;
}

async function userOf(db: Kysely<Database>, userCode: string): Promise<SessionUser | undefined> {
  const row = await db.selectFrom('users').select('id').where('userCode', '=', userCode).executeTakeFirst();
  return (row && (await loadSessionUser(db, Number(row.id)))) ?? undefined;
}

async function openTaskOf(db: Kysely<Database>, recordId: number): Promise<number> {
  const row = await db
    .selectFrom('processTasks as t')
    .innerJoin('processInstances as i', 'i.id', 't.instanceId')
    .select('t.id')
    .where('i.model', '=', 'refund')
    .where('i.recordId', '=', recordId)
    .where('t.status', '=', 'open')
    .orderBy('t.id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Asks for, submits and moves the planned refunds; does nothing when the demo lacks the models, the process or the users. */
export async function seedDemoRefunds(context: ProcessContext): Promise<number> {
  const { db } = context;
  const loaded = context.models.get('refund');
  if (!context.models.has('receipt') || !loaded?.model.states?.transitions.some((t) => t.name === 'submit' && t.process === REFUND_PROCESS_ID)) return 0;
  const finance = await userOf(db, USERS.finance);
  const manufacturer = await userOf(db, USERS.manufacturer);
  if (!finance || !manufacturer) return 0;
  const { rows: receipts } = await sql<ReceiptRow>`select id, customer_name as "customerName", (amount - written_off_amount - refunded_amount)::text as balance
    from receipts where owner_code = ${DEALER} and status = ${RECEIPT_CONFIRMED} order by id limit 200`.execute(db);
  const reader: ReadContext = { db, user: finance, loaded, hooks: context.hooks.refund, models: context.models };
  const taken = new Set<number>();
  let asked = 0;
  for (const [index, step] of PLAN.entries()) {
    const receipt = receipts.find((r) => !taken.has(r.id) && compareDecimal(toDecimal(r.balance)!, toDecimal(step.amount)!) >= 0);
    if (!receipt) continue;
    taken.add(receipt.id);
    const created = await createRecord(reader, {
      receiptId: receipt.id,
      amount: step.amount,
      reason: step.reason,
      payeeName: receipt.customerName,
      payeeAccount: PAYEE_ACCOUNTS[index % PAYEE_ACCOUNTS.length],
      payeeBank: '中国工商银行北京朝阳支行',
    });
    const id = Number(created.id);
    asked += 1;
    await startRecordProcess(context, reader, id, 'submit', { comment: step.comment });
    if (step.outcome === 'waiting') continue;
    const first = await openTaskOf(db, id);
    if (step.outcome === 'rejected') {
      await actOnTask(context, finance, first, 'reject', '维修已结算，预收款已转结算款，不能退款');
      continue;
    }
    await actOnTask(context, finance, first, 'agree', '情况属实，同意退款');
    if (step.outcome === 'atManufacturer') continue;
    if (step.outcome === 'paid') await transitionRecord(reader, id, 'pay', { outBankSerialNo: `4200002026${String(receipt.id).padStart(18, '0')}` });
  }
  return asked;
}
