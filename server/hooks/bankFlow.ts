// 银行流水 needs a hook for what its JSON cannot say: the flow theme (流水主体) defaults to the dealer's own company, the
// serials must be in their payment channel's format, a reconciled flow is not deleted, and 认领 — a flow's money taken
// into receipts — locks the flow, keeps claimed ≤ amount, and registers (or links) the receipt in the same transaction.
import { compareDecimal } from '../../schemas/expression/decimal';
import { sql } from 'kysely';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { ModelHooks, RecordValues } from '../models/modelHooks';
import { FLOW_DIRECTION, RECEIPT_STATUS } from '../finance/financeCodes';
import { addClaim, CLAIM_TEXT, lockFlow, type LockedFlow } from '../finance/flowClaims';
import { money, yuan, ZERO } from '../finance/money';
import { serialProblems } from '../finance/serialNumbers';
import type { BankFlowRecord } from './modelRecords';

export const BANK_FLOW_TEXT = {
  reconciled: (no: string) => `银行流水${no}已对账，不能删除`,
  badBody: '请求内容应为对象',
} as const;

interface ReceiptRow {
  id: number;
  receiptNo: string;
  ownerCode: string;
  companyCode: string | null;
  payMethod: string;
  status: string;
  amount: string;
  bankFlowId: number | null;
}

/** 认领 into a receipt already registered (the cashier's 待确认 or 已确认 receipt of the same money): linked and confirmed. */
async function claimIntoReceipt(context: Parameters<NonNullable<ModelHooks['beforeWrite']>>[0], flow: LockedFlow, receiptId: number): Promise<number> {
  const { db, user } = context;
  const { rows } = await sql<ReceiptRow>`select id, receipt_no as "receiptNo", owner_code as "ownerCode", company_code as "companyCode", pay_method as "payMethod", status,
      amount::text as amount, bank_flow_id as "bankFlowId" from receipts where id = ${receiptId} for update`.execute(db);
  const receipt = rows[0];
  if (!receipt || receipt.ownerCode !== flow.ownerCode) throw new ApiError('invalidInput', '收款单不存在或不在本店');
  if (receipt.status === RECEIPT_STATUS.void) throw new ApiError('invalidInput', CLAIM_TEXT.receiptVoid(receipt.receiptNo));
  if (receipt.bankFlowId !== null) throw new ApiError('invalidInput', CLAIM_TEXT.receiptClaimed(receipt.receiptNo));
  if ((receipt.companyCode ?? receipt.ownerCode) !== (flow.companyCode ?? flow.ownerCode)) throw new ApiError('invalidInput', CLAIM_TEXT.otherCompany(receipt.receiptNo, flow.flowNo));
  if (receipt.payMethod !== flow.payMethod) throw new ApiError('invalidInput', CLAIM_TEXT.otherMethod(receipt.receiptNo, flow.flowNo));
  const amount = money(receipt.amount);
  if (compareDecimal(amount, flow.unclaimed) > 0) throw new ApiError('invalidInput', CLAIM_TEXT.overFlow(flow.flowNo, yuan(flow.unclaimed)));
  await sql`update receipts set bank_flow_id = ${flow.id}, bank_serial_no = coalesce(bank_serial_no, ${flow.bankSerialNo}),
      quick_pay_serial_no = coalesce(quick_pay_serial_no, ${flow.quickPaySerialNo}), updated_at = ${new Date()}, updated_by = ${user.id} where id = ${receipt.id}`.execute(db);
  if (receipt.status === RECEIPT_STATUS.pending) await context.records!('receipt').transition(receipt.id, 'confirm');
  await addClaim(db, flow.id, amount, user.id);
  return receipt.id;
}

/** 认领 into a new receipt: registered from the flow (its serials, payer, time and channel), confirmed at once. */
async function claimIntoNewReceipt(context: Parameters<NonNullable<ModelHooks['beforeWrite']>>[0], flow: LockedFlow, sent: RecordValues): Promise<number> {
  const { db, user } = context;
  const amount = sent.amount === undefined || sent.amount === null || sent.amount === '' ? flow.unclaimed : money(sent.amount);
  if (compareDecimal(amount, ZERO) <= 0) throw new ApiError('invalidInput', CLAIM_TEXT.notPositive);
  if (compareDecimal(amount, flow.unclaimed) > 0) throw new ApiError('invalidInput', CLAIM_TEXT.overFlow(flow.flowNo, yuan(flow.unclaimed)));
  const receipts = context.records!('receipt');
  const created = await receipts.create({
    companyCode: flow.companyCode,
    customerName: sent.customerName ?? flow.counterparty,
    receiptType: sent.receiptType,
    payMethod: flow.payMethod,
    amount: yuan(amount),
    bankSerialNo: flow.bankSerialNo,
    quickPaySerialNo: flow.quickPaySerialNo,
    sourceNo: sent.sourceNo ?? null,
    receivedAt: formatDateTime(new Date(flow.tradeAt)),
    remark: sent.remark ?? null,
  });
  await sql`update receipts set bank_flow_id = ${flow.id} where id = ${created.id}`.execute(db);
  await receipts.transition(created.id, 'confirm');
  await addClaim(db, flow.id, amount, user.id);
  return created.id;
}

export const bankFlowHooks: ModelHooks<BankFlowRecord> = {
  beforeWrite({ user }, change) {
    if (!change.values.companyCode && user.ownerCode) change.values.companyCode = user.ownerCode;
    for (const problem of serialProblems(change.values.payMethod, change.values.bankSerialNo, change.values.quickPaySerialNo)) change.problems.push(`${change.prefix}${problem}`);
  },

  beforeDelete(_context, record) {
    if (record.reconId !== null && record.reconId !== undefined) throw new ApiError('invalidInput', BANK_FLOW_TEXT.reconciled(String(record.flowNo)));
  },

  calls: {
    /**
     * bankFlows/:id/claim: { receiptId } links an existing receipt of the same money; otherwise a new receipt is
     * registered from the flow for { amount (default: all that is unclaimed), receiptType, customerName, sourceNo, remark }.
     */
    async claim(context, { params, body, reads }) {
      if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) throw new ApiError('invalidInput', BANK_FLOW_TEXT.badBody);
      const sent = (body ?? {}) as RecordValues;
      await reads.get(Number(params.id));
      const flow = await lockFlow(context.db, Number(params.id));
      if (!flow) throw new ApiError('notFound', CLAIM_TEXT.flowMissing);
      if (flow.direction !== FLOW_DIRECTION.in) throw new ApiError('invalidInput', CLAIM_TEXT.outgoing(flow.flowNo));
      const receiptId = sent.receiptId === undefined || sent.receiptId === null || sent.receiptId === '' ? undefined : Number(sent.receiptId);
      const claimed = receiptId !== undefined ? await claimIntoReceipt(context, flow, receiptId) : await claimIntoNewReceipt(context, flow, sent);
      return { flow: await reads.get(flow.id), receipt: await context.records!('receipt').find(claimed) };
    },
  },
};
