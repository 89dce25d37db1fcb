// A write-off's money: what a receivable and a receipt can still take, read with their rows locked, and the posting that
// moves an amount (negative for a reversal) into both written-off amounts. Rows are always locked receivable first, then
// receipt, so two postings never wait on each other in a circle; each update is also conditional on the invariant
// (0 ≤ receivable.writtenOff ≤ amount, receipt balance ≥ 0), so a posting that would break it changes nothing.
import { sql, type Kysely } from 'kysely';
import { compareDecimal, subtractDecimal, type Decimal } from '../../schemas/expression/decimal';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { RECEIPT_STATUS, RECEIVABLE_STATUS, REFUND_APPROVED } from './financeCodes';
import { money, yuan, ZERO } from './money';

export const WRITE_OFF_TEXT = {
  receivableMissing: '应收单不存在或不在本店',
  receiptMissing: '收款单不存在或不在本店',
  notPositive: '核销金额应大于0',
  receivableVoid: (no: string) => `应收单${no}已冲销，不能核销`,
  receiptNotConfirmed: (no: string) => `收款单${no}未确认或已作废，不能核销`,
  otherDealer: '收款单与应收单不属于同一经销商，不能核销',
  otherCompany: (receiptNo: string, arNo: string) => `收款单${receiptNo}与应收单${arNo}的订单主体不一致，不能核销`,
  overReceivable: (no: string, open: string) => `核销金额超过应收单${no}的未核销金额${open}元`,
  overReceipt: (no: string, left: string) => `核销金额超过收款单${no}的可核销余额${left}元`,
  originalMissing: '原核销单不存在或不在本店',
  notReversible: (no: string) => `核销单${no}不是已反核销的原核销单，不能记反核销`,
  reversedTwice: (no: string) => `核销单${no}已有反核销记录`,
  reversalMismatch: '反核销的应收单、收款单与金额应与原核销单一致',
  postingRefused: '核销金额与单据余额不符，未记账，请刷新后重试',
  orderPaid: (soNo: string) => `销售订单${soNo}已确认收款，不能反核销`,
} as const;

export interface LockedReceivable {
  id: number;
  arNo: string;
  ownerCode: string;
  companyCode: string | null;
  status: string;
  amount: Decimal;
  open: Decimal;
}

export interface LockedReceipt {
  id: number;
  receiptNo: string;
  ownerCode: string;
  companyCode: string | null;
  status: string;
  /** What a write-off may take: the balance less the refunds approved and not yet paid (they hold their amount). */
  available: Decimal;
}

/** The receivable with its row locked until the transaction ends; undefined when there is none. */
export async function lockReceivable(db: Kysely<Database>, id: number): Promise<LockedReceivable | undefined> {
  const { rows } = await sql<{ id: number; arNo: string; ownerCode: string; companyCode: string | null; status: string; amount: string; open: string }>`
    select id, ar_no as "arNo", owner_code as "ownerCode", company_code as "companyCode", status, amount::text as amount, (amount - written_off_amount)::text as open
    from receivables where id = ${id} for update`.execute(db);
  const row = rows[0];
  return row && { ...row, id: Number(row.id), amount: money(row.amount), open: money(row.open) };
}

/** The receipt with its row locked until the transaction ends; undefined when there is none. */
export async function lockReceipt(db: Kysely<Database>, id: number): Promise<LockedReceipt | undefined> {
  const { rows } = await sql<{ id: number; receiptNo: string; ownerCode: string; companyCode: string | null; status: string; balance: string }>`
    select id, receipt_no as "receiptNo", owner_code as "ownerCode", company_code as "companyCode", status, (amount - written_off_amount - refunded_amount)::text as balance
    from receipts where id = ${id} for update`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const held = await sql<{ held: string }>`select coalesce(sum(amount), 0)::text as held from refunds where receipt_id = ${id} and status = ${REFUND_APPROVED}`.execute(db);
  return { ...row, id: Number(row.id), available: subtractDecimal(money(row.balance), money(held.rows[0]?.held)) };
}

/** Why `amount` cannot be written off from `receipt` against `receivable` (both locked), or undefined when it can. */
export function writeOffProblem(receivable: LockedReceivable, receipt: LockedReceipt, amount: Decimal): string | undefined {
  if (compareDecimal(amount, ZERO) <= 0) return WRITE_OFF_TEXT.notPositive;
  if (receivable.ownerCode !== receipt.ownerCode) return WRITE_OFF_TEXT.otherDealer;
  if (receivable.status === RECEIVABLE_STATUS.void) return WRITE_OFF_TEXT.receivableVoid(receivable.arNo);
  if (receipt.status !== RECEIPT_STATUS.confirmed) return WRITE_OFF_TEXT.receiptNotConfirmed(receipt.receiptNo);
  if ((receivable.companyCode ?? receivable.ownerCode) !== (receipt.companyCode ?? receipt.ownerCode)) return WRITE_OFF_TEXT.otherCompany(receipt.receiptNo, receivable.arNo);
  if (compareDecimal(amount, receivable.open) > 0) return WRITE_OFF_TEXT.overReceivable(receivable.arNo, yuan(receivable.open));
  if (compareDecimal(amount, receipt.available) > 0) return WRITE_OFF_TEXT.overReceipt(receipt.receiptNo, yuan(receipt.available));
  return undefined;
}

/**
 * Moves `amount` (negative: a reversal) into the receivable's and the receipt's written-off amounts, with the
 * receivable's state following (未核销 at 0, 已核销 at its amount, 部分核销 between). Refused, nothing changed, when
 * either update would break its invariant.
 */
export async function postWriteOff(db: Kysely<Database>, receivableId: number, receiptId: number, amount: Decimal, userId: number): Promise<void> {
  const value = yuan(amount);
  const now = new Date();
  const receivable = await sql`update receivables set
      written_off_amount = written_off_amount + ${value}::numeric,
      open_amount = amount - (written_off_amount + ${value}::numeric),
      status = case when written_off_amount + ${value}::numeric = 0 then ${RECEIVABLE_STATUS.open}
                    when written_off_amount + ${value}::numeric = amount then ${RECEIVABLE_STATUS.writtenOff}
                    else ${RECEIVABLE_STATUS.partly} end,
      updated_at = ${now}, updated_by = ${userId}
    where id = ${receivableId} and status <> ${RECEIVABLE_STATUS.void}
      and written_off_amount + ${value}::numeric >= 0 and written_off_amount + ${value}::numeric <= amount
    returning id`.execute(db);
  const receipt = await sql`update receipts set
      written_off_amount = written_off_amount + ${value}::numeric,
      balance = amount - (written_off_amount + ${value}::numeric) - refunded_amount,
      updated_at = ${now}, updated_by = ${userId}
    where id = ${receiptId} and written_off_amount + ${value}::numeric >= 0
      and amount - (written_off_amount + ${value}::numeric) - refunded_amount >= 0
    returning id`.execute(db);
  if (receivable.rows.length !== 1 || receipt.rows.length !== 1) throw new ApiError('conflict', WRITE_OFF_TEXT.postingRefused);
}
