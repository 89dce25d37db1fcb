// 收款单 needs a hook for what its JSON cannot say: the order theme (订单主体) defaults to the dealer's own company, the
// serial numbers must be in the format of the way the money came (server/finance/serialNumbers.ts), and 作废 must leave
// the other records right: a receipt already reconciled or with a refund under way is not voided, and a receipt claimed
// from a bank flow gives its amount back to the flow's unclaimed amount.
import { sql } from 'kysely';
import { ApiError } from '../http/errors';
import type { ModelHooks } from '../models/modelHooks';
import { releaseClaim } from '../finance/flowClaims';
import { serialProblems } from '../finance/serialNumbers';
import type { ReceiptRecord } from './modelRecords';

export const RECEIPT_TEXT = {
  reconciled: (no: string) => `收款单${no}已对账，不能作废`,
  refundOpen: (no: string) => `收款单${no}有未完成的退款申请，不能作废`,
} as const;

/** 待审核 and 已审核: a refund asked or approved and not paid or rejected yet. */
const OPEN_REFUNDS = ['81051001', '81051002'];

export const receiptHooks: ModelHooks<ReceiptRecord> = {
  beforeWrite({ user }, change) {
    const owner = (change.current?.ownerCode as string | undefined) ?? user.ownerCode;
    if (!change.values.companyCode && owner) change.values.companyCode = owner;
    for (const problem of serialProblems(change.values.payMethod, change.values.bankSerialNo, change.values.quickPaySerialNo)) change.problems.push(`${change.prefix}${problem}`);
  },

  async beforeTransition({ db, user }, transition, record) {
    if (transition !== 'void') return;
    const no = String(record.receiptNo);
    if (record.reconId !== null && record.reconId !== undefined) throw new ApiError('invalidInput', RECEIPT_TEXT.reconciled(no));
    const { rows } = await sql`select 1 from refunds where receipt_id = ${Number(record.id)} and status in (${sql.join(OPEN_REFUNDS)}) limit 1`.execute(db);
    if (rows.length > 0) throw new ApiError('invalidInput', RECEIPT_TEXT.refundOpen(no));
    if (record.bankFlowId !== null && record.bankFlowId !== undefined) await releaseClaim(db, Number(record.bankFlowId), String(record.amount), user.id);
  },
};
