// 配件发票登记 needs a hook (domain.md §2): the invoice's 入库成本 is not what the clerk types but the cost the named
// purchase in-orders were received at, read under their row locks; an in-order is on one supplier invoice at most, so
// two registrations of the same in-order at once cannot both pass (the second waits for the first's lock and then sees
// its registration). JSON can say neither the cross-model sum nor the once-only rule.
import { addDecimal } from '../../schemas/expression/decimal';
import { money, yuan, ZERO } from '../finance/money';
import type { ModelHooks } from '../models/modelHooks';
import type { PartInvoiceRegisterRecord } from './modelRecords';
import { IN_STATUS, IN_TYPE, invoiceRegisterOf } from './partInOrder';

export const PART_INVOICE_TEXT = {
  inOrdersRequired: '请填写发票所对的入库单号',
  unknown: (inNo: string) => `入库单${inNo}不存在或不在本店`,
  notPurchase: (inNo: string) => `入库单${inNo}不是采购入库，不能登记供应商发票`,
  notReceived: (inNo: string) => `入库单${inNo}尚未入库，不能登记发票`,
  taken: (inNo: string, registerNo: string) => `入库单${inNo}已登记在配件发票${registerNo}中`,
} as const;

export const partInvoiceRegisterHooks: ModelHooks<PartInvoiceRegisterRecord> = {
  async beforeWrite(context, change) {
    const { values, problems, prefix } = change;
    const named = values.inOrderNos;
    if (named === undefined || (change.op === 'update' && change.input.inOrderNos === undefined)) return;
    const inNos = [...new Set((named ?? []).map((no) => String(no).trim()).filter((no) => no !== ''))];
    values.inOrderNos = inNos;
    if (inNos.length === 0) return void problems.push(`${prefix}${PART_INVOICE_TEXT.inOrdersRequired}`);
    const inOrders = context.records!('partInOrder');
    let cost = ZERO;
    // In number order, so two registrations naming the same in-orders take their locks in the same order.
    for (const inNo of [...inNos].sort()) {
      const [id] = await inOrders.idsWhere({ inNo });
      const order = id === undefined ? undefined : await inOrders.find(id);
      if (!order) {
        problems.push(`${prefix}${PART_INVOICE_TEXT.unknown(inNo)}`);
        continue;
      }
      if (order.inType !== IN_TYPE.purchase) problems.push(`${prefix}${PART_INVOICE_TEXT.notPurchase(inNo)}`);
      else if (order.status !== IN_STATUS.received) problems.push(`${prefix}${PART_INVOICE_TEXT.notReceived(inNo)}`);
      cost = addDecimal(cost, money(order.totalAmount));
      const registerNo = await invoiceRegisterOf(context.db, String(order.ownerCode), inNo, Number(change.current?.id ?? 0));
      if (registerNo) problems.push(`${prefix}${PART_INVOICE_TEXT.taken(inNo, registerNo)}`);
    }
    values.inOrderAmount = yuan(cost);
  },
};
