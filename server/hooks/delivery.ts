// 交车 needs a hook for what its JSON cannot say (domain.md §4, GiveCar): a delivery is of an order whose vehicle is
// allocated (the order's row locked: one open delivery per order, none after the car is delivered); it takes the
// order's VIN, customer and consultant; 交车 passes checkReceiveDelivery (full payment, PDI, the 机动车销售统一发票, every
// checklist item) and then, in the same transaction, moves the order to 已交车, the stock to 已出库 (a delivered vehicle
// cannot be delivered again: its stock row is locked and no longer allocated) and the customer to 已成交, and registers
// the car and its owner for after-sales.
import { sql } from 'kysely';
import { registerDeliveredVehicle } from '../data/deliveredVehicles';
import { ApiError } from '../http/errors';
import { readPaging, type PagingQuery } from '../http/paging';
import type { HookContext, ModelHooks, RecordValues } from '../models/modelHooks';
import type { DeliveryRecord } from './modelRecords';
import { codeName, compareDecimal, money, POTEN_STATUS } from './salesRules';

export const DELIVERY_TEXT = {
  orderMissing: '销售订单不存在或不在本店',
  orderState: (soNo: string, state: string) => `订单${soNo}当前为“${state}”，不能安排交车`,
  open: (soNo: string, no: string) => `订单${soNo}已有待交车的交车单${no}`,
  delivered: (soNo: string) => `订单${soNo}的车辆已交车`,
  notPassed: (reasons: string[]) => `不能交车：${reasons.join('；')}`,
  which: '请指定交车单（id）或销售订单（salesOrderId）',
} as const;

const ORDER = { allocated: '83201003', ready: '83201004' } as const;
const WAITING = '83211001';
const DELIVERED = '83211002';
/** Every item of 交车检查 (dictionary 8337) must be ticked. */
const CHECKLIST = ['83371001', '83371002', '83371003', '83371004', '83371005'];

export interface DeliveryCheckItem {
  item: string;
  passed: boolean;
  message: string;
}

/** checkReceiveDelivery: what 交车 needs of the order and of the delivery (when there is one yet). */
export async function deliveryChecks(context: HookContext, order: RecordValues, delivery: RecordValues | undefined): Promise<DeliveryCheckItem[]> {
  const paid = compareDecimal(money(order.receivedAmount), money(order.totalAmount)) >= 0 && order.status === ORDER.ready;
  const items: DeliveryCheckItem[] = [
    { item: '全款已收', passed: paid, message: paid ? '已收全款' : `订单金额${String(order.totalAmount)}元，已收${String(order.receivedAmount ?? '0.00')}元` },
    { item: '机动车销售统一发票', passed: Boolean(order.invoiceNo), message: order.invoiceNo ? `已开票（${String(order.invoiceNo)}）` : '未开具机动车销售统一发票' },
    { item: 'PDI检查', passed: delivery?.pdiPassed === '1', message: delivery?.pdiPassed === '1' ? 'PDI 已通过' : 'PDI 未通过' },
  ];
  const ticked = new Set((delivery?.checklist as string[] | null | undefined) ?? []);
  const missing = CHECKLIST.filter((code) => !ticked.has(code));
  const names = await Promise.all(missing.map((code) => codeName(context.db, code)));
  items.push({ item: '交车检查', passed: missing.length === 0, message: missing.length === 0 ? '检查项齐全' : `未完成：${names.join('、')}` });
  return items;
}

