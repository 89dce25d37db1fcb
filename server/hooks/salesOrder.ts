// 销售订单 needs a hook for what its JSON cannot say (domain.md §4): an order comes from one valid quotation (the
// quotation's row locked and made 已转订单 in the same transaction, so a quotation makes one order; one whose discount
// waits for its approval, or was rejected, is not valid yet); the vehicle, prices, customer, pay type and loan amount
// are the quotation's, not the request's; the VIN is set only by 配车, which takes a vehicle of the ordered
// configuration and colour from the dealer's stock under its row lock (a VIN in at most one active order); 审核 makes
// the customer 已下订 and posts the order's receivable with its deposits written off
// (server/finance/vehicleSaleReceivable.ts); 收款确认 takes the cashier's word for nothing: it passes only once the
// receivable is fully written off, and what the order has received is what is written off; 交车 happens only through
// a delivery; 完成 registers the plate; 退订 gives the vehicle back to stock and cancels the receivable by its reversing
// entry, refused while money is written off against it (the cashier reverses the write-off and refunds the deposit
// first, so the money is never lost between the two).
import { sql } from 'kysely';
import { registerPlate } from '../data/deliveredVehicles';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { HookContext, ModelHooks, RecordValues } from '../models/modelHooks';
import { yuan, ZERO as ZERO_MONEY } from '../finance/money';
import { orderReceivables, postVehicleSale, receivedOf, reverseVehicleSale, writtenOffByOrder } from '../finance/vehicleSaleReceivable';
import type { SalesOrderRecord } from './modelRecords';
import { PAY_TYPE } from './quotation';
import { codeName, compareDecimal, money, moneyText, POTEN_STATUS, subtractDecimal, sumMoney } from './salesRules';

export const SALES_ORDER_TEXT = {
  quotationRequired: '请选择报价：订单由一份有效的报价生成',
  quotationMissing: '报价不存在或不在本店',
  approving: (no: string) => `报价${no}的优惠正在审批中，审批通过后才能下单`,
  notValid: (no: string, state: string) => `报价${no}当前为“${state}”，只有有效的报价才能下单（优惠超过审批阈值的报价须经销售经理审批通过）`,
  expired: (no: string, day: string) => `报价${no}已于${day}过期，请重新报价`,
  vinByAllocation: '车架号请通过“配车”指定',
  overTotal: (what: string) => `${what}不能超过订单金额`,
  notInStock: (vin: string) => `车辆${vin}不在本店整车库存中`,
  wrongVehicle: (vin: string) => `车辆${vin}的配置或颜色与订单不符`,
  vehicleTaken: (vin: string, soNo: string) => `车辆${vin}已配给订单${soNo}`,
  vehicleState: (vin: string, state: string) => `车辆${vin}当前为“${state}”，不能配车`,
  deliverThroughGiveCar: '请在交车中办理交车',
  notPosted: (soNo: string) => `订单${soNo}没有整车销售应收单，不能确认收款`,
  unpaid: (arNo: string, open: string) => `应收单${arNo}尚有${open}元未收款核销，不能确认收款；请先在收款核销中收款`,
  cancelPaid: (arNo: string, amount: string) => `应收单${arNo}已收款核销${amount}元，不能退订；请先反核销并办理退款`,
  cancelReason: '销售订单退订',
} as const;

const VALID_QUOTATION = '83061001';
const STOCK = { inTransit: '83221001', inStock: '83221002', allocated: '83221003' } as const;
const DELIVERED = '83211002';

/** The dealer's stock row of a VIN, locked for the transaction. */
async function stockOf(context: HookContext, vin: string): Promise<(RecordValues & { id: number }) | undefined> {
  const stock = context.records!('vehicleStock');
  const [id] = await stock.idsWhere({ vin });
  const row = id === undefined ? undefined : await stock.find(id);
  return row ? { ...row, id: Number(row.id) } : undefined;
}

/** The quotation's terms on a new order, its row locked; it becomes 已转订单. */
async function takeQuotation(context: HookContext, values: SalesOrderRecord, problems: string[], prefix: string): Promise<void> {
  if (values.quotationId === null || values.quotationId === undefined) return void problems.push(`${prefix}${SALES_ORDER_TEXT.quotationRequired}`);
  const quotations = context.records!('quotation');
  const quotation = await quotations.find(Number(values.quotationId));
  if (!quotation) return void problems.push(`${prefix}${SALES_ORDER_TEXT.quotationMissing}`);
  const no = String(quotation.quoteNo);
  if (quotation.status !== VALID_QUOTATION) {
    const running = await sql<{ id: number }>`select id from process_instances where model = 'quotation' and record_id = ${Number(quotation.id)} and status = 'running'`.execute(context.db);
    return void problems.push(`${prefix}${running.rows.length > 0 ? SALES_ORDER_TEXT.approving(no) : SALES_ORDER_TEXT.notValid(no, await codeName(context.db, quotation.status))}`);
  }
  const today = formatDateTime(new Date()).slice(0, 10);
  if (String(quotation.validUntil) < today) return void problems.push(`${prefix}${SALES_ORDER_TEXT.expired(no, String(quotation.validUntil))}`);
  Object.assign(values, {
    potenId: quotation.potenId,
    customerName: quotation.customerName,
    phone: quotation.phone,
    consultantId: quotation.consultantId,
    modelCode: quotation.modelCode,
    configId: quotation.configId,
    colorId: quotation.colorId,
    optionIds: quotation.optionIds ?? [],
    vehiclePrice: quotation.guidePrice,
    discount: quotation.discount,
    accessoryAmount: quotation.accessoryAmount,
    // The order pays as quoted: a loan quotation's loan (price − down payment), none for a full payment.
    payType: quotation.payType ?? PAY_TYPE.full,
    loanAmount: quotation.payType === PAY_TYPE.loan ? quotation.loanAmount : '0.00',
  });
  await quotations.transition(Number(quotation.id), 'order');
}

