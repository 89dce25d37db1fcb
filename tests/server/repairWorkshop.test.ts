// The repair order's flow on both databases (domain.md §1, issue 24): reception and its lock, 开单, 派工 to the dealer's
// own technicians, their 开工/完工, 车间质检 and 维修质检 by the inspector, 结算 by the cashier (one of two at once), the
// settlement's amounts per payer, the return visit and its escalation, 取消结算, 出厂; the approval of a large discount;
// rework and comebacks; booking slots; health-check reminders; and every repair and after-sales bff call of §7 at its
// path. Parallel requests prove the invariants: one advisor holds a vehicle, one cashier settles an order.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import { vinCheckDigit } from '../../schemas/formats/formats';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const ORDERS = '/api/repair/order/repair/orders';
const RECEPTIONS = '/api/repair/CustomerReception/receptions';
const LOCK = '/api/repair/CustomerReception/lockUserOrUnLock';
const DISPATCHES = '/api/repair/order/repair/dispatches';
const SETTLEMENTS = '/api/repair/order/repair/settlements';
const VISITS = '/api/repair/order/repair/returnVisits';
const RECEIVABLES = '/api/2b/finance/receivables';
const STOCK = '/api/part/stockmanage';
const REPAIR_ISSUE = '82071001';

type Row = Record<string, unknown> & { id: number };
interface Order extends Row {
  roNo: string;
  status: string;
  totalAmount: string;
  customerAmount: string;
  labourLines: (Row & { lineKey: string; lineStatus: string; reworkCount: number; amount: string })[];
  partLines: Row[];
}

let vinSerial = 100;
/** A VIN of the demo's brand with a valid check digit, new for each test. */
function nextVin(): string {
  const body = `LHSA3B1C0TS${String(++vinSerial).padStart(6, '0')}`;
  return `${body.slice(0, 8)}${vinCheckDigit(body)}${body.slice(9)}`;
}