export const deliveryHooks: ModelHooks<DeliveryRecord> = {
  async beforeWrite(context, change) {
    if (change.op !== 'create') return;
    const { values } = change;
    const order = await context.records!('salesOrder').find(Number(values.salesOrderId));
    if (!order) return void change.problems.push(`${change.prefix}${DELIVERY_TEXT.orderMissing}`);
    const soNo = String(order.soNo);
    if (order.status !== ORDER.allocated && order.status !== ORDER.ready) return void change.problems.push(`${change.prefix}${DELIVERY_TEXT.orderState(soNo, await codeName(context.db, order.status))}`);
    const { rows } = await sql<{ deliveryNo: string; status: string }>`select delivery_no, status from deliveries where sales_order_id = ${Number(order.id)} order by status desc limit 1`.execute(context.db);
    if (rows[0]?.status === DELIVERED) return void change.problems.push(`${change.prefix}${DELIVERY_TEXT.delivered(soNo)}`);
    if (rows[0]) return void change.problems.push(`${change.prefix}${DELIVERY_TEXT.open(soNo, rows[0].deliveryNo)}`);
    Object.assign(values, { vin: order.vin, customerName: order.customerName, phone: order.phone, consultantId: order.consultantId, modelCode: order.modelCode });
  },

  async beforeTransition(context, transition, record, values) {
    if (transition !== 'deliver') return;
    const order = await context.records!('salesOrder').find(Number(record.salesOrderId));
    if (!order) throw new ApiError('invalidInput', DELIVERY_TEXT.orderMissing);
    const failed = (await deliveryChecks(context, order, { ...record, ...values })).filter((c) => !c.passed);
    if (failed.length > 0) throw new ApiError('invalidInput', DELIVERY_TEXT.notPassed(failed.map((c) => `${c.item}：${c.message}`)));
  },

  async afterTransition(context, transition, record) {
    if (transition !== 'deliver') return;
    const orderId = Number(record.salesOrderId);
    const order = (await context.records!('salesOrder').find(orderId))!;
    await context.records!('salesOrder').transition(orderId, 'deliver');
    const stock = context.records!('vehicleStock');
    const [stockId] = await stock.idsWhere({ vin: String(record.vin) });
    // The stock's own transition refuses a vehicle no longer allocated: delivered once, never again.
    if (stockId !== undefined) await stock.transition(stockId, 'deliver');
    if (order.potenId) {
      const customers = context.records!('potentialCustomer');
      const customer = await customers.find(Number(order.potenId));
      if (customer?.status === POTEN_STATUS.ordered) await customers.transition(Number(customer.id), 'deal');
    }
    const customerId = await registerDeliveredVehicle(context.db, {
      ownerCode: String(record.ownerCode),
      customerName: String(order.customerName),
      phone: String(order.phone),
      vin: String(record.vin),
      modelCode: String(order.modelCode),
      colorId: Number(order.colorId),
      deliveredOn: String(record.deliveredAt ?? '').slice(0, 10),
    });
    await sql`update sales_orders set customer_id = ${customerId} where id = ${orderId}`.execute(context.db);
  },

  calls: {
    /** GiveCar/checkReceiveDelivery?id= (a delivery) or ?salesOrderId=: each condition of 交车, passed or why not. */
    async checkReceiveDelivery(context, { query, reads }) {
      let delivery: RecordValues | undefined;
      let orderId = Number(query.salesOrderId);
      if (query.id !== undefined) {
        delivery = await reads.get(Number(query.id));
        orderId = Number(delivery.salesOrderId);
      }
      if (!Number.isSafeInteger(orderId) || orderId <= 0) throw new ApiError('invalidInput', DELIVERY_TEXT.which);
      const order = await context.records!('salesOrder').find(orderId);
      if (!order) throw new ApiError('notFound');
      if (!delivery) {
        const { rows } = await sql<{ id: number }>`select id from deliveries where sales_order_id = ${orderId} and status = ${WAITING} limit 1`.execute(context.db);
        if (rows[0]) delivery = await reads.get(Number(rows[0].id));
      }
      const items = await deliveryChecks(context, order, delivery);
      return { passed: items.every((i) => i.passed), soNo: order.soNo, vin: order.vin, deliveryNo: delivery?.deliveryNo ?? null, items };
    },

    /** GiveCar/queryReceiveDeliveryList: the deliveries (the list's paging and filters; 待交车 first by plan). */
    queryReceiveDeliveryList(_context, { query, reads }) {
      const { page, pageSize, sort } = readPaging(query as PagingQuery);
      return reads.list({ page, pageSize, sort: sort ?? 'plannedAt|asc', params: query });
    },
  },
};
