// 出厂 (domain.md §1): the car leaves once its customer has paid what the settlement asked (the receivable written off
// at the cashier), or on credit (挂账出厂) by 审核人 or the repair manager, who gives the reason and answers for it.
// Insurers and the manufacturer pay later; their receivables never hold a car.
import { sql } from 'kysely';
import { ApiError } from '../../http/errors';
import type { HookContext, RecordValues } from '../../models/modelHooks';
import { DEBTOR_TYPE, RECEIVABLE_STATUS, SOURCE_TYPE } from '../../finance/financeCodes';
import { fenText, units } from './money';
import { isReviewer } from './orderState';
import { REPAIR_TEXT } from './repairRules';

export async function checkRelease(context: HookContext, order: RecordValues, onCredit: boolean): Promise<void> {
  const { db, user } = context;
  if (onCredit) {
    if (!(await isReviewer(db, user))) throw new ApiError('forbidden', REPAIR_TEXT.creditNeedsManager);
    return;
  }
  // Locked, so a 反核销 arriving meanwhile waits until the car has left on what was paid when it left.
  const { rows } = await sql<{ arNo: string; open: string }>`select ar_no as "arNo", (amount - written_off_amount)::text as open from receivables
    where owner_code = ${String(order.ownerCode)} and source_no = ${String(order.roNo)} and source_type = ${SOURCE_TYPE.repairSettlement}
      and debtor_type = ${DEBTOR_TYPE.customer} and status <> ${RECEIVABLE_STATUS.void} order by id for update`.execute(db);
  const unpaid = rows.find((r) => units(r.open, 2) > 0);
  if (unpaid) throw new ApiError('invalidInput', REPAIR_TEXT.releaseUnpaid(unpaid.arNo, fenText(units(unpaid.open, 2))));
}