describe(`the repair order's workshop flow (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const users = ['d11001fwgw', 'd11001fwgw2', 'd11001js', 'd11001js2', 'd31001js', 'd11001zjy', 'd11001dbzy', 'd11001shr', 'd11001kfzy', 'd11001llr'] as const;
  type Who = (typeof users)[number];
  const as = (who: Who) => tokens[who]!;
  const db = () => t.server.database.db;

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of users) tokens[user] = await t.login(user);
    const { rows } = await sql<{ userCode: string; id: number }>`select user_code as "userCode", id from users where user_code in (${sql.join([...users])})`.execute(db());
    for (const row of rows) ids[row.userCode] = Number(row.id);
    // The parts the orders below take (维修领料 before 维修质检): stock enough for every test's order.
    const bought = await call('d11001llr', 'POST', `${STOCK}/partInOrders`, { inType: '82051001', warehouseCode: 'PJ01', supplierName: '华晟汽车配件供应中心', lines: [{ partNo: 'HS-3501010-A3', qty: '60', costPrice: '180' }] });
    expect(bought.resultCode, bought.errMsg).toBe(200);
    expect((await call('d11001llr', 'POST', `${STOCK}/partInOrders/${bought.data!.id}/receive`)).resultCode).toBe(200);
  });
  afterAll(() => t?.close());

  const call = <T = Row>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, query?: Record<string, string>) =>
    t.call<T>({ method, url, token: as(who), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), ...(query ? { query } : {}) });
  const order = async (id: number) => (await call<Order>('d11001fwgw', 'GET', `${ORDERS}/${id}`)).data!;

  const RECEPTION = { customerName: '接待测试', phone: '13911112222', repairTypeCode: 'RT01', mileage: 20000, visitType: '80271002', faultDesc: '刹车异响' };
  const receive = (who: Who, vin: string, plateNo = '京AF12345') => call<Row>(who, 'POST', RECEPTIONS, { ...RECEPTION, vin, plateNo });

  /** An order of D11001 with one labour line (更换前刹车片) and its part, released to the workshop for d11001js. */
  async function dispatchedOrder(extra: Record<string, unknown> = {}): Promise<Order> {
    const created = (await call<Order>('d11001fwgw', 'POST', ORDERS, { ...RECEPTION, vin: nextVin(), plateNo: '京AF54321', labourLines: [{ labourCode: 'WX001' }], partLines: [{ partNo: 'HS-3501010-A3', qty: '1' }], ...extra })).data!;
    const assigned = await call('d11001fwgw', 'POST', `${ORDERS}/${created.id}/assign`, { dispatches: [{ lineKey: created.labourLines[0]!.lineKey, technicianId: ids.d11001js, shareRate: '1' }] });
    expect(assigned.resultCode).toBe(200);
    expect((await call('d11001fwgw', 'POST', `${ORDERS}/${created.id}/dispatch`)).resultCode).toBe(200);
    return order(created.id);
  }
  const dispatchesOf = async (roId: number, who: Who = 'd11001fwgw') => (await call<Page<Row>>(who, 'GET', DISPATCHES, undefined, { roId: String(roId) })).data!.items;

  /** 维修领料 of `qty` of a part for the order, by the dealer's 领料员. */
  async function issueFor(ro: Order, partNo: string, qty: string): Promise<void> {
    const out = await call('d11001llr', 'POST', `${STOCK}/partOutOrders`, { outType: REPAIR_ISSUE, roNo: ro.roNo, lines: [{ partNo, qty }] });
    expect(out.resultCode, out.errMsg).toBe(200);
    const issued = await call('d11001llr', 'POST', `${STOCK}/partOutOrders/${out.data!.id}/issue`);
    expect(issued.resultCode, issued.errMsg).toBe(200);
  }

  /** The order worked, its parts issued, and through 车间质检 (待质检). */
  async function inspectingOrder(extra: Record<string, unknown> = {}): Promise<Order> {
    const dispatched = await dispatchedOrder(extra);
    for (const d of await dispatchesOf(dispatched.id, 'd11001js')) {
      expect((await call('d11001js', 'POST', `${DISPATCHES}/${d.id}/start`)).resultCode).toBe(200);
      expect((await call('d11001js', 'POST', `${DISPATCHES}/${d.id}/finish`)).resultCode).toBe(200);
    }
    for (const line of dispatched.partLines) await issueFor(dispatched, String(line.partNo), String(line.qty));
    const lines = (await order(dispatched.id)).labourLines.map((l) => ({ lineKey: l.lineKey, result: '80251001' }));
    expect((await call('d11001zjy', 'POST', `${ORDERS}/${dispatched.id}/lineQc`, { lines })).resultCode).toBe(200);
    return order(dispatched.id);
  }

  /** The order worked, its parts issued, inspected and completed (已完工). */
  async function completedOrder(extra: Record<string, unknown> = {}): Promise<Order> {
    const inspecting = await inspectingOrder(extra);
    const passed = await call('d11001zjy', 'POST', `${ORDERS}/${inspecting.id}/orderQc`, { result: '80251001' });
    expect(passed.resultCode, passed.errMsg).toBe(200);
    return order(inspecting.id);
  }

  describe('reception and its lock', () => {
    it('[BO-API-03] the receiving advisor holds the vehicle: another advisor sees 正在由{name}接待 and can neither receive it nor open an order for it', async () => {
      const vin = nextVin();
      const mine = await receive('d11001fwgw', vin);
      expect(mine.resultCode).toBe(200);
      const holder = await sql<{ name: string }>`select employee_name as name from users where id = ${ids.d11001fwgw}`.execute(db());
      const text = `正在由${holder.rows[0]!.name}接待`;
      expect(mine.data).toMatchObject({ lockedBy: ids.d11001fwgw, lockText: text, status: '80321001' });
      expect(await receive('d11001fwgw2', vin)).toMatchObject({ resultCode: 409, errMsg: text });
      expect(await call('d11001fwgw2', 'GET', LOCK, undefined, { id: String(mine.data!.id), lockType: 'lock' })).toMatchObject({ resultCode: 409, errMsg: text });
      expect(await call('d11001fwgw2', 'POST', ORDERS, { ...RECEPTION, vin, plateNo: '京AF12345' })).toMatchObject({ resultCode: 409, errMsg: text });
      expect(await call('d11001fwgw2', 'POST', `${RECEPTIONS}/${mine.data!.id}/openOrder`, {})).toMatchObject({ resultCode: 409, errMsg: text });
      expect(await call('d11001fwgw2', 'GET', LOCK, undefined, { id: String(mine.data!.id), lockType: 'unlock' })).toMatchObject({ resultCode: 403, errMsg: '只有锁定该车的服务顾问或维修经理可以解锁' });
      // The list shows the lock to everyone of the dealer.
      const listed = (await call<Page<Row>>('d11001fwgw2', 'GET', RECEPTIONS, undefined, { vin })).data!.items;
      expect(listed).toMatchObject([{ lockText: text }]);

      // 开单 by the holder: the order remembers its reception, the reception is 已开单 and the vehicle free again.
      const opened = await call<{ id: number; roNo: string }>('d11001fwgw', 'POST', `${RECEPTIONS}/${mine.data!.id}/openOrder`, { promisedAt: '2030-01-01 17:00:00' });
      expect(opened.resultCode).toBe(200);
      expect(await order(opened.data!.id)).toMatchObject({ receptionNo: mine.data!.receptionNo, status: '80211001', serviceAdvisorId: ids.d11001fwgw, mileage: 20000, faultDesc: '刹车异响' });
      expect((await call('d11001fwgw', 'GET', `${RECEPTIONS}/${mine.data!.id}`)).data).toMatchObject({ status: '80321002', roNo: opened.data!.roNo, lockedBy: null, lockText: null });
      expect((await receive('d11001fwgw2', vin)).resultCode).toBe(200);
    });

    it('two advisors receiving one vehicle at once: one holds it, the other is refused; the repair manager may release it', async () => {
      const vin = nextVin();
      const both = await Promise.all([receive('d11001fwgw', vin), receive('d11001fwgw2', vin)]);
      expect(both.map((a) => a.resultCode).sort()).toEqual([200, 409]);
      const won = both.find((a) => a.resultCode === 200)!.data!;
      const released = await call('d11001shr', 'GET', LOCK, undefined, { id: String(won.id), lockType: 'unlock' });
      expect(released).toMatchObject({ resultCode: 200, data: { lockedBy: null, lockText: null } });
      // Free again: two lock calls at once, one of them holds it.
      const locks = await Promise.all([call('d11001fwgw', 'GET', LOCK, undefined, { id: String(won.id), lockType: 'lock' }), call('d11001fwgw2', 'GET', LOCK, undefined, { id: String(won.id), lockType: 'lock' })]);
      expect(locks.map((a) => a.resultCode).sort()).toEqual([200, 409]);
      // A lock left for 30 minutes is free: the other advisor takes it.
      await sql`update customer_receptions set locked_at = now() - interval '31 minutes' where id = ${won.id}`.execute(db());
      const loser = locks[0]!.resultCode === 200 ? 'd11001fwgw2' : 'd11001fwgw';
      expect((await call(loser, 'GET', LOCK, undefined, { id: String(won.id), lockType: 'lock' })).data).toMatchObject({ lockedBy: ids[loser] });
    });
  });

  describe('dispatch, work, inspection', () => {
    it('dispatches only to technicians of the same dealer whose shares add up to 1; technicians start and finish only their own lines', async () => {
      const created = (await call<Order>('d11001fwgw', 'POST', ORDERS, { ...RECEPTION, vin: nextVin(), plateNo: '京AF54321', labourLines: [{ labourCode: 'WX001' }, { labourCode: 'WX002' }] })).data!;
      const [first, second] = created.labourLines.map((l) => l.lineKey);
      // Not yet assigned: 派工 is refused by its guard.
      expect(await call('d11001fwgw', 'POST', `${ORDERS}/${created.id}/dispatch`)).toMatchObject({ resultCode: 400, errMsg: '请先为每个维修项目分配技师（分摊比例合计为1）' });
      const assign = (dispatches: unknown[]) => call('d11001fwgw', 'POST', `${ORDERS}/${created.id}/assign`, { dispatches });
      expect(await assign([{ lineKey: first, technicianId: ids.d31001js, shareRate: '1' }])).toMatchObject({ resultCode: 400, errMsg: '技师须为本店在职技师' });
      expect(await assign([{ lineKey: first, technicianId: ids.d11001fwgw2, shareRate: '1' }])).toMatchObject({ resultCode: 400, errMsg: '技师须为本店在职技师' });
      expect(await assign([{ lineKey: first, technicianId: ids.d11001js, shareRate: '0.6' }, { lineKey: first, technicianId: ids.d11001js2, shareRate: '0.3' }])).toMatchObject({ resultCode: 400, errMsg: '维修项目“更换前刹车片”的分摊比例合计应为1' });
      const split = await assign([
        { lineKey: first, technicianId: ids.d11001js, shareRate: '0.6' },
        { lineKey: first, technicianId: ids.d11001js2, shareRate: '0.4' },
        { lineKey: second, technicianId: ids.d11001js2, shareRate: '1' },
      ]);
      expect(split.resultCode).toBe(200);
      expect((split.data as Order).labourLines.map((l) => l.lineStatus)).toEqual(['80231002', '80231002']);
      expect((await call<Order>('d11001fwgw', 'POST', `${ORDERS}/${created.id}/dispatch`)).data).toMatchObject({ status: '80211002', unassignedLines: 0 });

      // Each technician sees their own dispatches, and may start only those.
      const mine = await dispatchesOf(created.id, 'd11001js');
      const theirs = await dispatchesOf(created.id, 'd11001js2');
      expect(mine.map((d) => d.technicianId)).toEqual([ids.d11001js]);
      expect(theirs).toHaveLength(2);
      expect((await call('d11001js', 'POST', `${DISPATCHES}/${theirs[0]!.id}/start`)).resultCode).toBe(404);
      expect(await call('d11001fwgw', 'POST', `${DISPATCHES}/${mine[0]!.id}/start`)).toMatchObject({ resultCode: 403, errMsg: '只能开工、完工本人的派工' });
      expect((await call('d11001js', 'POST', `${DISPATCHES}/${mine[0]!.id}/start`)).resultCode).toBe(200);
      expect((await order(created.id)).labourLines[0]!.lineStatus).toBe('80231003');
      // A line is finished when every technician on it has finished.
      expect((await call('d11001js', 'POST', `${DISPATCHES}/${mine[0]!.id}/finish`)).resultCode).toBe(200);
      expect((await order(created.id)).labourLines[0]!.lineStatus).toBe('80231003');
      for (const d of theirs) {
        await call('d11001js2', 'POST', `${DISPATCHES}/${d.id}/start`);
        await call('d11001js2', 'POST', `${DISPATCHES}/${d.id}/finish`);
      }
      expect((await order(created.id)).labourLines.map((l) => l.lineStatus)).toEqual(['80231004', '80231004']);
      // A started line is not taken off the order.
      const current = await order(created.id);
      expect((await call('d11001fwgw', 'PUT', `${ORDERS}/${created.id}`, { labourLines: current.labourLines.slice(1) })).errMsg).toBe('维修项目“更换前刹车片”已开工，不能删除');
    });

    it('[BO-QI-01] [BO-QI-02] inspects by the inspector only: a failed line goes back to its technician (返工), the last line through 车间质检 sends the order for 维修质检, which completes it once its parts are issued', async () => {
      const dispatched = await dispatchedOrder();
      const [dispatch] = await dispatchesOf(dispatched.id, 'd11001js');
      await call('d11001js', 'POST', `${DISPATCHES}/${dispatch!.id}/start`);
      await call('d11001js', 'POST', `${DISPATCHES}/${dispatch!.id}/finish`);
      const key = dispatched.labourLines[0]!.lineKey;
      expect(await call('d11001fwgw', 'POST', `${ORDERS}/${dispatched.id}/lineQc`, { lines: [{ lineKey: key, result: '80251001' }] })).toMatchObject({ resultCode: 403 });
      expect(await call('d11001zjy', 'POST', `${ORDERS}/${dispatched.id}/lineQc`, { lines: [{ lineKey: key, result: '80251002' }] })).toMatchObject({ resultCode: 400, errMsg: '不合格须填写原因与责任技师' });
      const failed = await call<Order>('d11001zjy', 'POST', `${ORDERS}/${dispatched.id}/lineQc`, { lines: [{ lineKey: key, result: '80251002', failReason: '刹车异响未消除' }] });
      expect(failed.data!.labourLines[0]).toMatchObject({ lineStatus: '80231006', reworkCount: 1 });
      expect(failed.data!.status).toBe('80211002');
      expect((await dispatchesOf(dispatched.id, 'd11001js'))[0]).toMatchObject({ status: '80231002', reworkCount: 1, finishAt: null });
      // The stored stage is a code: the labels are the screens' (车间质检, or 车间终检 for a whitelisted dealer).
      const inspections = (await call<Page<Row>>('d11001zjy', 'GET', '/api/repair/order/repair/inspections', undefined, { roId: String(dispatched.id) })).data!.items;
      expect(inspections).toMatchObject([{ stage: '80241001', result: '80251002', failReason: '刹车异响未消除', responsibleTechId: ids.d11001js, inspectorId: ids.d11001zjy }]);

      await call('d11001js', 'POST', `${DISPATCHES}/${dispatch!.id}/start`);
      await call('d11001js', 'POST', `${DISPATCHES}/${dispatch!.id}/finish`);
      const passed = await call<Order>('d11001zjy', 'POST', `${ORDERS}/${dispatched.id}/lineQc`, { lines: [{ lineKey: key, result: '80251001' }] });
      expect(passed.data).toMatchObject({ status: '80211005', openLines: 0 });
      // Lines are frozen once the order is sent for inspection; a save that sends them back unchanged passes.
      const frozen = await order(dispatched.id);
      expect((await call('d11001fwgw', 'PUT', `${ORDERS}/${dispatched.id}`, { ...frozen, labourLines: [...frozen.labourLines, { labourCode: 'BY001' }] })).errMsg).toBe('工单已送检或已完工，维修项目、材料、附加项目与套餐不能再修改');
      expect((await call('d11001fwgw', 'PUT', `${ORDERS}/${dispatched.id}`, { ...frozen, remark: '客户在休息区等候' })).resultCode).toBe(200);

      // 维修质检 不合格 sends the named line back; 合格 completes the order and tells its advisor.
      expect(await call('d11001zjy', 'POST', `${ORDERS}/${dispatched.id}/orderQc`, { result: '80251002', failReason: '路试跑偏' })).toMatchObject({ resultCode: 400 });
      const sentBack = await call<Order>('d11001zjy', 'POST', `${ORDERS}/${dispatched.id}/orderQc`, { result: '80251002', failReason: '路试跑偏', responsibleTechId: ids.d11001js, failedLineKeys: [key] });
      expect(sentBack.data).toMatchObject({ status: '80211002', finalResult: '80251002' });
      expect(sentBack.data!.labourLines[0]).toMatchObject({ lineStatus: '80231006', reworkCount: 2 });
      await call('d11001js', 'POST', `${DISPATCHES}/${dispatch!.id}/start`);
      await call('d11001js', 'POST', `${DISPATCHES}/${dispatch!.id}/finish`);
      await call('d11001zjy', 'POST', `${ORDERS}/${dispatched.id}/lineQc`, { lines: [{ lineKey: key, result: '80251001' }] });
      // 完工 takes every part of the order: 合格 is refused until the 领料员 has issued the brake pads, and then passes.
      const part = dispatched.partLines[0]!;
      expect(await call('d11001zjy', 'POST', `${ORDERS}/${dispatched.id}/orderQc`, { result: '80251001' })).toMatchObject({ resultCode: 400, errMsg: `配件 ${String(part.partName)} 尚未领齐，不能完工` });
      expect((await order(dispatched.id)).status).toBe('80211005');
      await issueFor(dispatched, String(part.partNo), String(part.qty));
      const done = await call<Order>('d11001zjy', 'POST', `${ORDERS}/${dispatched.id}/orderQc`, { result: '80251001', items: [{ item: '路试', ok: true }] });
      expect(done.data).toMatchObject({ status: '80211003', finalResult: '80251001', completedAt: expect.any(String) });
      const { rows } = await sql<{ title: string }>`select title from messages where user_id = ${ids.d11001fwgw} and ro_no = ${dispatched.roNo}`.execute(db());
      expect(rows.map((r) => r.title)).toContain('工单已完工');
    });
  });

  describe('settlement', () => {
    it('two cashiers settling one order at once: one settles it, with exact amounts per payer; the other is refused; a settled order refuses edits', async () => {
      const done = await completedOrder();
      const settle = (who: Who) => call<Order>(who, 'POST', `${ORDERS}/${done.id}/settle`, { settleDiscount: '0', roundOff: '0.00' });
      const both = await Promise.all([settle('d11001dbzy'), settle('d11001fwgw')]);
      expect(both.map((a) => a.resultCode).sort()).toEqual([200, 400]);
      expect(both.find((a) => a.resultCode === 400)!.errMsg).toBe('维修工单当前为“已结算”，不能结算');
      const settled = await order(done.id);
      expect(settled).toMatchObject({ status: '80211004', settledAt: expect.any(String), settlementNo: expect.stringMatching(/^JSD11001\d{10}$/) });
      const settlements = (await call<Page<Row>>('d11001dbzy', 'GET', SETTLEMENTS, undefined, { roId: String(done.id) })).data!.items;
      expect(settlements).toHaveLength(1);
      const s = settlements[0]!;
      const cents = (v: unknown) => Math.round(Number(v) * 100);
      expect(cents(s.customerAmount) + cents(s.warrantyAmount) + cents(s.insuranceAmount) + cents(s.internalAmount) + cents(s.freeAmount)).toBe(cents(settled.totalAmount));
      expect(s).toMatchObject({ settlementNo: settled.settlementNo, status: '80261001', receivableAmount: settled.customerAmount, freeSettlement: '0' });
      expect(await call('d11001fwgw', 'PUT', `${ORDERS}/${done.id}`, { remark: '结算后修改' })).toMatchObject({ resultCode: 400, errMsg: '当前状态不能修改维修工单' });
      // Its return visit is due three days later.
      const visits = (await call<Page<Row>>('d11001kfzy', 'GET', VISITS, undefined, { roId: String(done.id) })).data!.items;
      expect(visits).toMatchObject([{ status: '80331001', sourceNo: done.roNo, visitNo: expect.stringMatching(/^HFD11001/) }]);
      const due = new Date(Date.now() + 3 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
      expect(visits[0]!.dueDate).toBe(due);
    });

    it('refuses 抹零 above ¥1 and a receivable below 0; a discount above 10% waits for 审核人, then settles with it', async () => {
      const done = await completedOrder();
      expect((await call('d11001dbzy', 'POST', `${ORDERS}/${done.id}/settle`, { roundOff: '1.50' })).resultCode).toBe(400);
      expect(await call('d11001dbzy', 'POST', `${ORDERS}/${done.id}/settle`, { settleDiscount: '99999' })).toMatchObject({ resultCode: 400, errMsg: '结算优惠与抹零不能超过客户付费金额' });
      const discount = (Math.floor(Number(done.customerAmount) * 20) / 100).toFixed(2);
      expect(await call('d11001dbzy', 'POST', `${ORDERS}/${done.id}/settle`, { settleDiscount: discount })).toMatchObject({ resultCode: 400, errMsg: '优惠超过客户付费的10%或免费金额超过500元，请提交结算审批' });
      expect((await order(done.id)).status).toBe('80211003');
      expect((await call('d11001dbzy', 'POST', `${ORDERS}/${done.id}/settleApproval`, { settleDiscount: discount, roundOff: '0.50', comment: '老客户维修优惠' })).resultCode).toBe(200);
      expect((await order(done.id)).status).toBe('80211003');
      const todo = (await call<Page<{ taskId: number; recordId: number; processName: string }>>('d11001shr', 'GET', '/api/workflow/task/todo')).data!.items;
      const task = todo.find((row) => row.recordId === done.id)!;
      expect(task.processName).toBe('结算审批');
      expect((await call('d11001shr', 'POST', `/api/workflow/task/${task.taskId}/approve`, { comment: '同意' })).resultCode).toBe(200);
      const settled = await order(done.id);
      expect(settled.status).toBe('80211004');
      const s = (await call<Page<Row>>('d11001dbzy', 'GET', SETTLEMENTS, undefined, { roId: String(done.id) })).data!.items[0]!;
      const cents = (v: unknown) => Math.round(Number(v) * 100);
      expect(s).toMatchObject({ discountAmount: discount, roundOffAmount: '0.50', settledBy: ids.d11001dbzy, approverId: ids.d11001shr });
      expect(cents(s.receivableAmount)).toBe(cents(done.customerAmount) - cents(discount) - 50);
    });

    it('cancels a settlement by 审核人 (its return visit still due with it), settles again and releases the car once paid; a low satisfaction goes to the repair manager', async () => {
      const done = await completedOrder();
      await call('d11001dbzy', 'POST', `${ORDERS}/${done.id}/settle`, {});
      expect((await call('d11001dbzy', 'POST', `${ORDERS}/${done.id}/cancelSettle`, { settleCancelReason: '金额有误' })).resultCode).toBe(403);
      const cancelled = await call<Order>('d11001shr', 'POST', `${ORDERS}/${done.id}/cancelSettle`, { settleCancelReason: '金额有误' });
      expect(cancelled.data).toMatchObject({ status: '80211003', settlementNo: null, settledAt: null });
      expect((await call<Page<Row>>('d11001dbzy', 'GET', SETTLEMENTS, undefined, { roId: String(done.id) })).data!.items).toMatchObject([{ status: '80261002', cancelReason: '金额有误', cancelledBy: ids.d11001shr }]);
      expect((await call<Page<Row>>('d11001kfzy', 'GET', VISITS, undefined, { roId: String(done.id) })).data!.items).toMatchObject([{ status: '80331005' }]);
      expect((await call('d11001dbzy', 'POST', `${ORDERS}/${done.id}/settle`, {})).resultCode).toBe(200);
      // The car leaves once the customer has paid at the cashier.
      const [owed] = (await call<Page<Row>>('d11001dbzy', 'GET', RECEIVABLES, undefined, { sourceNo: done.roNo, status: '81081001' })).data!.items;
      expect(await call('d11001fwgw', 'POST', `${ORDERS}/${done.id}/release`)).toMatchObject({ resultCode: 400, errMsg: `应收单${String(owed!.arNo)}尚有${String(owed!.openAmount)}元未收款核销，不能出厂；请先收款，或由审核人挂账出厂` });
      expect((await call('d11001dbzy', 'POST', `${RECEIVABLES}/${owed!.id}/payAndWriteOff`, { payMethod: '81021001' })).resultCode).toBe(200);
      expect((await call<Order>('d11001fwgw', 'POST', `${ORDERS}/${done.id}/release`)).data).toMatchObject({ status: '80211006', releasedAt: expect.any(String) });

      const visit = (await call<Page<Row>>('d11001kfzy', 'GET', VISITS, undefined, { roId: String(done.id), status: '80331001' })).data!.items[0]!;
      expect(await call('d11001kfzy', 'POST', `${VISITS}/${visit.id}/visit`, { result: '80281001', content: '客户说明了情况' })).toMatchObject({ resultCode: 400, errMsg: '回访成功时请填写满意度（1–5）' });
      const low = await call('d11001kfzy', 'POST', `${VISITS}/${visit.id}/visit`, { result: '80281001', satisfaction: 2, complaint: '1', content: '客户反映等待时间过长' });
      expect(low.resultCode).toBe(200);
      const escalated = (await call<Row>('d11001kfzy', 'GET', `${VISITS}/${visit.id}`)).data!;
      expect(escalated).toMatchObject({ status: '80331003', satisfaction: 2, complaint: '1', visitorId: ids.d11001kfzy });
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from messages where user_id = ${ids.d11001shr} and title = '回访待处理' and ro_no = ${done.roNo}`.execute(db());
      expect(Number(rows[0]!.n)).toBe(1);
      expect((await call<Row>('d11001shr', 'POST', `${VISITS}/${visit.id}/resolve`, { handleResult: '已致电致歉' })).data).toMatchObject({ status: '80331004', handledBy: ids.d11001shr });
    });

    it('settling posts one receivable per paying party in the settlement\'s transaction; 取消结算 reverses them (红字), and is refused once one is paid', async () => {
      const receivablesOf = async (roNo: string) => (await call<Page<Row>>('d11001dbzy', 'GET', RECEIVABLES, undefined, { sourceNo: roNo, pageSize: '20', sort: 'id|asc' })).data!.items;
      // A customer-paid order: the customer owes the settlement's receivable amount (after the discount and 抹零).
      const done = await completedOrder();
      expect((await call('d11001dbzy', 'POST', `${ORDERS}/${done.id}/settle`, { settleDiscount: '5.00', roundOff: '0.30' })).resultCode).toBe(200);
      const settled = await order(done.id);
      const s = (await call<Page<Row>>('d11001dbzy', 'GET', SETTLEMENTS, undefined, { roId: String(done.id) })).data!.items[0]!;
      const posted = await receivablesOf(done.roNo);
      expect(posted).toMatchObject([{ debtorType: '81061001', debtorName: done.customerName, sourceType: '81071001', amount: s.receivableAmount, openAmount: s.receivableAmount, status: '81081001', companyCode: 'D11001', remark: `结算单${String(settled.settlementNo)}` }]);
      expect(String(posted[0]!.arNo)).toMatch(/^ARD11001\d{10}$/);

      // 取消结算 voids it through finance's 冲销; settling again posts a new one.
      expect((await call('d11001shr', 'POST', `${ORDERS}/${done.id}/cancelSettle`, { settleCancelReason: '项目有误' })).resultCode).toBe(200);
      // The posting stays; its reversing entry beside it brings what the order owes back to 0.
      expect(await receivablesOf(done.roNo)).toMatchObject([
        { id: posted[0]!.id, amount: s.receivableAmount, status: '81081004', voidReason: '取消结算' },
        { reversalOfId: posted[0]!.id, amount: `-${String(s.receivableAmount)}`, openAmount: `-${String(s.receivableAmount)}`, status: '81081004' },
      ]);
      expect((await call('d11001dbzy', 'POST', `${ORDERS}/${done.id}/settle`, {})).resultCode).toBe(200);
      const again = (await receivablesOf(done.roNo)).filter((r) => r.status !== '81081004');
      expect(again).toHaveLength(1);

      // Paid at the cashier: 取消结算 is refused with the receivable named, and nothing changes.
      expect((await call('d11001dbzy', 'POST', `${RECEIVABLES}/${again[0]!.id}/payAndWriteOff`, { payMethod: '81021001', amount: '10.00' })).resultCode).toBe(200);
      expect(await call('d11001shr', 'POST', `${ORDERS}/${done.id}/cancelSettle`, { settleCancelReason: '项目有误' })).toMatchObject({
        resultCode: 400,
        errMsg: `应收单${String(again[0]!.arNo)}已有收款核销，不能取消结算；请先反核销`,
      });
      expect((await order(done.id)).status).toBe('80211004');
    });

    it('an insurer and the manufacturer owe their parts of the order: an insurance amount needs its 保险公司; internal work posts nothing', async () => {
      const receivablesOf = async (roNo: string) => (await call<Page<Row>>('d11001dbzy', 'GET', RECEIVABLES, undefined, { sourceNo: roNo, sort: 'id|asc' })).data!.items;
      const mixed = await completedOrder({ partLines: [{ partNo: 'HS-3501010-A3', qty: '1', chargeType: '80221003' }], labourLines: [{ labourCode: 'WX001', chargeType: '80221002' }] });
      expect(Number(mixed.insuranceAmount)).toBeGreaterThan(0);
      expect(Number(mixed.warrantyAmount)).toBeGreaterThan(0);
      expect(await call('d11001dbzy', 'POST', `${ORDERS}/${mixed.id}/settle`, {})).toMatchObject({ resultCode: 400, errMsg: '工单有保险金额，请先填写保险公司' });
      expect(await receivablesOf(mixed.roNo)).toHaveLength(0);
      expect((await call('d11001fwgw', 'PUT', `${ORDERS}/${mixed.id}`, { insurerName: '中国平安财产保险股份有限公司' })).resultCode).toBe(200);
      expect((await call('d11001dbzy', 'POST', `${ORDERS}/${mixed.id}/settle`, {})).resultCode).toBe(200);
      const today = new Date(Date.now() + 8 * 3_600_000);
      const inDays = (n: number) => new Date(today.getTime() + n * 86_400_000).toISOString().slice(0, 10);
      expect(await receivablesOf(mixed.roNo)).toMatchObject([
        { debtorType: '81061002', debtorName: '中国平安财产保险股份有限公司', sourceType: '81071005', amount: mixed.insuranceAmount, arDate: inDays(0), dueDate: inDays(30) },
        { debtorType: '81061003', debtorName: '华晟汽车有限公司', sourceType: '81071004', amount: mixed.warrantyAmount, dueDate: inDays(60) },
      ]);

      // 内部: the dealer's own expense, nobody's receivable.
      const internal = await completedOrder({ partLines: [], labourLines: [{ labourCode: 'WX001', chargeType: '80221004' }] });
      expect(internal).toMatchObject({ customerAmount: '0.00', internalAmount: internal.totalAmount });
      expect((await call('d11001dbzy', 'POST', `${ORDERS}/${internal.id}/settle`, {})).resultCode).toBe(200);
      expect(await receivablesOf(internal.roNo)).toHaveLength(0);
    });

    it('取消结算 and the cashier\'s payment at once: either the payment is refused on the voided receivable or the cancel on the paid one, never both', async () => {
      for (let round = 0; round < 3; round++) {
        const done = await completedOrder();
        expect((await call('d11001dbzy', 'POST', `${ORDERS}/${done.id}/settle`, {})).resultCode).toBe(200);
        const [receivable] = (await call<Page<Row>>('d11001dbzy', 'GET', RECEIVABLES, undefined, { sourceNo: done.roNo })).data!.items;
        const [cancel, pay] = await Promise.all([
          call('d11001shr', 'POST', `${ORDERS}/${done.id}/cancelSettle`, { settleCancelReason: '重新核对' }),
          call('d11001dbzy', 'POST', `${RECEIVABLES}/${receivable!.id}/payAndWriteOff`, { payMethod: '81021001' }),
        ]);
        expect([cancel.resultCode, pay.resultCode].sort()).toEqual([200, 400]);
        const after = (await call<Row>('d11001dbzy', 'GET', `${RECEIVABLES}/${receivable!.id}`)).data!;
        const status = (await order(done.id)).status;
        if (cancel.resultCode === 200) expect([after.status, after.writtenOffAmount, status]).toEqual(['81081004', '0.00', '80211003']);
        else expect([after.status, after.openAmount, status]).toEqual(['81081003', '0.00', '80211004']);
      }
    });

    it('出厂 on credit (挂账出厂) by 审核人 only, with its reason; a car the insurer pays for leaves when the customer has paid its part', async () => {
      const done = await completedOrder();
      expect((await call('d11001dbzy', 'POST', `${ORDERS}/${done.id}/settle`, {})).resultCode).toBe(200);
      expect((await call('d11001fwgw', 'POST', `${ORDERS}/${done.id}/releaseOnCredit`, { creditReason: '老客户月结' })).resultCode).toBe(403);
      expect(await call('d11001shr', 'POST', `${ORDERS}/${done.id}/releaseOnCredit`, {})).toMatchObject({ resultCode: 400 });
      const credited = await call<Order>('d11001shr', 'POST', `${ORDERS}/${done.id}/releaseOnCredit`, { creditReason: '老客户月结' });
      expect(credited.data).toMatchObject({ status: '80211006', creditReason: '老客户月结', creditBy: ids.d11001shr, releasedAt: expect.any(String) });
      // The receivable stays open for the cashier.
      expect((await call<Page<Row>>('d11001dbzy', 'GET', RECEIVABLES, undefined, { sourceNo: done.roNo })).data!.items).toMatchObject([{ status: '81081001' }]);

      // All insurance: nothing for the customer to pay, the insurer's 理赔 does not hold the car.
      const insured = await completedOrder({ insurerName: '中国人民财产保险股份有限公司', partLines: [{ partNo: 'HS-3501010-A3', qty: '1', chargeType: '80221003' }], labourLines: [{ labourCode: 'WX001', chargeType: '80221003' }] });
      expect((await call('d11001dbzy', 'POST', `${ORDERS}/${insured.id}/settle`, {})).resultCode).toBe(200);
      expect((await call<Order>('d11001fwgw', 'POST', `${ORDERS}/${insured.id}/release`)).data).toMatchObject({ status: '80211006' });
    });

    it('出厂 and the cashier\'s payment at once: the car never leaves on an unpaid receivable', async () => {
      for (let round = 0; round < 3; round++) {
        const done = await completedOrder();
        expect((await call('d11001dbzy', 'POST', `${ORDERS}/${done.id}/settle`, {})).resultCode).toBe(200);
        const [owed] = (await call<Page<Row>>('d11001dbzy', 'GET', RECEIVABLES, undefined, { sourceNo: done.roNo })).data!.items;
        const [release, pay] = await Promise.all([
          call('d11001fwgw', 'POST', `${ORDERS}/${done.id}/release`),
          call('d11001dbzy', 'POST', `${RECEIVABLES}/${owed!.id}/payAndWriteOff`, { payMethod: '81021001' }),
        ]);
        expect(pay.resultCode, pay.errMsg).toBe(200);
        expect([200, 400]).toContain(release.resultCode);
        const status = (await order(done.id)).status;
        expect(status).toBe(release.resultCode === 200 ? '80211006' : '80211004');
        expect((await call<Row>('d11001dbzy', 'GET', `${RECEIVABLES}/${owed!.id}`)).data).toMatchObject({ status: '81081003', openAmount: '0.00' });
        if (release.resultCode === 400) expect((await call('d11001fwgw', 'POST', `${ORDERS}/${done.id}/release`)).resultCode).toBe(200);
      }
    });

    it('[BO-API-04] settles free with its balance (orderBalanceAll) and its approval; a comeback within 30 days is charged 内部, one later is refused', async () => {
      const done = await completedOrder();
      const balance = (await call<Row>('d11001fwgw', 'GET', `/api/repair/basedata/freeSettlement/orderBalanceAll/${done.id}`)).data!;
      expect(balance).toMatchObject({ roNo: done.roNo, customerAmount: '0.00', receivableAmount: '0.00', freeSettlement: '1', totalAmount: done.totalAmount });
      expect(balance.goodwillAmount).toBe(balance.freeAmount);
      await call('d11001dbzy', 'POST', `${ORDERS}/${done.id}/settle`, {});
      const comeback = await call<Order>('d11001fwgw', 'POST', ORDERS, { ...RECEPTION, vin: done.vin, plateNo: '京AF54321', mileage: 20500, reworkOfRoNo: done.roNo, labourLines: [{ labourCode: 'WX001' }] });
      expect(comeback.resultCode).toBe(200);
      expect(comeback.data!.labourLines[0]!.chargeType).toBe('80221004');
      expect(comeback.data).toMatchObject({ reworkOfRoNo: done.roNo, internalAmount: comeback.data!.totalAmount, customerAmount: '0.00' });
      const far = await call('d11001fwgw', 'POST', ORDERS, { ...RECEPTION, vin: done.vin, plateNo: '京AF54321', mileage: 24000, reworkOfRoNo: done.roNo });
      expect(far.errMsg).toBe('已超过返修期限（30天或3000公里），请按新工单开单');
      expect((await call('d11001fwgw', 'POST', ORDERS, { ...RECEPTION, vin: nextVin(), plateNo: '京AF54321', reworkOfRoNo: done.roNo })).errMsg).toBe('返修工单的 VIN 须与原工单相同');
    });
  });

  describe('booking slots and health checks', () => {
    it('[BO-API-04] answers the remaining appointments of each slot, and gives the last place of a full slot to one of two bookings made at once', async () => {
      const day = new Date(Date.now() + 9 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
      const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
      const slot = (await sql<{ id: number }>`select id from booking_slots where owner_code = 'D11001' and weekday = ${weekday} and slot_start = '14:00'`.execute(db())).rows[0]!;
      await call('d11001fwgw', 'PUT', `/api/repair/BookingRegister/slots/${slot.id}`, { weekday, slotStart: '14:00', capacity: 1, enabled: '1' });
      const before = (await call<{ slots: Row[]; items: Row[]; total: number }>('d11001fwgw', 'GET', '/api/repair/BookingRegister/calculateBookingOrder', undefined, { date: day })).data!;
      expect(before.slots).toHaveLength(20);
      expect(before.items).toEqual(before.slots);
      expect(before.slots.find((s) => s.slotStart === '14:00')).toMatchObject({ slotEnd: '14:30', capacity: 1, booked: 0, remaining: 1 });
      const { rows } = await sql<Record<string, unknown>>`select * from bookings where owner_code = 'D11001' order by id limit 1`.execute(db());
      const seeded = (await call<Row>('d11001fwgw', 'GET', `/api/repair/BookingRegister/bookings/${Number(rows[0]!.id)}`)).data!;
      const { id: _id, bookingNo: _no, status: _status, createdAt: _c, updatedAt: _u, ...copy } = seeded;
      const book = (plateNo: string) => call('d11001fwgw', 'POST', '/api/repair/BookingRegister/bookings', { ...copy, plateNo, bookingTime: `${day} 14:10:00`, arriveFrom: '14:00', arriveTo: '14:30', lastMaintainDate: null, purchaseDate: null });
      const both = await Promise.all([book('京AG1111'), book('京AG2222')]);
      expect(both.map((a) => a.resultCode).sort(), both.map((a) => a.errMsg).join(' / ')).toEqual([200, 409]);
      expect(both.find((a) => a.resultCode === 409)!.errMsg).toBe(`该时段（${day} 14:00-14:30）预约已满（可约1台），请选择其他时段`);
      const after = (await call<{ slots: Row[] }>('d11001fwgw', 'GET', '/api/repair/BookingRegister/calculateBookingOrder', undefined, { date: day })).data!;
      expect(after.slots.find((s) => s.slotStart === '14:00')).toMatchObject({ booked: 1, remaining: 0 });
    });

    it('[BO-API-06] [BO-API-16] turns declined red and yellow health-check items into the advisor\'s reminders, answered or removed', async () => {
      const created = (await call<Order>('d11001fwgw', 'POST', ORDERS, { ...RECEPTION, vin: nextVin(), plateNo: '京AF54321' })).data!;
      const check = await call<{ id: number; vhcNo: string }>('d11001fwgw', 'POST', `/api/repair/vehicleHealthCheck/checks/fromOrder/${created.id}`);
      expect(check.data!.vhcNo).toMatch(/^VHD11001/);
      const url = `/api/repair/vehicleHealthCheck/checks/${check.data!.id}`;
      const read = (await call<Row & { items: Row[] }>('d11001fwgw', 'GET', url)).data!;
      expect(read.items.length).toBeGreaterThanOrEqual(30);
      expect(read.items.length).toBeLessThanOrEqual(40);
      const items = read.items.map(({ id: _i, lineNo: _n, ...item }) => ({ ...item }));
      Object.assign(items[6]!, { result: '80291003', advice: '须更换前刹车片', decision: '80351002' });
      Object.assign(items[11]!, { result: '80291002', advice: '蓄电池电压偏低', decision: '80351002' });
      Object.assign(items[0]!, { result: '80291002', decision: '80351001' });
      Object.assign(items[1]!, { result: '80291003' });
      expect((await call<Row>('d11001fwgw', 'PUT', url, { items })).data).toMatchObject({ redCount: 2, yellowCount: 2 });
      expect(await call('d11001fwgw', 'POST', `${url}/submit`)).toMatchObject({ resultCode: 400, errMsg: `请选择客户决定：${String(items[1]!.itemName)}` });
      Object.assign(items[1]!, { decision: '80351001' });
      await call('d11001fwgw', 'PUT', url, { items });
      expect((await call<Row>('d11001fwgw', 'POST', `${url}/submit`)).data).toMatchObject({ status: '80361002' });

      const listed = await call<Page<Row>>('d11001fwgw', 'GET', '/api/bff/web-workOrder/v1/queryVhcRemind', undefined, { vin: String(created.vin) });
      expect(listed.resultCode, listed.errMsg ?? '').toBe(200);
      const reminders = listed.data!.items;
      expect(reminders).toHaveLength(2);
      const day = (days: number) => new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
      expect(reminders.map((r) => r.dueDate).sort()).toEqual([day(7), day(30)]);
      const red = reminders.find((r) => r.dueDate === day(7))!;
      expect(String(red.content)).toContain('前刹车片厚度（红）');
      expect((await call<Page<Row>>('d11001fwgw', 'GET', '/api/repair/vehicleHealthCheckSAReminder/selectSAReminder', undefined, { sourceNo: check.data!.vhcNo })).data!.total).toBe(2);
      expect((await call<Row>('d11001fwgw', 'PUT', `/api/repair/reminders/${red.id}/feedback`, { feedback: '客户已预约下周更换' })).data).toMatchObject({ feedback: '客户已预约下周更换', readFlag: '1' });
      expect((await call<Row>('d11001fwgw', 'GET', url)).data!.status).toBe('80361002');
      const yellow = reminders.find((r) => r.id !== red.id)!;
      expect((await call<Row>('d11001fwgw', 'GET', '/api/bff/web-workOrder/v1/removeInfoById', undefined, { id: String(yellow.id) })).data).toMatchObject({ removed: true });
      expect((await call<Row>('d11001fwgw', 'GET', url)).data!.status).toBe('80361003');
      expect((await call<Page<Row>>('d11001fwgw', 'GET', '/api/bff/web-workOrder/v1/queryVhcRemind', undefined, { vin: String(created.vin) })).data!.items).toHaveLength(1);
    });
  });

  it('[BO-API-01] [BO-API-02] [BO-API-03] [BO-API-04] [BO-API-05] [BO-API-06] [BO-API-07] [BO-API-16] answers every repair and after-sales bff call of §7 at its path', async () => {
    const settled = (await sql<{ id: number }>`select id from repair_orders where owner_code = 'D11001' and status = '80211004' order by id desc limit 1`.execute(db())).rows[0]!;
    const reception = (await sql<{ id: number }>`select id from customer_receptions where owner_code = 'D11001' and status = '80321001' order by id limit 1`.execute(db())).rows[0]!;
    const reminder = (await sql<{ id: number }>`select id from reminders where owner_code = 'D11001' and advisor_id = ${ids.d11001fwgw} and source_no like 'VH%' order by id limit 1`.execute(db())).rows[0]!;
    const calls: { method: 'GET' | 'PUT'; url: string; query?: Record<string, string>; check: (data: unknown) => void }[] = [
      { method: 'GET', url: '/api/repair/basedataRepairtypes/findAllRepairType', check: (d) => expect(d).toContainEqual({ code: 'RT02', name: '定期保养' }) },
      { method: 'GET', url: '/api/repair/order/repair/chargeDifferentiationList', check: (d) => expect((d as Row[]).map((c) => c.name)).toEqual(['客户付费', '索赔（三包/保修）', '保险', '内部', '免费']) },
      { method: 'GET', url: '/api/repair/order/repair/querySystemDefaultInfo', check: (d) => expect(d).toMatchObject({ ownerCode: 'D11001', taxRate: '0.13', maxRoundOff: '1.00', receptionLockMinutes: 30 }) },
      { method: 'GET', url: `/api/repair/order/repair/queryPrintInfo/${settled.id}`, check: (d) => expect(d).toMatchObject({ id: settled.id, printedAt: expect.any(String), labourLines: expect.any(Array) }) },
      { method: 'GET', url: `/api/repair/order/repair/queryPrintInfoAll/${settled.id}`, check: (d) => expect(d).toMatchObject({ dispatches: expect.any(Array), inspections: expect.any(Array), settlement: { status: '80261001' } }) },
      { method: 'GET', url: '/api/repair/CustomerReception/getRepairTypeInfo', check: (d) => expect(d).toContainEqual({ code: 'RT05', name: '事故维修', chargeType: '80221003', chargeTypeName: '保险' }) },
      { method: 'GET', url: '/api/repair/CustomerReception/getPrint', query: { id: String(reception.id) }, check: (d) => expect(d).toMatchObject({ id: reception.id, receptionNo: expect.stringMatching(/^JD/), printedAt: expect.any(String) }) },
      { method: 'GET', url: '/api/repair/CustomerReception/lockUserOrUnLock', query: { id: String(reception.id), lockType: 'unlock' }, check: (d) => expect(d).toMatchObject({ id: reception.id }) },
      { method: 'GET', url: '/api/repair/BookingRegister/calculateBookingOrder', query: { date: '2030-01-07' }, check: (d) => expect(d).toMatchObject({ weekday: 1, capacity: 80 }) },
      { method: 'GET', url: '/api/repair/RepairCount/gethomePageInterfaceSum', check: (d) => expect(d).toHaveProperty('openedToday') },
      { method: 'GET', url: `/api/repair/basedata/freeSettlement/orderBalanceAll/${settled.id}`, check: (d) => expect(d).toMatchObject({ customerAmount: '0.00' }) },
      { method: 'GET', url: '/api/repair/orderCporConfirm/selectWhitelistByOwnerCode/customerInterAspect', query: { ownerCode: 'D11001', modType: '91111057', rosterType: '0' }, check: (d) => expect(d).toBe(false) },
      { method: 'GET', url: '/api/repair/vehicleHealthCheckSAReminder/selectSAReminder', check: (d) => expect((d as Page<Row>).total).toBeGreaterThan(0) },
      { method: 'GET', url: '/api/repair/vehicleHealthCheckSAReminder/lookFeedbackReminder', check: (d) => expect(d).toHaveProperty('items') },
      { method: 'GET', url: '/api/repair/reminders', check: (d) => expect((d as Page<Row>).total).toBeGreaterThan(0) },
      { method: 'PUT', url: `/api/repair/reminders/${reminder.id}/read`, check: (d) => expect(d).toBeNull() },
      { method: 'GET', url: '/api/bff/web-workOrder/v1/queryVhcRemind', check: (d) => expect((d as Page<Row>).total).toBeGreaterThan(0) },
      { method: 'GET', url: '/api/bff/web-workOrder/v1/removeInfoById', query: { id: String(reminder.id) }, check: (d) => expect(d).toMatchObject({ removed: true }) },
      { method: 'GET', url: '/api/bff/api/v1/app/accidentClues/whitelist/checkWhitelist', query: { ownerCode: 'D11001', modType: '91111057', rosterType: '0' }, check: (d) => expect(d).toBe(false) },
    ];
    for (const { method, url, query, check } of calls) {
      const answer = await t.call({ method, url, token: as('d11001fwgw'), ...(query ? { query } : {}) });
      expect(answer.resultCode, `${method} ${url}: ${answer.errMsg ?? ''}`).toBe(200);
      check(answer.data);
    }
  });
});
