// A bank flow's claimed amount (认领): what receipts took from it, 0 ≤ claimed ≤ amount, with its state following
// (未认领 at 0, 已认领 at the amount, 部分认领 between). The flow's row is locked before a claim reads it; the update is
// also conditional on the invariant, so a claim that would break it changes nothing.
import { sql, type Kysely } from 'kysely';
import type { Decimal } from '../../schemas/expression/decimal';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { FLOW_STATUS } from './financeCodes';
import { money, yuan } from './money';

export const CLAIM_TEXT = {
  flowMissing: '银行流水不存在或不在本店',
  outgoing: (no: string) => `银行流水${no}是支出，不能认领`,
  notPositive: '认领金额应大于0',
  overFlow: (no: string, left: string) => `认领金额超过银行流水${no}的未认领金额${left}元`,
  receiptClaimed: (no: string) => `收款单${no}已认领过银行流水`,
  receiptVoid: (no: string) => `收款单${no}已作废，不能认领`,
  otherCompany: (receiptNo: string, flowNo: string) => `收款单${receiptNo}与银行流水${flowNo}的主体不一致，不能认领`,
  otherMethod: (receiptNo: string, flowNo: string) => `收款单${receiptNo}与银行流水${flowNo}的收款方式不一致，不能认领`,
  claimRefused: '认领金额与流水余额不符，未记账，请刷新后重试',
} as const;

export interface LockedFlow {
  id: number;
  flowNo: string;
  ownerCode: string;
  companyCode: string | null;
  direction: string;
  payMethod: string;
  amount: Decimal;
  unclaimed: Decimal;
  bankSerialNo: string;
  quickPaySerialNo: string | null;
  counterparty: string | null;
  tradeAt: Date;
}

export async function lockFlow(db: Kysely<Database>, id: number): Promise<LockedFlow | undefined> {
  const { rows } = await sql<Omit<LockedFlow, 'amount' | 'unclaimed'> & { amount: string; unclaimed: string }>`
    select id, flow_no as "flowNo", owner_code as "ownerCode", company_code as "companyCode", direction, pay_method as "payMethod", amount::text as amount,
      (amount - claimed_amount)::text as unclaimed, bank_serial_no as "bankSerialNo", quick_pay_serial_no as "quickPaySerialNo", counterparty, trade_at as "tradeAt"
    from bank_flows where id = ${id} for update`.execute(db);
  const row = rows[0];
  return row && { ...row, id: Number(row.id), amount: money(row.amount), unclaimed: money(row.unclaimed) };
}

/** Adds `amount` (negative: given back) to the flow's claimed amount; refused when it would leave 0..amount. */
async function moveClaim(db: Kysely<Database>, flowId: number, amount: string, userId: number): Promise<void> {
  const { rows } = await sql`update bank_flows set
      claimed_amount = claimed_amount + ${amount}::numeric,
      unclaimed_amount = amount - (claimed_amount + ${amount}::numeric),
      status = case when claimed_amount + ${amount}::numeric = 0 then ${FLOW_STATUS.unclaimed}
                    when claimed_amount + ${amount}::numeric = amount then ${FLOW_STATUS.claimed}
                    else ${FLOW_STATUS.partly} end,
      updated_at = ${new Date()}, updated_by = ${userId}
    where id = ${flowId} and claimed_amount + ${amount}::numeric >= 0 and claimed_amount + ${amount}::numeric <= amount
    returning id`.execute(db);
  if (rows.length !== 1) throw new ApiError('conflict', CLAIM_TEXT.claimRefused);
}

export const addClaim = (db: Kysely<Database>, flowId: number, amount: Decimal, userId: number) => moveClaim(db, flowId, yuan(amount), userId);

/** A voided receipt's claim given back to its flow. */
export const releaseClaim = (db: Kysely<Database>, flowId: number, amount: string, userId: number) => moveClaim(db, flowId, yuan(money(`-${amount}`)), userId);
