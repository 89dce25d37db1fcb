// 应收 needs a hook for what its JSON cannot say: the order theme (订单主体) is the dealer's own company unless the
// posting area names another, a due date cannot come before the day the receivable arose, and 收款并核销 — the
// cashier's one step — registers a confirmed receipt and writes it off against the receivable in one transaction, so a
// payment is either recorded and applied, or not recorded at all. A correction keeps the original as it was posted, the
// cashier's 冲销 (`void`, with its reason) as a posting area's 红字冲销 (`reverse`: 退订, 取消结算): it becomes 已冲销 and a
// reversing receivable mirrors it with the negative amount, so the receivables of a source always sum to what is still
// owed.
import { sql } from 'kysely';
import { compareDecimal } from '../../schemas/expression/decimal';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { ModelHooks, RecordValues } from '../models/modelHooks';
import { RECEIPT_TYPE_OF_SOURCE, RECEIVABLE_STATUS } from '../finance/financeCodes';
import { money, ZERO } from '../finance/money';
import { mirrorReversal, REVERSAL_TEXT } from '../finance/receivableReversal';
import type { ReceivableRecord } from './modelRecords';

export const RECEIVABLE_TEXT = {
  dueBeforeArDate: '到期日期不能早于挂账日期',
  notPayable: (no: string) => `应收单${no}已冲销或已核销，不能收款核销`,
  payMethodMissing: '请选择收款方式',
  badBody: '请求内容应为对象',
} as const;

/** What 收款并核销 takes: the receipt's own fields; amount defaults to the receivable's open amount, the payer to the
 * debtor, the receipt type to the one that pays this kind of receivable. */
const PAY_FIELDS = ['payMethod', 'amount', 'customerName', 'receiptType', 'bankSerialNo', 'quickPaySerialNo', 'receivedAt', 'remark'] as const;

function bodyOf(body: unknown): RecordValues {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) throw new ApiError('invalidInput', RECEIVABLE_TEXT.badBody);
  return (body ?? {}) as RecordValues;
}

/** The states a receivable can still be written off in (`payable=1`, the write-off dialogs' picker). */
const PAYABLE = [RECEIVABLE_STATUS.open, RECEIVABLE_STATUS.partly];

export const receivableHooks: ModelHooks<ReceivableRecord> = {
  filter({ params }, alias) {
    return params.payable === '1' ? [sql<boolean>`${sql.ref(`${alias}.status`)} in (${sql.join(PAYABLE)})`] : [];
  },

  async beforeWrite({ db, user }, change) {
    if (change.op === 'create' && change.values.reversalOfId !== null && change.values.reversalOfId !== undefined) {
      if (change.problems.length === 0) await mirrorReversal(db, change, user.id);
      return;
    }
    const owner = (change.current?.ownerCode as string | undefined) ?? user.ownerCode;
    if (!change.values.companyCode && owner) change.values.companyCode = owner;
    const { arDate, dueDate } = change.values;
    if (arDate && dueDate && dueDate < arDate) change.problems.push(`${change.prefix}${RECEIVABLE_TEXT.dueBeforeArDate}`);
  },

  async afterTransition(context, transition, record) {
    if (transition !== 'reverse' && transition !== 'void') return;
    // Through the engine (its number, the checks of mirrorReversal); the values sent are the original's, mirrored there.
    const { debtorType, debtorName, sourceType, sourceNo, amount, dueDate } = record;
    await context.records!('receivable', { ownerCode: String(record.ownerCode) }).create({ reversalOfId: record.id, debtorType, debtorName, sourceType, sourceNo, amount, dueDate, remark: REVERSAL_TEXT.remark(String(record.arNo)) });
  },

  calls: {
    /** receivables/:id/writeOff: { receiptId, amount } — a receipt's balance (a 预收款) written off against the receivable. */
    async writeOff(context, { params, body, reads }) {
      const sent = bodyOf(body);
      const receivable = await reads.get(Number(params.id));
      const writeOff = await context.records!('writeOff').create({ receivableId: receivable.id, receiptId: sent.receiptId, amount: sent.amount });
      return { receivable: await context.records!('receivable').find(Number(receivable.id)), writeOff };
    },

    /** receivables/:id/payAndWriteOff: a receipt registered, confirmed and written off against the receivable at once. */
    async payAndWriteOff(context, { params, body, reads }) {
      const sent = bodyOf(body);
      const receivable = await reads.get(Number(params.id));
      const open = money(receivable.openAmount);
      if (receivable.status === RECEIVABLE_STATUS.void || compareDecimal(open, ZERO) <= 0) throw new ApiError('invalidInput', RECEIVABLE_TEXT.notPayable(String(receivable.arNo)));
      if (!sent.payMethod) throw new ApiError('invalidInput', RECEIVABLE_TEXT.payMethodMissing);
      const given = Object.fromEntries(PAY_FIELDS.filter((name) => sent[name] !== undefined && sent[name] !== null && sent[name] !== '').map((name) => [name, sent[name]]));
      const records = context.records!;
      const receipt = await records('receipt').create({
        companyCode: receivable.companyCode,
        customerName: receivable.debtorName,
        receiptType: RECEIPT_TYPE_OF_SOURCE[String(receivable.sourceType)],
        amount: receivable.openAmount,
        receivedAt: formatDateTime(new Date()),
        sourceNo: receivable.sourceNo,
        ...given,
      });
      await records('receipt').transition(receipt.id, 'confirm');
      const writeOff = await records('writeOff').create({ receivableId: receivable.id, receiptId: receipt.id, amount: receipt.amount });
      return { receivable: await records('receivable').find(Number(receivable.id)), receipt: await records('receipt').find(receipt.id), writeOff };
    },
  },
};
