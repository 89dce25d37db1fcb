// A finance clerk's home figures (finance homePage/financeSum) over the dealers of the clerk's data scope: open
// receivables, today's confirmed receipts, bank flows not reconciled, refunds waiting in their approval. Amounts are
// summed by the database and handed on as exact decimal text (server/finance/money.ts), never through a JS float.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionUser } from '../http/session';
import { money, yuan } from '../finance/money';
import type { FinanceHomeSum } from '../../schemas/api/home';
import { requireFinanceClerk } from './homeAudience';
import { homePeriods } from './homePeriod';
import { ownerScope } from './scope';

/** Status and direction codes of models/finance (dictionaries 8108, 8103, 8114). */
const RECEIVABLE_OPEN = ['81081001', '81081002'];
const RECEIPT_CONFIRMED = '81031002';
const FLOW_INCOMING = '81141001';

interface SumRow extends Omit<FinanceHomeSum, 'openReceivableAmount' | 'receiptAmountToday'> {
  openReceivableAmount: string | number;
  receiptAmountToday: string | number;
}

/** Yuan with two places from the driver's numeric text (the sums are cast to text so no driver makes them floats). */
const yuanText = (value: string | number): string => yuan(money(String(value)));

export async function financeHomeSum(db: Kysely<Database>, user: SessionUser, now = new Date()): Promise<FinanceHomeSum> {
  await requireFinanceClerk(db, user);
  const owners = sql.join(await ownerScope(db, user));
  const p = homePeriods(now);
  const { rows } = await sql<SumRow>`select
      (select count(*) from receivables where owner_code in (${owners}) and status in (${sql.join(RECEIVABLE_OPEN)}))::int as open_receivables,
      (select coalesce(sum(open_amount), 0)::text from receivables where owner_code in (${owners}) and status in (${sql.join(RECEIVABLE_OPEN)})) as open_receivable_amount,
      (select count(*) from receipts where owner_code in (${owners}) and status = ${RECEIPT_CONFIRMED} and received_at >= ${p.dayStart} and received_at < ${p.dayEnd})::int as receipts_today,
      (select coalesce(sum(amount), 0)::text from receipts where owner_code in (${owners}) and status = ${RECEIPT_CONFIRMED} and received_at >= ${p.dayStart} and received_at < ${p.dayEnd}) as receipt_amount_today,
      (select count(*) from bank_flows where owner_code in (${owners}) and direction = ${FLOW_INCOMING} and recon_id is null)::int as unreconciled_bank_flows,
      (select count(*) from refunds f where f.owner_code in (${owners})
        and exists (select 1 from process_instances i where i.model = 'refund' and i.record_id = f.id and i.status = 'running'))::int as refunds_awaiting_approval`.execute(db);
  const row = rows[0]!;
  return {
    openReceivables: Number(row.openReceivables),
    openReceivableAmount: yuanText(row.openReceivableAmount),
    receiptsToday: Number(row.receiptsToday),
    receiptAmountToday: yuanText(row.receiptAmountToday),
    unreconciledBankFlows: Number(row.unreconciledBankFlows),
    refundsAwaitingApproval: Number(row.refundsAwaitingApproval),
  };
}
