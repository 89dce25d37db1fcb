// The sales invariants under parallel requests, on both databases (issue 25): a clue belongs to one consultant at a time;
// merging customers moves every related record to the kept one and leaves none behind; a delivered vehicle cannot be
// delivered again; a VIN is in at most one active order; a quotation above the discount threshold becomes an order only
// once approved (and makes one order); a consultant sees only their own clues and customers unless a role says otherwise.
import { sql } from 'kysely';
import type { Page } from '../../schemas/api/page';
import type { ProcessTaskRow } from '../../schemas/api/processTasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POTEN_REFERENCES } from '../../server/hooks/potentialCustomer';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import { freshPhone, SALES_PATHS as P, SalesFlow } from './salesSupport';

const codes = (answers: { resultCode: number }[]) => answers.map((a) => a.resultCode).sort();

describe(`销售的不变量（并发） (${DB_KIND})`, () => {
  let t: TestServer;
  let s: SalesFlow;
  const taken = new Set<string>();

  beforeAll(async () => {
    t = await startTestServer();
    s = await new SalesFlow(t).signIn();
  });
  afterAll(() => t?.close());

  it('two assignments of one clue at once: one wins, the clue belongs to that consultant', async () => {
    const clue = await s.ok('d11001kfzy', 'POST', P.clues, { customerName: '并发', phone: freshPhone(), clueSource: 'OEM02' });
    const [two, three] = [s.ids.get('d11001xsgw2')!, s.ids.get('d11001xsgw3')!];
    const answers = await Promise.all([
      s.call('d11001xsgw', 'POST', `${P.clues}/${clue.id}/assign`, { consultantId: two }),
      s.call('d11001xsgw', 'POST', `${P.clues}/${clue.id}/assign`, { consultantId: three }),
    ]);
    expect(codes(answers)).toEqual([200, 400]);
    const winner = answers.find((a) => a.resultCode === 200)!.data!.consultantId;
    expect(answers.find((a) => a.resultCode === 400)!.errMsg).toBe('线索当前为“待跟进”，不能分配');
    expect((await s.ok('d11001xsgw', 'GET', `${P.clues}/${clue.id}`)).consultantId).toBe(winner);
    // The round-robin and a hand assignment at once: still one consultant.
    const next = await s.ok('d11001kfzy', 'POST', P.clues, { customerName: '并发2', phone: freshPhone(), clueSource: 'OEM02' });
    const mixed = await Promise.all([s.call('d11001kfzy', 'POST', `${P.clues}/autoAssign`, { ids: [next.id] }), s.call('d11001xsgw', 'POST', `${P.clues}/${next.id}/assign`, { consultantId: three })]);
    const assigned = await s.ok('d11001xsgw', 'GET', `${P.clues}/${next.id}`);
    expect(assigned.status).toBe('83111002');
    const { rows } = await sql<{ n: number }>`select count(distinct consultant_id)::int as n from clues where id = ${next.id}`.execute(s.db);
    expect(rows[0]!.n).toBe(1);
    expect(mixed.every((a) => a.resultCode === 200 || a.resultCode === 400)).toBe(true);
  });

  it('merging a customer moves every record to the kept one and leaves no orphan, also when the same merge runs twice at once', async () => {
    // The customer came once, was defeated, and came back: the old record (with its history) is merged into the new.
    const old = await s.potential();
    await s.ok('d11001xsgw2', 'POST', `${P.potentials}/${old.id}/followUp`, { followWay: '83131001', content: '电话沟通' });
    await s.ok('d11001xsgw2', 'POST', `${P.potentials}/${old.id}/appoint`, { purpose: '83141001', appointAt: '2099-04-01 10:00:00' });
    const reception = await s.ok('d11001kfzy', 'POST', `${P.receptionist}/saveReceptionist`, { potenId: old.id, consultantId: s.ids.get('d11001xsgw2') });
    await s.ok('d11001kfzy', 'POST', `${P.receptionist}/receptions/${reception.id}/leave`);
    const vehicle = await s.freeVehicle('D11001', taken);
    await s.quotation(old.id, vehicle);
    const car = (await sql<{ vin: string }>`select vin from test_drive_cars where owner_code = 'D11001' limit 1`.execute(s.db)).rows[0]!;
    await s.ok('d11001xsgw2', 'POST', `${P.drive}/saveTestDrivePlan`, { potenId: old.id, modelCode: vehicle.modelCode, carVin: car.vin, consultantId: s.ids.get('d11001xsgw2'), planStart: '2099-04-01 11:00:00' });
    const vip = (await sql<{ id: number }>`select id from tags where owner_code = 'D11001' and tag_code = 'VIP'`.execute(s.db)).rows[0]!;
    await s.ok('d11001xsgw', 'POST', `${P.tags}/customerTags`, { tagId: Number(vip.id), potenId: old.id });
    await s.ok('d11001xsgw2', 'POST', `${P.potentials}/${old.id}/applyDefeat`, { defeatReasonCode: '83301003', defeatReason: '暂缓购车' });
    await s.ok('d11001xsgw', 'POST', `${P.potentials}/${old.id}/approveDefeat`);
    const kept = await s.potential({ phone: old.phone });
    const clue = await s.ok('d11001kfzy', 'POST', P.clues, { customerName: '测试客户', phone: old.phone, clueSource: 'OEM06' });
    await s.ok('d11001xsgw', 'POST', `${P.clues}/${clue.id}/assign`, { consultantId: s.ids.get('d11001xsgw2') });
    await s.ok('d11001xsgw2', 'POST', `${P.clues}/${clue.id}/followUp`, { followWay: '83131001', content: '线索跟进' });

    const merge = () => s.call('d11001xsgw', 'POST', `${P.potenCus}/combineClue`, { potenId: kept.id, potenIds: [old.id], clueIds: [clue.id] });
    const answers = await Promise.all([merge(), merge()]);
    expect(codes(answers)).toEqual([200, 400]);
    expect(answers.find((a) => a.resultCode === 400)!.errMsg).toMatch(/当前为“已合并”，不能合并$/);
    const moved = answers.find((a) => a.resultCode === 200)!.data as unknown as { moved: Record<string, number> };
    expect(moved.moved).toMatchObject({ 跟进记录: 2, 邀约: 1, 展厅接待: 1, 试驾: 1, 报价: 1, 客户标签: 1 });
    for (const { table } of POTEN_REFERENCES) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where poten_id = ${old.id}`.execute(s.db);
      expect(rows[0]!.n, table).toBe(0);
    }
    expect(await s.ok('d11001xsgw', 'GET', `${P.potentials}/${old.id}`)).toMatchObject({ status: '83101007' });
    expect(await s.ok('d11001xsgw', 'GET', `${P.potentials}/${kept.id}`)).toMatchObject({ status: '83101001', followCount: 2 });
    expect(await s.ok('d11001xsgw', 'GET', `${P.clues}/${clue.id}`)).toMatchObject({ status: '83111005', potenId: kept.id });
  });

  it('a delivered vehicle is not delivered again: two hand-overs at once, one wins; two deliveries of one order at once, one is made', async () => {
    const { delivery, vin, order } = await s.readyDelivery(taken);
    const hand = () => s.call('d11001xsgw2', 'POST', `${P.giveCar}/deliveries/${delivery.id}/deliver`, { checklist: ['83371001', '83371002', '83371003', '83371004', '83371005'], pdiPassed: '1', customerSigned: '1' });
    const answers = await Promise.all([hand(), hand()]);
    expect(codes(answers)).toEqual([200, 400]);
    expect(answers.find((a) => a.resultCode === 400)!.errMsg).toBe('交车当前为“已交车”，不能交车');
    const { rows } = await sql<{ status: string }>`select status from vehicle_stocks where vin = ${vin}`.execute(s.db);
    expect(rows[0]!.status).toBe('83221004');
    expect((await sql<{ n: number }>`select count(*)::int as n from vehicles where vin = ${vin}`.execute(s.db)).rows[0]!.n).toBe(1);
    expect(await s.call('d11001xsgw2', 'POST', `${P.giveCar}/deliveries`, { salesOrderId: order.id, plannedAt: '2099-01-05 10:00:00' })).toMatchObject({ resultCode: 400 });

    const { order: second, vehicle: own } = await s.approvedOrder(taken);
    await s.ok('d11001xsgw2', 'POST', `${P.orders}/${second.id}/allocate`, { vin: own.vin });
    const plan = () => s.call('d11001xsgw2', 'POST', `${P.giveCar}/deliveries`, { salesOrderId: second.id, plannedAt: '2099-01-06 10:00:00' });
    expect(codes(await Promise.all([plan(), plan()]))).toEqual([200, 400]);
  });

  it('a VIN is in at most one active order: two orders allocating one vehicle at once, one wins', async () => {
    const vehicle = await s.freeVehicle('D11001', taken);
    const orders = [];
    for (let n = 0; n < 2; n++) {
      const customer = await s.potential();
      const quote = await s.validQuotation(customer.id, vehicle);
      const order = await s.ok('d11001xsgw2', 'POST', P.orders, { quotationId: quote.id });
      await s.ok('d11001xsgw', 'POST', `${P.orders}/${order.id}/approve`);
      orders.push(order);
    }
    const answers = await Promise.all(orders.map((o) => s.call('d11001xsgw2', 'POST', `${P.orders}/${o.id}/allocate`, { vin: vehicle.vin })));
    expect(codes(answers)).toEqual([200, 400]);
    const winner = orders[answers.findIndex((a) => a.resultCode === 200)]!;
    expect(answers.find((a) => a.resultCode === 400)!.errMsg).toBe(`车辆${vehicle.vin}已配给订单${String(winner.soNo)}`);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from sales_orders where vin = ${vehicle.vin} and status not in ('83201007')`.execute(s.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('a quotation above the discount threshold becomes an order only once approved, and two orders of it at once make one', async () => {
    const customer = await s.potential();
    const vehicle = await s.freeVehicle('D11001', taken);
    const quote = await s.quotation(customer.id, vehicle, '15000.00');
    const order = () => s.call('d11001xsgw2', 'POST', P.orders, { quotationId: quote.id });
    expect(await order()).toMatchObject({ resultCode: 400, errMsg: `报价${String(quote.quoteNo)}当前为“草稿”，只有有效的报价才能下单（优惠超过审批阈值的报价须经销售经理审批通过）` });
    await s.ok('d11001xsgw2', 'POST', `${P.quotations}/${quote.id}/issue`, { comment: '客户要求加大优惠' });
    // Waiting for the sales manager: still no order, even two at once.
    expect(codes(await Promise.all([order(), order()]))).toEqual([400, 400]);
    expect((await order()).errMsg).toBe(`报价${String(quote.quoteNo)}的优惠正在审批中，审批通过后才能下单`);
    const todo = await s.ok<Page<ProcessTaskRow>>('d11001xsgw', 'GET', '/api/workflow/task/todo', undefined, { pageSize: '200' });
    const task = todo.items.find((r) => r.model === 'quotation' && r.recordId === quote.id)!;
    await s.ok('d11001xsgw', 'POST', `/api/workflow/task/${task.taskId}/approve`, { comment: '同意' });
    const answers = await Promise.all([order(), order()]);
    expect(codes(answers)).toEqual([200, 400]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from sales_orders where quotation_id = ${quote.id}`.execute(s.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('a consultant sees only their own clues and customers unless a role says otherwise (asked at once by several)', async () => {
    const who = ['d11001xsgw2', 'd11001xsgw3', 'd11001xsgw', 'd11001kfzy'] as const;
    const pages = await Promise.all(who.map((w) => s.ok<{ total: number; items: { consultantId: number | null }[] }>(w, 'GET', P.clues, undefined, { pageSize: '1000' })));
    const customers = await Promise.all(who.map((w) => s.ok<{ total: number; items: { consultantId: number | null }[] }>(w, 'GET', P.potentials, undefined, { pageSize: '1000' })));
    for (const [i, consultant] of (['d11001xsgw2', 'd11001xsgw3'] as const).entries()) {
      expect(pages[i]!.items.every((c) => c.consultantId === s.ids.get(consultant))).toBe(true);
      expect(customers[i]!.items.every((c) => c.consultantId === s.ids.get(consultant))).toBe(true);
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from clues where owner_code = 'D11001'`.execute(s.db);
    // The showroom manager (ZTJL) and the reception see every clue of the dealer.
    expect(pages[2]!.total).toBe(rows[0]!.n);
    expect(pages[3]!.total).toBe(rows[0]!.n);
    expect(pages[0]!.total + pages[1]!.total).toBeLessThan(rows[0]!.n);
  });
});
