// 整车预售 needs a hook for what its JSON cannot say: the deposit cannot exceed the presale price, and the receipt named
// as the deposit must be a confirmed 整车定金 receipt of at least the deposit, not already the deposit of another presale.
import { sql } from 'kysely';
import { compareDecimal } from '../../schemas/expression/decimal';
import type { ModelHooks } from '../models/modelHooks';
import { RECEIPT_STATUS, RECEIPT_TYPE } from '../finance/financeCodes';
import { money } from '../finance/money';
import type { VehicleAdvanceSaleRecord } from './modelRecords';

export const ADVANCE_SALE_TEXT = {
  depositOverPrice: '定金不能超过预售价格',
  receiptNotDeposit: (no: string) => `收款单${no}不是已确认的整车定金收款单`,
  receiptTooSmall: (no: string) => `收款单${no}的金额少于定金`,
  receiptUsed: (no: string, presaleNo: string) => `收款单${no}已是预售单${presaleNo}的定金`,
} as const;

export const vehicleAdvanceSaleHooks: ModelHooks<VehicleAdvanceSaleRecord> = {
  async beforeWrite({ db }, change) {
    const { values } = change;
    const problem = (message: string): void => void change.problems.push(`${change.prefix}${message}`);
    if (compareDecimal(money(values.depositAmount), money(values.presalePrice)) > 0) problem(ADVANCE_SALE_TEXT.depositOverPrice);
    if (values.receiptId === null || values.receiptId === undefined) return;
    const { rows } = await sql<{ receiptNo: string; status: string; receiptType: string; amount: string }>`select receipt_no as "receiptNo", status, receipt_type as "receiptType", amount::text as amount
      from receipts where id = ${Number(values.receiptId)}`.execute(db);
    const receipt = rows[0];
    if (!receipt) return;
    if (receipt.status !== RECEIPT_STATUS.confirmed || receipt.receiptType !== RECEIPT_TYPE.vehicleDeposit) return problem(ADVANCE_SALE_TEXT.receiptNotDeposit(receipt.receiptNo));
    if (compareDecimal(money(receipt.amount), money(values.depositAmount)) < 0) problem(ADVANCE_SALE_TEXT.receiptTooSmall(receipt.receiptNo));
    const other = await sql<{ presaleNo: string }>`select presale_no as "presaleNo" from vehicle_advance_sales where receipt_id = ${Number(values.receiptId)} and id <> ${Number(change.current?.id ?? 0)} limit 1`.execute(db);
    if (other.rows[0]) problem(ADVANCE_SALE_TEXT.receiptUsed(receipt.receiptNo, other.rows[0].presaleNo));
  },
};
