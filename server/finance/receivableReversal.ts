// 红字冲销 of a receivable: the reversing entry mirrors an original that has just been made 已冲销 and has no reversal
// yet, taking every figure from the original row (locked) rather than from what was sent, so a reversal can only ever
// cancel exactly one posting once.
import { sql, type Kysely } from 'kysely';
import { subtractDecimal } from '../../schemas/expression/decimal';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import type { RecordValues, WriteChange } from '../models/modelHooks';
import { RECEIVABLE_STATUS } from './financeCodes';
import { money, yuan, ZERO } from './money';

export const REVERSAL_TEXT = {
  originalMissing: '原应收单不存在或不在本店',
  notReversible: (no: string) => `应收单${no}不是已冲销的原应收单，不能记红字冲销`,
  reversedTwice: (no: string) => `应收单${no}已有红字冲销记录`,
  remark: (no: string) => `红字冲销应收单${no}`,
} as const;

interface OriginalRow {
  id: number;
  arNo: string;
  ownerCode: string;
  companyCode: string | null;
  debtorType: string;
  debtorName: string;
  sourceType: string;
  sourceNo: string;
  amount: string;
  status: string;
  reversalOfId: number | null;
  voidReason: string | null;
}

/** Completes a reversing receivable from its original, or adds why it cannot be one. */
export async function mirrorReversal(db: Kysely<Database>, change: WriteChange<RecordValues>, userId: number): Promise<void> {
  const refuse = (message: string): void => void change.problems.push(`${change.prefix}${message}`);
  const { rows } = await sql<OriginalRow>`select id, ar_no as "arNo", owner_code as "ownerCode", company_code as "companyCode", debtor_type as "debtorType", debtor_name as "debtorName",
      source_type as "sourceType", source_no as "sourceNo", amount::text as amount, status,
      reversal_of_id as "reversalOfId", void_reason as "voidReason" from receivables where id = ${Number(change.values.reversalOfId)} for update`.execute(db);
  const original = rows[0];
  if (!original || (change.ownerCode !== undefined && original.ownerCode !== change.ownerCode)) return refuse(REVERSAL_TEXT.originalMissing);
  if (original.status !== RECEIVABLE_STATUS.void || original.reversalOfId !== null) return refuse(REVERSAL_TEXT.notReversible(original.arNo));
  const { rows: earlier } = await sql`select 1 from receivables where reversal_of_id = ${original.id} limit 1`.execute(db);
  if (earlier.length > 0) return refuse(REVERSAL_TEXT.reversedTwice(original.arNo));
  const negative = yuan(subtractDecimal(ZERO, money(original.amount)));
  const now = formatDateTime(new Date());
  Object.assign(change.values, {
    companyCode: original.companyCode,
    debtorType: original.debtorType,
    debtorName: original.debtorName,
    sourceType: original.sourceType,
    sourceNo: original.sourceNo,
    amount: negative,
    writtenOffAmount: '0.00',
    openAmount: negative,
    arDate: now.slice(0, 10),
    dueDate: now.slice(0, 10),
    status: RECEIVABLE_STATUS.void,
    voidReason: original.voidReason,
    voidedAt: now,
    voidedBy: userId,
  });
}
