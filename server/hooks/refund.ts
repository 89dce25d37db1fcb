// 退款 needs a hook: a refund draws on another record's money, which JSON cannot say. A receipt's balance = amount −
// writtenOffAmount − refundedAmount never goes below zero (domain.md §2): a refund asked above what the receipt can
// still give is refused, its approval (the process's end performs 提交审核) is refused when the refunds approved
// meanwhile leave too little, and 确认退款 moves the amount into the receipt's refundedAmount. Each check locks the
// receipt's row first, so refunds of one receipt approved or paid at once are checked one after the other.
import { sql, type Kysely } from 'kysely';
import { compareDecimal, decimalText, subtractDecimal, toDecimal, type Decimal } from '../../schemas/expression/decimal';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { ModelHooks } from '../models/modelHooks';
import type { RefundRecord } from './modelRecords';

const RECEIPT_CONFIRMED = '81031002';
/** 已审核: approved, not paid yet; its amount is held on the receipt. */
const REFUND_APPROVED = '81051002';

export const REFUND_TEXT = {
  receiptMissing: '收款单不存在或不在本店',
  receiptNotConfirmed: (no: string) => `收款单${no}未确认或已作废，不能退款`,
  overBalance: (no: string, available: string) => `退款金额超过收款单${no}的可退余额${available}元`,
} as const;

const ZERO: Decimal = { units: 0n, scale: 2 };
const money = (value: unknown): Decimal => toDecimal(value) ?? ZERO;

interface ReceiptRow {
  id: number;
  receiptNo: string;
  ownerCode: string;
  status: string;
  balance: string;
}

/** The receipt, its row locked until the transaction ends. */
async function lockReceipt(db: Kysely<Database>, id: number, ownerCode: string | null): Promise<ReceiptRow> {
  const { rows } = await sql<ReceiptRow>`select id, receipt_no as "receiptNo", owner_code as "ownerCode", status, (amount - written_off_amount - refunded_amount)::text as balance
    from receipts where id = ${id} for update`.execute(db);
  const receipt = rows[0];
  if (!receipt || receipt.ownerCode !== ownerCode) throw new ApiError('invalidInput', REFUND_TEXT.receiptMissing);
  return receipt;
}

/** What the receipt can still give to `refundId`: its balance less the refunds of it approved and not yet paid. */
async function available(db: Kysely<Database>, receipt: ReceiptRow, refundId: number | null): Promise<Decimal> {
  const { rows } = await sql<{ held: string | null }>`select coalesce(sum(amount), 0)::text as held from refunds
    where receipt_id = ${receipt.id} and status = ${REFUND_APPROVED} and id <> ${refundId ?? 0}`.execute(db);
  return subtractDecimal(money(receipt.balance), money(rows[0]?.held));
}

async function refuseAboveBalance(db: Kysely<Database>, receipt: ReceiptRow, refundId: number | null, amount: unknown): Promise<void> {
  if (receipt.status !== RECEIPT_CONFIRMED) throw new ApiError('invalidInput', REFUND_TEXT.receiptNotConfirmed(receipt.receiptNo));
  const left = await available(db, receipt, refundId);
  if (compareDecimal(money(amount), left) > 0) throw new ApiError('invalidInput', REFUND_TEXT.overBalance(receipt.receiptNo, decimalText(left, 2)));
}

export const refundHooks: ModelHooks<RefundRecord> = {
  async beforeWrite({ db, user }, change) {
    if (change.problems.length > 0) return;
    const ownerCode = (change.current?.ownerCode as string | undefined) ?? user.ownerCode;
    const receipt = await lockReceipt(db, Number(change.values.receiptId ?? change.current?.receiptId), ownerCode);
    await refuseAboveBalance(db, receipt, change.current ? Number(change.current.id) : null, change.values.amount);
  },

  async beforeTransition({ db }, transition, record) {
    const receipt = await lockReceipt(db, Number(record.receiptId), String(record.ownerCode));
    const id = Number(record.id);
    if (transition === 'submit') {
      // The approval's end: other refunds of the receipt may have been approved since this one was asked.
      await refuseAboveBalance(db, receipt, id, record.amount);
      return;
    }
    if (transition !== 'pay') return;
    // Paid: the amount leaves the receipt (its hold as an approved refund ends with the state).
    if (compareDecimal(money(record.amount), money(receipt.balance)) > 0) throw new ApiError('invalidInput', REFUND_TEXT.overBalance(receipt.receiptNo, decimalText(money(receipt.balance), 2)));
    const amount = decimalText(money(record.amount), 2);
    await sql`update receipts set refunded_amount = refunded_amount + ${amount}::numeric, balance = amount - written_off_amount - (refunded_amount + ${amount}::numeric), updated_at = ${new Date()} where id = ${receipt.id}`.execute(db);
  },
};
