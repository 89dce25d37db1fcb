// 销售订单 to 交车 at D11001 on both databases (domain.md §4 and its state table): an order is made from a valid
// quotation (its terms, not the request's; total = price − discount + accessories), approved by the showroom manager,
// given a stock vehicle of its configuration and colour, paid (收款确认 by the cashier once its receivable is written off), delivered through GiveCar once
// every check passes (stock 已出库, customer 已成交, the car and owner registered for after-sales), and completed with its
// plate; a cancelled order gives its vehicle back.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vinCheckDigit } from '../../schemas/formats/formats';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import { SALES_PATHS as P, SalesFlow } from './salesSupport';

const ORDER = { toApprove: '83201001', approved: '83201002', allocated: '83201003', ready: '83201004', delivered: '83201005', done: '83201006', cancelled: '83201007' };
const STOCK = { transit: '83221001', inStock: '83221002', allocated: '83221003', out: '83221004' };

describe(`销售订单与交车 (${DB_KIND})`, () => {
  let t: TestServer;
  let s: SalesFlow;
  const taken = new Set<string>();

  beforeAll(async () => {
    t = await startTestServer();
    s = await new SalesFlow(t).signIn();
  });
  afterAll(() => t?.close());

  const stockOf = async (vin: string) => (await sql<{ status: string; soNo: string | null; outAt: Date | null }>`select status, so_no, out_at from vehicle_stocks where vin = ${vin}`.execute(s.db)).rows[0]!;

  it('an order takes the valid quotation’s terms (total = price − discount + accessories) and makes it 已转订单; the customer is 已下订 on approval', async () => {
    const customer = await s.potential();
    const vehicle = await s.freeVehicle('D11001', taken);
    const quote = await s.validQuotation(customer.id, vehicle, '6000.00');
    const order = await s.ok('d11001xsgw2', 'POST', P.orders, { quotationId: quote.id, vehiclePrice: '1.00', discount: '99999.00', totalAmount: '1.00', depositAmount: '10000.00' });
    const price = Number(quote.guidePrice);
    expect(order).toMatchObject({ status: ORDER.toApprove, potenId: customer.id, customerName: '测试客户', vehiclePrice: quote.guidePrice, discount: '6000.00', accessoryAmount: '0.00', totalAmount: (price - 6000).toFixed(2), configId: vehicle.configId, vin: null });
    expect(String(order.soNo)).toMatch(/^SOD11001\d{10}$/);
    expect(await s.ok('d11001xsgw2', 'GET', `${P.quotations}/${quote.id}`)).toMatchObject({ status: '83061002' });
    // A quotation makes one order.
    expect(await s.call('d11001xsgw2', 'POST', P.orders, { quotationId: quote.id })).toMatchObject({ resultCode: 400, errMsg: `报价${String(quote.quoteNo)}当前为“已转订单”，只有有效的报价才能下单（优惠超过审批阈值的报价须经销售经理审批通过）` });
    // The VIN is set only by 配车.
    expect(await s.call('d11001xsgw2', 'PUT', `${P.orders}/${order.id}`, { vin: vehicle.vin })).toMatchObject({ resultCode: 400, errMsg: '车架号请通过“配车”指定' });
    // The consultant does not approve; the showroom manager does.
    expect((await s.call('d11001xsgw2', 'POST', `${P.orders}/${order.id}/approve`)).resultCode).toBe(403);
    expect(await s.ok('d11001xsgw', 'POST', `${P.orders}/${order.id}/approve`)).toMatchObject({ status: ORDER.approved, approvedBy: s.ids.get('d11001xsgw') });
    expect(await s.ok('d11001xsgw2', 'GET', `${P.potentials}/${customer.id}`)).toMatchObject({ status: '83101002' });
  });

  it('配车 takes a stock vehicle of the ordered configuration and colour only; 收款确认 records the amount; GiveCar delivers it once', async () => {
    const { order, vehicle } = await s.approvedOrder(taken);
    const other = (await sql<{ vin: string }>`select vin from vehicle_stocks where owner_code = 'D11001' and status = '83221002' and (config_id <> ${vehicle.configId} or color_id <> ${vehicle.colorId}) limit 1`.execute(s.db)).rows[0]!;
    expect(await s.call('d11001xsgw2', 'POST', `${P.orders}/${order.id}/allocate`, { vin: other.vin })).toMatchObject({ resultCode: 400, errMsg: `车辆${other.vin}的配置或颜色与订单不符` });
    const draft = 'LHSA3B1C0TW999999';
    const elsewhere = `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
    expect(await s.call('d11001xsgw2', 'POST', `${P.orders}/${order.id}/allocate`, { vin: elsewhere })).toMatchObject({ resultCode: 400, errMsg: `车辆${elsewhere}不在本店整车库存中` });
    // An approved order is no longer edited.
    expect(await s.call('d11001xsgw2', 'PUT', `${P.orders}/${order.id}`, { depositAmount: '1.00' })).toMatchObject({ resultCode: 400, errMsg: '当前状态不能修改销售订单' });
    expect(await s.ok('d11001xsgw2', 'POST', `${P.orders}/${order.id}/allocate`, { vin: vehicle.vin })).toMatchObject({ status: ORDER.allocated, vin: vehicle.vin });
    expect(await stockOf(vehicle.vin)).toMatchObject({ status: STOCK.allocated, soNo: order.soNo });
    // Not paid yet: the delivery can be planned, not handed over.
    const delivery = await s.ok('d11001xsgw2', 'POST', `${P.giveCar}/deliveries`, { salesOrderId: order.id, plannedAt: '2099-01-01 10:00:00' });
    expect(delivery).toMatchObject({ status: '83211001', vin: vehicle.vin, customerName: '测试客户' });
    const check = await s.ok<{ passed: boolean; items: { item: string; passed: boolean }[] }>('d11001xsgw2', 'GET', `${P.giveCar}/checkReceiveDelivery`, undefined, { id: String(delivery.id) });
    expect(check.passed).toBe(false);
    expect(check.items.filter((i) => !i.passed).map((i) => i.item)).toEqual(['全款已收', '机动车销售统一发票', 'PDI检查', '交车检查']);
    const refused = await s.call('d11001xsgw2', 'POST', `${P.giveCar}/deliveries/${delivery.id}/deliver`, { checklist: ['83371001'], pdiPassed: '1', customerSigned: '1' });
    expect(refused).toMatchObject({ resultCode: 400, errMsg: expect.stringMatching(/^不能交车：全款已收：订单金额[\d.]+元，已收0\.00元；机动车销售统一发票：未开具机动车销售统一发票；交车检查：未完成：钥匙×2、合格证、随车工具、发票$/) });
    // The cashier confirms the payment with the invoice; the consultant may not.
    expect((await s.call('d11001xsgw2', 'POST', `${P.orders}/${order.id}/confirmPayment`, { invoiceNo: '26110200000012345678' })).resultCode).toBe(403);
    // Not before the receivable is written off: the cashier takes the money first.
    const [receivable] = await s.receivablesOf(order.soNo);
    expect(await s.call('d11001dbzy', 'POST', `${P.orders}/${order.id}/confirmPayment`, { invoiceNo: '26110200000012345678' })).toMatchObject({
      resultCode: 400,
      errMsg: `应收单${String(receivable!.arNo)}尚有${String(order.totalAmount)}元未收款核销，不能确认收款；请先在收款核销中收款`,
    });
    await s.payInFull(order.soNo);
    expect(await s.ok('d11001dbzy', 'POST', `${P.orders}/${order.id}/confirmPayment`, { invoiceNo: '26110200000012345678' })).toMatchObject({ status: ORDER.ready, receivedAmount: order.totalAmount });
    // The order has no 交车 of its own to call: only GiveCar delivers (the order's is an internal transition).
    expect((await s.call('d11001xsgw', 'POST', `${P.orders}/${order.id}/deliver`)).resultCode).toBe(404);
    const done = await s.ok('d11001xsgw2', 'POST', `${P.giveCar}/deliveries/${delivery.id}/deliver`, { checklist: ['83371001', '83371002', '83371003', '83371004', '83371005'], pdiPassed: '1', customerSigned: '1' });
    expect(done).toMatchObject({ status: '83211002', deliveredAt: expect.any(String) });
    expect(await stockOf(vehicle.vin)).toMatchObject({ status: STOCK.out });
    const delivered = await s.ok('d11001xsgw2', 'GET', `${P.orders}/${order.id}`);
    expect(delivered).toMatchObject({ status: ORDER.delivered, deliveredAt: expect.any(String), customerId: expect.any(Number) });
    expect(await s.ok('d11001xsgw2', 'GET', `${P.potentials}/${delivered.potenId}`)).toMatchObject({ status: '83101003' });
    // The car and its owner are known to after-sales now.
    const car = await s.db.selectFrom('vehicles').select(['customerId', 'modelName', 'plateNo']).where('vin', '=', vehicle.vin).executeTakeFirstOrThrow();
    expect(Number(car.customerId)).toBe(delivered.customerId);
    expect(car.plateNo).toBe('');
    // Another delivery of the order is refused; 完成 registers the plate.
    expect(await s.call('d11001xsgw2', 'POST', `${P.giveCar}/deliveries`, { salesOrderId: order.id, plannedAt: '2099-01-02 10:00:00' })).toMatchObject({ resultCode: 400, errMsg: `订单${String(order.soNo)}当前为“已交车”，不能安排交车` });
    expect(await s.ok('d11001xsgw2', 'POST', `${P.orders}/${order.id}/complete`, { plateNo: '京A12345' })).toMatchObject({ status: ORDER.done, plateNo: '京A12345' });
    expect((await s.db.selectFrom('vehicles').select('plateNo').where('vin', '=', vehicle.vin).executeTakeFirstOrThrow()).plateNo).toBe('京A12345');
  });

  it('退订 by the showroom manager gives the allocated vehicle back to stock and the customer back to 跟进中', async () => {
    const { order, vehicle } = await s.approvedOrder(taken);
    await s.ok('d11001xsgw2', 'POST', `${P.orders}/${order.id}/allocate`, { vin: vehicle.vin });
    expect((await s.call('d11001xsgw2', 'POST', `${P.orders}/${order.id}/cancel`, { cancelReason: '83351003' })).resultCode).toBe(403);
    expect(await s.ok('d11001xsgw', 'POST', `${P.orders}/${order.id}/cancel`, { cancelReason: '83351003' })).toMatchObject({ status: ORDER.cancelled });
    expect(await stockOf(vehicle.vin)).toMatchObject({ status: STOCK.inStock, soNo: null });
    expect(await s.ok('d11001xsgw2', 'GET', `${P.potentials}/${order.potenId}`)).toMatchObject({ status: '83101001' });
  });

  it('the seeded month’s deliveries are 85–105% of the retail target; the stock model table agrees with the stock list', async () => {
    const { rows } = await sql<{ ownerCode: string; month: string; delivered: number; target: number }>`
      with d as (select owner_code, to_char(delivered_at at time zone 'Asia/Shanghai', 'YYYY-MM') as month, count(*)::int as delivered from sales_orders where delivered_at is not null group by 1, 2),
      g as (select owner_code, target_month as month, sum(retail_target)::int as target from sales_targets group by 1, 2)
      select d.owner_code, d.month, d.delivered, g.target from d join g using (owner_code, month) where d.month < '2026-06'`.execute(s.db);
    expect(rows.length).toBeGreaterThan(30);
    for (const row of rows) {
      // The seed's own deliveries (a test's order delivered today is in another month).
      expect(row.delivered / row.target, `${row.ownerCode} ${row.month}`).toBeGreaterThanOrEqual(0.84);
      expect(row.delivered / row.target, `${row.ownerCode} ${row.month}`).toBeLessThanOrEqual(1.06);
    }
    const table = await s.ok<{ items: { modelCode: string; allocated: number }[] }>('d11001xsgw', 'GET', P.stockModelTable);
    const list = await s.ok<{ total: number }>('d11001xsgw', 'GET', P.stock, undefined, { status: [STOCK.allocated] });
    expect(table.items.reduce((n, r) => n + r.allocated, 0)).toBe(list.total);
  });
});
