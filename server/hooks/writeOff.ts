// 核销 needs a hook: a write-off moves money between two other records, which JSON cannot say. Creating one locks the
// receivable and the receipt (in that order), refuses an amount beyond either's open amount, and posts it into both
// written-off amounts in the same transaction (server/finance/writeOffPosting.ts). 反核销 never edits the posting: the
// original becomes 已冲销 and a reversing write-off (kind 反核销, the negative amount, reversalOfId the original) is
// recorded and posted, so each written-off amount is always the sum of its write-offs. A vehicle sale's write-off is not
// reversed once its order has confirmed the payment (the car is handed over on it).
import { sql } from 'kysely';
import { compareDecimal, subtractDecimal } from '../../schemas/expression/decimal';
import { ApiError } from '../http/errors';
import type { ModelHooks, RecordValues, WriteChange } from '../models/modelHooks';
import { WRITE_OFF_KIND, WRITE_OFF_STATUS } from '../finance/financeCodes';
import { money, yuan, ZERO } from '../finance/money';
import { confirmedOrderOf } from '../finance/vehicleSaleReceivable';
import { lockReceipt, lockReceivable, postWriteOff, writeOffProblem, WRITE_OFF_TEXT } from '../finance/writeOffPosting';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { WriteOffRecord } from './modelRecords';

interface OriginalRow {
  id: number;
  writeOffNo: string;
  ownerCode: string;
  receivableId: number;
  receiptId: number;
  amount: string;
  kind: string;
  status: string;
}

async function lockOriginal(db: Kysely<Database>, id: number): Promise<OriginalRow | undefined> {
  const { rows } = await sql<OriginalRow>`select id, write_off_no as "writeOffNo", owner_code as "ownerCode", receivable_id as "receivableId", receipt_id as "receiptId",
      amount::text as amount, kind, status from write_offs where id = ${id} for update`.execute(db);
  return rows[0];
}

/** A reversing write-off: only of an original just reversed (已冲销, 核销, no reversal yet), mirroring it exactly. */
async function checkReversal(db: Kysely<Database>, change: WriteChange<WriteOffRecord>, ownerCode: string | null): Promise<void> {
  const original = await lockOriginal(db, Number(change.values.reversalOfId));
  const refuse = (message: string): void => void change.problems.push(`${change.prefix}${message}`);
  if (!original || (ownerCode !== null && original.ownerCode !== ownerCode)) return refuse(WRITE_OFF_TEXT.originalMissing);
  if (original.kind !== WRITE_OFF_KIND.writeOff || original.status !== WRITE_OFF_STATUS.reversed) return refuse(WRITE_OFF_TEXT.notReversible(original.writeOffNo));
  const { rows } = await sql`select 1 from write_offs where reversal_of_id = ${original.id} limit 1`.execute(db);
  if (rows.length > 0) return refuse(WRITE_OFF_TEXT.reversedTwice(original.writeOffNo));
  const mirrored = subtractDecimal(ZERO, money(original.amount));
  if (Number(change.values.receivableId) !== Number(original.receivableId) || Number(change.values.receiptId) !== Number(original.receiptId) || compareDecimal(money(change.values.amount), mirrored) !== 0) {
    return refuse(WRITE_OFF_TEXT.reversalMismatch);
  }
  change.values.kind = WRITE_OFF_KIND.reversal;
  change.values.status = WRITE_OFF_STATUS.reversed;
}

export const writeOffHooks: ModelHooks<WriteOffRecord> = {
  async beforeWrite({ db, user }, change) {
    if (change.problems.length > 0 || change.op !== 'create') return;
    if (change.values.reversalOfId !== null && change.values.reversalOfId !== undefined) return checkReversal(db, change, user.ownerCode);
    // Receivable first, then receipt: the order every posting locks them in.
    const receivable = await lockReceivable(db, Number(change.values.receivableId));
    const receipt = await lockReceipt(db, Number(change.values.receiptId));
    if (!receivable) return void change.problems.push(`${change.prefix}${WRITE_OFF_TEXT.receivableMissing}`);
    if (!receipt) return void change.problems.push(`${change.prefix}${WRITE_OFF_TEXT.receiptMissing}`);
    const problem = writeOffProblem(receivable, receipt, money(change.values.amount));
    if (problem) change.problems.push(`${change.prefix}${problem}`);
    change.values.kind = WRITE_OFF_KIND.writeOff;
  },

  async afterWrite({ db, user }, record, op) {
    if (op !== 'create') return;
    // The write-off is the dealer's whose receivable and receipt it joins (checked above for both).
    const { rows } = await sql<{ same: boolean }>`select w.owner_code = r.owner_code as same from write_offs w join receivables r on r.id = w.receivable_id where w.id = ${record.id}`.execute(db);
    if (!rows[0]?.same) throw new ApiError('invalidInput', WRITE_OFF_TEXT.otherDealer);
    await postWriteOff(db, Number(record.receivableId), Number(record.receiptId), money(record.amount), user.id);
  },

  async beforeTransition({ db }, transition, record) {
    if (transition !== 'reverse') return;
    // A sale whose payment is confirmed goes on to its hand-over on what was written off; taking it back is refused.
    const soNo = await confirmedOrderOf(db, Number(record.receivableId));
    if (soNo) throw new ApiError('invalidInput', WRITE_OFF_TEXT.orderPaid(soNo));
  },

  async afterTransition(context, transition, record) {
    if (transition !== 'reverse') return;
    // The reversing posting, through the engine (its number, its checks above, its posting in afterWrite).
    const reversal: RecordValues = {
      receivableId: record.receivableId,
      receiptId: record.receiptId,
      amount: yuan(subtractDecimal(ZERO, money(record.amount))),
      reversalOfId: record.id,
      reverseReason: record.reverseReason,
    };
    await context.records!('writeOff').create(reversal);
  },
};