export const salesOrderHooks: ModelHooks<SalesOrderRecord> = {
  async decorate(db, rows) {
    // A write-off between 审核 and 收款确认 is the receivable's, not the order's: the answer shows it all the same.
    const orders = rows.filter((r) => typeof r.ownerCode === 'string' && typeof r.soNo === 'string').map((r) => ({ row: r, ownerCode: String(r.ownerCode), soNo: String(r.soNo) }));
    const written = await writtenOffByOrder(db, orders);
    for (const o of orders) {
      const amount = written.get(`${o.ownerCode}|${o.soNo}`);
      if (amount !== undefined) o.row.receivedAmount = amount;
    }
  },

  async beforeWrite(context, change) {
    const { values } = change;
    if ((values.vin ?? null) !== ((change.current?.vin as string | null | undefined) ?? null)) change.problems.push(`${change.prefix}${SALES_ORDER_TEXT.vinByAllocation}`);
    if (change.op === 'create' && change.problems.length === 0) await takeQuotation(context, values, change.problems, change.prefix);
    // The total was computed from what the request sent; the quotation's terms are the order's.
    const total = subtractDecimal(sumMoney(values.vehiclePrice, values.accessoryAmount), money(values.discount));
    values.totalAmount = moneyText(total);
    if (compareDecimal(money(values.depositAmount), total) > 0) change.problems.push(`${change.prefix}${SALES_ORDER_TEXT.overTotal('定金')}`);
    if (compareDecimal(money(values.loanAmount), total) > 0) change.problems.push(`${change.prefix}${SALES_ORDER_TEXT.overTotal('贷款金额')}`);
  },

  async beforeTransition(context, transition, record, values) {
    const customers = context.records!('potentialCustomer');
    const customer = record.potenId ? await customers.find(Number(record.potenId)) : undefined;
    switch (transition) {
      case 'approve':
        if (customer && (customer.status === POTEN_STATUS.following || customer.status === POTEN_STATUS.dormant)) await customers.transition(Number(customer.id), 'order');
        values.receivedAmount = await postVehicleSale(context, record);
        return;
      case 'allocate': {
        const vin = String(values.vin);
        const stock = await stockOf(context, vin);
        if (!stock) throw new ApiError('invalidInput', SALES_ORDER_TEXT.notInStock(vin));
        if (stock.status === STOCK.allocated) throw new ApiError('invalidInput', SALES_ORDER_TEXT.vehicleTaken(vin, String(stock.soNo ?? '')));
        if (stock.status !== STOCK.inTransit && stock.status !== STOCK.inStock) throw new ApiError('invalidInput', SALES_ORDER_TEXT.vehicleState(vin, await codeName(context.db, stock.status)));
        if (Number(stock.configId) !== Number(record.configId) || Number(stock.colorId) !== Number(record.colorId)) throw new ApiError('invalidInput', SALES_ORDER_TEXT.wrongVehicle(vin));
        await context.records!('vehicleStock').transition(stock.id, 'allocate', { soNo: record.soNo });
        return;
      }
      case 'confirmPayment': {
        const receivables = await orderReceivables(context, record);
        if (receivables.length === 0) throw new ApiError('invalidInput', SALES_ORDER_TEXT.notPosted(String(record.soNo)));
        const unpaid = receivables.find((r) => compareDecimal(r.open, ZERO_MONEY) > 0);
        if (unpaid) throw new ApiError('invalidInput', SALES_ORDER_TEXT.unpaid(unpaid.arNo, yuan(unpaid.open)));
        values.receivedAmount = receivedOf(receivables);
        return;
      }
      case 'deliver': {
        const { rows } = await sql<{ id: number }>`select id from deliveries where sales_order_id = ${Number(record.id)} and status = ${DELIVERED} limit 1`.execute(context.db);
        if (rows.length === 0) throw new ApiError('invalidInput', SALES_ORDER_TEXT.deliverThroughGiveCar);
        return;
      }
      case 'complete':
        if (record.vin) await registerPlate(context.db, String(record.vin), String(values.plateNo));
        return;
      case 'cancel': {
        const receivables = await orderReceivables(context, record);
        const paid = receivables.find((r) => compareDecimal(r.writtenOff, ZERO_MONEY) !== 0);
        if (paid) throw new ApiError('invalidInput', SALES_ORDER_TEXT.cancelPaid(paid.arNo, yuan(paid.writtenOff)));
        await reverseVehicleSale(context, record, receivables, SALES_ORDER_TEXT.cancelReason);
        values.receivedAmount = '0.00';
        if (record.vin) {
          const stock = await stockOf(context, String(record.vin));
          if (stock && stock.status === STOCK.allocated) {
            await context.records!('vehicleStock').transition(stock.id, stock.inStockAt ? 'release' : 'releaseInTransit');
            await context.records!('vehicleStock').update(stock.id, { soNo: null });
          }
        }
        if (customer && customer.status === POTEN_STATUS.ordered) await customers.transition(Number(customer.id), 'unorder');
        return;
      }
    }
  },
};
