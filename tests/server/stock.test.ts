// Stock that always adds up (issue 26, domain.md §3), on both databases: purchase in-orders post stock and the moving
// average, out-orders take it and are refused (nothing written) when it would go negative, two issues of the last part
// at once leave 0 and one Chinese refusal, reservations keep 0 ≤ locked ≤ on hand, returns give back what a repair order
// took, allocations go out at the sender when approved and in (fully, partly) or back (refused) at the receiver, and a
// stocktake freezes its warehouse and, approved, leaves on-hand equal to the count. After every test, every stock row's
// on-hand equals the sum of its ledger. Each test works on part numbers of its own, added to the catalogue first.
import { sql } from 'kysely';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import type { ProcessTaskRow } from '../../schemas/api/processTasks';
import { MODEL_HOOKS } from '../../server/hooks';
import { loadSessionUser } from '../../server/http/session';
import { repositoryModels } from '../../server/models/modelCatalogue';
import type { HookContext, ModelHooks } from '../../server/models/modelHooks';
import type { ReadContext } from '../../server/models/modelReads';
import { updateRecord } from '../../server/models/modelWrites';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const API = '/api/part/stockmanage';
const IN = { purchase: '82051001', allocation: '82051002', repairReturn: '82051003' };
const OUT = { repairIssue: '82071001', partSale: '82071002', loss: '82071005' };
const MOVE = { purchaseIn: '82041001', allocationIn: '82041002', returnIn: '82041003', gain: '82041004', repairIssue: '82041005', partSale: '82041006', allocationOut: '82041007', loss: '82041008' };
const ALLOCATION = { inTransit: '82011002', partly: '82011003', received: '82011004', refused: '82011005' };

type Row = Record<string, unknown> & { id: number };
type Line = Record<string, unknown>;

describe(`[BO-PROD-07] 配件库存：单据过账、并发与不变量 (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};
  const users = ['admin', 'd11001llr', 'd12001llr', 'd11001shr', 'd11001fwgw'] as const;
  type Who = (typeof users)[number];
  let roNo = '';
  let serial = 0;

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of users) tokens[user] = await t.login(user);
    const { rows } = await sql<{ roNo: string }>`select ro_no as "roNo" from repair_orders where owner_code = 'D11001' and status in ('80211001', '80211002') order by id limit 1`.execute(t.server.database.db);
    // An order still open in the workshop (待派工 or 维修中): its lines may be saved.
    roNo = rows[0]!.roNo;
  });
  afterAll(() => t?.close());

  const call = <T = Row>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.call<T>({ method, url, token: tokens[who], ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  /** A new part number of the catalogue, priced at `retail`. */
  const newPart = async (retail = '100.00', name = '测试配件'): Promise<string> => {
    serial += 1;
    const partNo = `HS-99${String(Date.now() % 100000).padStart(5, '0')}${String(serial).padStart(2, '0')}-TY`;
    const created = await call('admin', 'POST', `${API}/partInfos`, { partNo, partName: `${name}${serial}`, unit: '个', category: '82021004', series: ['华晟 A3'], retailPrice: retail, claimPrice: '0', insurancePrice: '0' });
    expect(created.resultCode).toBe(200);
    return partNo;
  };

  const stockOf = async (who: Who, partNo: string, warehouseCode = 'PJ01') => (await call<Page<Row>>(who, 'GET', `${API}/partStocks?partNo=${partNo}&warehouseCode=${warehouseCode}`)).data!.items.find((r) => r.partNo === partNo);
  const ledgerOf = async (who: Who, partNo: string) => (await call<Page<Row>>(who, 'GET', `${API}/stockLedgers?partNo=${partNo}&pageSize=100&sort=movedAt|asc`)).data!.items;

  const purchase = async (who: Who, lines: Line[], extra: Record<string, unknown> = {}) => {
    const created = await call(who, 'POST', `${API}/partInOrders`, { inType: IN.purchase, warehouseCode: 'PJ01', supplierName: '华晟汽车配件供应中心', lines, ...extra });
    expect(created.resultCode, created.errMsg).toBe(200);
    return created.data!;
  };
  const receive = (who: Who, id: number) => call(who, 'POST', `${API}/partInOrders/${id}/receive`);
  const stocked = async (who: Who, partNo: string, qty: string, costPrice: string) => {
    const order = await purchase(who, [{ partNo, qty, costPrice }]);
    expect((await receive(who, order.id)).resultCode).toBe(200);
  };
  const outOrder = async (who: Who, lines: Line[], extra: Record<string, unknown> = {}) => {
    const created = await call(who, 'POST', `${API}/partOutOrders`, { outType: OUT.repairIssue, roNo, lines, ...extra });
    expect(created.resultCode, created.errMsg).toBe(200);
    return created.data!;
  };
  const issue = (who: Who, id: number) => call(who, 'POST', `${API}/partOutOrders/${id}/issue`);

  /** Every stock row agrees with its ledger and its reservations (the whole database: the seed's rows too). */
  async function invariants(): Promise<void> {
    const db = t.server.database.db;
    const { rows: drift } = await sql<Row>`select s.owner_code, s.warehouse_code, s.part_no, s.on_hand_qty::text as on_hand, coalesce(l.total, 0)::text as ledger
      from part_stocks s left join (select owner_code, warehouse_code, part_no, sum(qty) as total from stock_ledgers group by 1, 2, 3) l
        on l.owner_code = s.owner_code and l.warehouse_code = s.warehouse_code and l.part_no = s.part_no
      where s.on_hand_qty <> coalesce(l.total, 0)`.execute(db);
    expect(drift).toEqual([]);
    const { rows: orphans } = await sql<Row>`select l.owner_code, l.warehouse_code, l.part_no from stock_ledgers l
      where not exists (select 1 from part_stocks s where s.owner_code = l.owner_code and s.warehouse_code = l.warehouse_code and s.part_no = l.part_no) limit 5`.execute(db);
    expect(orphans).toEqual([]);
    const { rows: bounds } = await sql<Row>`select part_no, on_hand_qty::text, locked_qty::text, available_qty::text from part_stocks
      where on_hand_qty < 0 or locked_qty < 0 or locked_qty > on_hand_qty or available_qty <> on_hand_qty - locked_qty or stock_amount <> round(on_hand_qty * avg_cost, 2)`.execute(db);
    expect(bounds).toEqual([]);
    const { rows: locks } = await sql<Row>`select s.part_no, s.locked_qty::text as locked, coalesce(k.open, 0)::text as open from part_stocks s
      left join (select owner_code, warehouse_code, part_no, sum(qty - issued_qty) as open from part_locks where status = '82111001' group by 1, 2, 3) k
        on k.owner_code = s.owner_code and k.warehouse_code = s.warehouse_code and k.part_no = s.part_no
      where s.locked_qty <> coalesce(k.open, 0)`.execute(db);
    expect(locks).toEqual([]);
    const { rows: transit } = await sql<Row>`select a.alloc_no, l.part_no from allocation_ins a join allocation_in_lines l on l.parent_id = a.id
      where l.qty - l.received_qty - l.returned_qty < 0 or (a.status in ('82011004', '82011005') and l.qty - l.received_qty - l.returned_qty <> 0)`.execute(db);
    expect(transit).toEqual([]);
  }
  afterEach(async () => {
    if (t) await invariants();
  });

  it('a purchase in-order names its parts from the catalogue and, received, posts stock, the ledger and the moving average; 作废 reverses it', async () => {
    const partNo = await newPart('180.00', '前雾灯');
    expect(await call('d11001llr', 'POST', `${API}/partInOrders`, { inType: IN.purchase, lines: [{ partNo: 'HS-0000000-XX', qty: '1', costPrice: '1' }] })).toMatchObject({
      resultCode: 400,
      errMsg: expect.stringContaining('入库明细第1行：配件编号不存在或已停用：HS-0000000-XX'),
    });
    expect(await call('d11001llr', 'POST', `${API}/partInOrders`, { inType: IN.purchase, lines: [{ partNo, qty: '1' }] })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('请填写成本价') });
    expect(await call('d11001llr', 'POST', `${API}/partInOrders`, { inType: IN.allocation, lines: [{ partNo, qty: '1', costPrice: '1' }] })).toMatchObject({ resultCode: 400, errMsg: '调拨入库单由调拨入库办理，不能手工新增' });

    const first = await purchase('d11001llr', [{ partNo: partNo.toLowerCase(), qty: '10', costPrice: '100' }], { sourceNo: 'FH2603250001' });
    expect(first).toMatchObject({ status: '82061001', totalQty: '10.00', totalAmount: '1000.00', warehouseCode: 'PJ01' });
    expect(String(first.inNo)).toMatch(/^RKD11001\d{10}$/);
    expect((first.lines as Line[])[0]).toMatchObject({ partNo, partName: `前雾灯${serial}`, unit: '个', amount: '1000.00' });
    expect(await stockOf('d11001llr', partNo)).toBeUndefined();
    expect(await receive('d11001llr', first.id)).toMatchObject({ resultCode: 200, data: { status: '82061002', receivedAt: expect.any(String), receivedByName: expect.any(String) } });
    expect(await receive('d11001llr', first.id)).toMatchObject({ resultCode: 400, errMsg: '入库单当前为“已入库”，不能入库' });
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '10.00', lockedQty: '0.00', availableQty: '10.00', avgCost: '100.0000', stockAmount: '1000.00', locationCode: 'A-01-01' });

    const second = await purchase('d11001llr', [{ partNo, qty: '10', costPrice: '130', locationCode: 'B-02-03' }]);
    await receive('d11001llr', second.id);
    // (10 × 100 + 10 × 130) / 20; the row keeps the shelf it already had.
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '20.00', avgCost: '115.0000', stockAmount: '2300.00', locationCode: 'A-01-01' });
    const third = await purchase('d11001llr', [{ partNo, qty: '3', costPrice: '99.99' }]);
    await receive('d11001llr', third.id);
    // (20 × 115 + 3 × 99.99) / 23 = 113.0422 (4 places, half up).
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '23.00', avgCost: '113.0422', stockAmount: '2599.97' });

    expect(await call('d11001llr', 'POST', `${API}/partInOrders/${second.id}/cancel`, {})).toMatchObject({ resultCode: 400, errMsg: '作废前请填写：作废原因' });
    expect(await call('d11001llr', 'POST', `${API}/partInOrders/${second.id}/cancel`, { cancelReason: '供应商发错货' })).toMatchObject({ resultCode: 200, data: { status: '82061003' } });
    const ledger = await ledgerOf('d11001llr', partNo);
    expect(ledger.map((e) => [e.moveType, e.qty, e.costPrice, e.qtyAfter])).toEqual([
      [MOVE.purchaseIn, '10.00', '100.0000', '10.00'],
      [MOVE.purchaseIn, '10.00', '130.0000', '20.00'],
      [MOVE.purchaseIn, '3.00', '99.9900', '23.00'],
      [MOVE.purchaseIn, '-10.00', '130.0000', '13.00'],
    ]);
    expect(ledger[3]).toMatchObject({ docNo: second.inNo, reversalOf: ledger[1]!.id, operatorName: expect.any(String) });
    // The ledger is read-only: no route writes it.
    expect((await call('d11001llr', 'POST', `${API}/stockLedgers`, { partNo })).httpStatus).toBe(404);
    expect((await call('d11001llr', 'PUT', `${API}/stockLedgers/${ledger[0]!.id}`, { qty: '99' })).httpStatus).toBe(404);
    expect((await call('d11001llr', 'POST', `${API}/partStocks`, { partNo })).httpStatus).toBe(404);
    // Another dealer sees none of it.
    expect(await stockOf('d12001llr', partNo)).toBeUndefined();
    expect(await ledgerOf('d12001llr', partNo)).toEqual([]);
  });

  it('an out-order over stock is refused with nothing written; within stock it posts at the average cost; 作废 puts it back', async () => {
    const partNo = await newPart('260.00', '刹车分泵');
    await stocked('d11001llr', partNo, '3', '150');
    const over = await outOrder('d11001llr', [{ partNo, qty: '4' }], { receiverId: null });
    expect(over).toMatchObject({ status: '82081001', totalSales: '1040.00' });
    expect((over.lines as Line[])[0]).toMatchObject({ partName: expect.stringContaining('刹车分泵'), salesPrice: '260.00', warehouseCode: 'PJ01' });
    expect(await issue('d11001llr', over.id)).toMatchObject({ resultCode: 400, errMsg: `配件${partNo}（刹车分泵${serial}）库存不足：仓库PJ01可用3，需4` });
    expect((await call('d11001llr', 'GET', `${API}/partOutOrders/${over.id}`)).data).toMatchObject({ status: '82081001', totalCost: null });
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '3.00' });
    expect((await ledgerOf('d11001llr', partNo)).length).toBe(1);

    expect(await call('d11001llr', 'POST', `${API}/partOutOrders`, { outType: OUT.repairIssue, lines: [{ partNo, qty: '1' }] })).toMatchObject({ resultCode: 400, errMsg: '维修领料请填写工单号' });
    expect(await call('d11001llr', 'POST', `${API}/partOutOrders`, { outType: OUT.repairIssue, roNo: 'RO0000000000000000', lines: [{ partNo, qty: '1' }] })).toMatchObject({ resultCode: 400, errMsg: '工单RO0000000000000000不存在或不在本店' });
    expect(await call('d11001llr', 'POST', `${API}/partOutOrders`, { outType: '82071003', lines: [{ partNo, qty: '1' }] })).toMatchObject({ resultCode: 400, errMsg: '调拨出库单由调拨单审批通过后生成，不能手工新增' });
    expect(await call('d11001llr', 'POST', `${API}/partOutOrders`, { outType: OUT.partSale, lines: [{ partNo, qty: '1', warehouseCode: 'XX99' }] })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('出库明细第1行：仓库XX99不存在或已停用') });

    const sale = await outOrder('d11001llr', [{ partNo, qty: '2', salesPrice: '250' }], { outType: OUT.partSale, roNo: null, customerName: '张先生' });
    expect(await issue('d11001llr', sale.id)).toMatchObject({ resultCode: 200, data: { status: '82081002', totalCost: '300.00', totalSales: '500.00', issuerName: expect.any(String) } });
    const issued = (await call('d11001llr', 'GET', `${API}/partOutOrders/${sale.id}`)).data!;
    expect((issued.lines as Line[])[0]).toMatchObject({ costPrice: '150.0000', costAmount: '300.00', locationCode: 'A-01-01' });
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '1.00', avgCost: '150.0000', stockAmount: '150.00', lastOutAt: expect.any(String) });
    expect(await call('d11001llr', 'POST', `${API}/partOutOrders/${sale.id}/cancel`, { cancelReason: '客户退货' })).toMatchObject({ resultCode: 200 });
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '3.00', avgCost: '150.0000' });
    expect((await ledgerOf('d11001llr', partNo)).map((e) => [e.moveType, e.qty])).toEqual([
      [MOVE.purchaseIn, '3.00'],
      [MOVE.partSale, '-2.00'],
      [MOVE.partSale, '2.00'],
    ]);
    // A received order whose stock has since gone out cannot be voided: its reversal would go negative.
    const more = await purchase('d11001llr', [{ partNo, qty: '2', costPrice: '150' }]);
    await receive('d11001llr', more.id);
    const all = await outOrder('d11001llr', [{ partNo, qty: '5' }]);
    expect(await issue('d11001llr', all.id)).toMatchObject({ resultCode: 200 });
    expect(await call('d11001llr', 'POST', `${API}/partInOrders/${more.id}/cancel`, { cancelReason: '退回供应商' })).toMatchObject({
      resultCode: 400,
      errMsg: `入库单${String(more.inNo)}不能作废：配件${partNo}（刹车分泵${serial}）库存不足：仓库PJ01可用0，需2`,
    });
    expect((await call('d11001llr', 'GET', `${API}/partInOrders/${more.id}`)).data).toMatchObject({ status: '82061002' });
  });

  it('parallel: two issues of the last part at once, one is refused in Chinese and stock is 0, never −1; five issues of three, three pass', async () => {
    const partNo = await newPart('65.00', '火花塞');
    await stocked('d11001llr', partNo, '1', '40');
    const [a, b] = [await outOrder('d11001llr', [{ partNo, qty: '1' }]), await outOrder('d11001llr', [{ partNo, qty: '1' }])];
    const answers = await Promise.all([issue('d11001llr', a.id), issue('d11001llr', b.id)]);
    expect(answers.map((r) => r.resultCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.resultCode === 400)!.errMsg).toBe(`配件${partNo}（火花塞${serial}）库存不足：仓库PJ01可用0，需1`);
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '0.00', availableQty: '0.00' });

    const more = await newPart('65.00', '火花塞');
    await stocked('d11001llr', more, '3', '40');
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await outOrder('d11001llr', [{ partNo: more, qty: '1' }]));
    const five = await Promise.all(orders.map((o) => issue('d11001llr', o.id)));
    expect(five.filter((r) => r.resultCode === 200)).toHaveLength(3);
    expect(five.filter((r) => r.resultCode === 400).every((r) => String(r.errMsg).includes('库存不足'))).toBe(true);
    expect(await stockOf('d11001llr', more)).toMatchObject({ onHandQty: '0.00' });
    expect((await ledgerOf('d11001llr', more)).map((e) => e.qtyAfter)).toEqual(['3.00', '2.00', '1.00', '0.00']);
  });

  it('reservations: locked stock is not issued to others, an issue naming its reservation takes it, 0 ≤ locked ≤ on hand under parallel locks', async () => {
    const partNo = await newPart('420.00', '前刹车盘');
    await stocked('d11001llr', partNo, '3', '300');
    const lock = await call('d11001llr', 'POST', `${API}/partLocks`, { roNo, warehouseCode: 'PJ01', partNo, qty: '2' });
    expect(lock).toMatchObject({ resultCode: 200, data: { status: '82111001', partName: expect.stringContaining('前刹车盘'), issuedQty: '0.00' } });
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '3.00', lockedQty: '2.00', availableQty: '1.00' });
    expect(await call('d11001llr', 'POST', `${API}/partLocks`, { roNo, warehouseCode: 'PJ01', partNo, qty: '2' })).toMatchObject({ resultCode: 400, errMsg: `配件${partNo}（前刹车盘${serial}）可用库存不足：仓库PJ01可用1，需预留2` });
    const other = await outOrder('d11001llr', [{ partNo, qty: '2' }]);
    expect(await issue('d11001llr', other.id)).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('可用1，需2') });
    const own = await outOrder('d11001llr', [{ partNo, qty: '2', lockId: lock.data!.id }]);
    expect(await issue('d11001llr', own.id)).toMatchObject({ resultCode: 200 });
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '1.00', lockedQty: '0.00', availableQty: '1.00' });
    expect((await call('d11001llr', 'GET', `${API}/partLocks/${lock.data!.id}`)).data).toMatchObject({ status: '82111002', issuedQty: '2.00' });
    expect(await call('d11001llr', 'POST', `${API}/partLocks/${lock.data!.id}/release`)).toMatchObject({ resultCode: 400 });
    expect(await call('d11001llr', 'POST', `${API}/partOutOrders`, { outType: OUT.repairIssue, roNo, lines: [{ partNo, qty: '1', lockId: lock.data!.id }] })).toMatchObject({
      resultCode: 400,
      errMsg: '出库明细第1行：预留不存在、已领用或已释放',
    });

    const racing = await newPart('420.00', '前刹车盘');
    await stocked('d11001llr', racing, '3', '300');
    const locks = await Promise.all([1, 2, 3, 4].map(() => call('d11001llr', 'POST', `${API}/partLocks`, { roNo, warehouseCode: 'PJ01', partNo: racing, qty: '1' })));
    expect(locks.filter((r) => r.resultCode === 200)).toHaveLength(3);
    expect(await stockOf('d11001llr', racing)).toMatchObject({ onHandQty: '3.00', lockedQty: '3.00', availableQty: '0.00' });
    const releases = await Promise.all(locks.filter((r) => r.resultCode === 200).map((r) => call('d11001llr', 'POST', `${API}/partLocks/${r.data!.id}/release`)));
    expect(releases.every((r) => r.resultCode === 200)).toBe(true);
    expect(await stockOf('d11001llr', racing)).toMatchObject({ lockedQty: '0.00', availableQty: '3.00' });
  });

  it('a 退料 in-order returns what its repair order took, at the cost it went out at, and no more', async () => {
    const partNo = await newPart('95.00', '空气滤清器');
    await stocked('d11001llr', partNo, '4', '60');
    const taken = await outOrder('d11001llr', [{ partNo, qty: '3' }]);
    await issue('d11001llr', taken.id);
    const back = await call('d11001llr', 'POST', `${API}/partInOrders`, { inType: IN.repairReturn, sourceNo: roNo, lines: [{ partNo, qty: '1' }] });
    expect(back).toMatchObject({ resultCode: 200, data: { totalAmount: '60.00' } });
    expect((back.data!.lines as Line[])[0]).toMatchObject({ costPrice: '60.0000' });
    expect(await receive('d11001llr', back.data!.id)).toMatchObject({ resultCode: 200 });
    const tooMuch = await call('d11001llr', 'POST', `${API}/partInOrders`, { inType: IN.repairReturn, sourceNo: roNo, lines: [{ partNo, qty: '3' }] });
    expect(await receive('d11001llr', tooMuch.data!.id)).toMatchObject({ resultCode: 400, errMsg: `配件${partNo}的退料数量超过工单${roNo}未退的已领数量2` });
    expect(await call('d11001llr', 'POST', `${API}/partInOrders`, { inType: IN.repairReturn, sourceNo: 'RO0000000000000001', lines: [{ partNo, qty: '1' }] })).toMatchObject({
      resultCode: 400,
      errMsg: expect.stringContaining(`工单RO0000000000000001没有领用配件${partNo}，不能退料`),
    });
    expect(await call('d11001llr', 'POST', `${API}/partInOrders`, { inType: IN.repairReturn, lines: [{ partNo, qty: '1' }] })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('退料请在来源单号中填写工单号') });
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '2.00' });
    expect((await ledgerOf('d11001llr', partNo)).map((e) => [e.moveType, e.qty, e.refNo])).toEqual([
      [MOVE.purchaseIn, '4.00', null],
      [MOVE.repairIssue, '-3.00', roNo],
      [MOVE.returnIn, '1.00', roNo],
    ]);
  });

  const taskOf = async (who: Who, id: number) =>
    (await call<Page<ProcessTaskRow>>(who, 'GET', '/api/workflow/task/todo?pageSize=100')).data!.items.find((r) => r.model === 'allocation' && r.recordId === id);
  /** An allocation from D11001 to D12001, applied, submitted and approved by the sender's parts manager. */
  const allocated = async (lines: Line[]) => {
    const created = await call('d11001llr', 'POST', `${API}/allocations`, { toOwnerCode: 'D12001', reason: '对方店缺货', lines });
    expect(created.resultCode, created.errMsg).toBe(200);
    const id = created.data!.id;
    await call('d11001llr', 'POST', `${API}/allocations/${id}/submit`, { comment: '请审批' });
    const task = await taskOf('d11001llr', id);
    return { id, allocNo: String(created.data!.allocNo), approve: () => call('d11001llr', 'POST', `/api/workflow/task/${task!.taskId}/approve`, { comment: '同意' }) };
  };
  const inOf = async (allocNo: string) => (await call<Page<Row>>('d12001llr', 'GET', `${API}/allocateInOders?allocNo=${allocNo}`)).data!.items[0];

  it('[BO-API-08] an approved allocation leaves the sender at once; the receiver picks a warehouse (Storage/Select), receives part of it, then refuses the rest back', async () => {
    const partNo = await newPart('380.00', '前刹车片');
    await stocked('d11001llr', partNo, '6', '200');
    const short = await allocated([{ partNo, partName: 'x', qty: '9', transferPrice: '210' }]);
    expect(await short.approve()).toMatchObject({ resultCode: 400, errMsg: `配件${partNo}（前刹车片${serial}）库存不足：仓库PJ01可用6，需9` });
    expect((await call('d11001llr', 'GET', `${API}/allocations/${short.id}`)).data).toMatchObject({ status: '82011001' });

    const allocation = await allocated([{ partNo, partName: 'x', qty: '5', transferPrice: '210' }]);
    expect(await allocation.approve()).toMatchObject({ resultCode: 200 });
    const sent = (await call('d11001llr', 'GET', `${API}/allocations/${allocation.id}`)).data!;
    expect(sent).toMatchObject({ status: ALLOCATION.inTransit, outNo: expect.stringMatching(/^CKD11001/) });
    expect((sent.lines as Line[])[0]).toMatchObject({ partName: expect.stringContaining('前刹车片') });
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '1.00' });
    const out = (await call<Page<Row>>('d11001llr', 'GET', `${API}/partOutOrders?sourceNo=${allocation.allocNo}`)).data!.items[0]!;
    expect(out).toMatchObject({ outType: '82071003', status: '82081002', toOwnerCode: 'D12001', totalCost: '1000.00' });
    expect(await call('d11001llr', 'POST', `${API}/partOutOrders/${out.id}/cancel`, { cancelReason: '撤回' })).toMatchObject({ resultCode: 400, errMsg: '调拨出库单不能作废：调入经销商拒收时库存自动退回' });

    // The receiving dealer sees it (the sender does not: it is the receiver's record) and picks its warehouse.
    expect((await call<Page<Row>>('d11001llr', 'GET', `${API}/allocateInOders?allocNo=${allocation.allocNo}`)).data!.total).toBe(0);
    const incoming = await inOf(allocation.allocNo);
    expect(incoming).toMatchObject({ status: ALLOCATION.inTransit, fromOwnerCode: 'D11001', fromOwnerName: expect.stringContaining('北京'), outNo: out.outNo, totalQty: '5.00', totalAmount: '1050.00' });
    const storage = await call<{ value: string; text: string }[]>('d12001llr', 'GET', `${API}/allocateInOders/Storage/Select`);
    expect(storage).toMatchObject({ resultCode: 200 });
    expect(storage.data!.map((w) => w.value)).toEqual(['JP01', 'PJ01']);
    expect(storage.data![1]!.text).toBe('PJ01 配件库');

    const lineNo = ((await call('d12001llr', 'GET', `${API}/allocateInOders/${incoming!.id}`)).data!.lines as Line[])[0]!.lineNo;
    expect(await call('d12001llr', 'POST', `${API}/allocateInOders/${incoming!.id}/receive`, { warehouseCode: 'PJ01', lines: [{ lineNo, receiveQty: '6' }] })).toMatchObject({
      resultCode: 400,
      errMsg: `调拨明细第1行（配件${partNo}）：本次入库数量超过在途数量5`,
    });
    const partly = await call('d12001llr', 'POST', `${API}/allocateInOders/${incoming!.id}/receive`, { warehouseCode: 'PJ01', lines: [{ lineNo, receiveQty: '2' }] });
    expect(partly).toMatchObject({ resultCode: 200, data: { status: ALLOCATION.partly, warehouseCode: 'PJ01', inNo: expect.stringMatching(/^RKD12001/) } });
    expect(await stockOf('d12001llr', partNo)).toMatchObject({ onHandQty: '2.00', avgCost: '210.0000' });
    expect((await call('d11001llr', 'GET', `${API}/allocations/${allocation.id}`)).data).toMatchObject({ status: ALLOCATION.partly, inNo: (partly.data as Row).inNo });

    expect(await call('d12001llr', 'POST', `${API}/allocateInOders/${incoming!.id}/refuse`, {})).toMatchObject({ resultCode: 400, errMsg: '拒收前请填写：拒收原因' });
    expect(await call('d12001llr', 'POST', `${API}/allocateInOders/${incoming!.id}/refuse`, { refuseReason: '包装破损' })).toMatchObject({ resultCode: 200, data: { status: ALLOCATION.refused } });
    // The 3 still on the way go back into the sender's warehouse at the cost they left with.
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '4.00', avgCost: '200.0000' });
    expect((await call('d11001llr', 'GET', `${API}/allocations/${allocation.id}`)).data).toMatchObject({ status: ALLOCATION.refused });
    const refused = (await call('d12001llr', 'GET', `${API}/allocateInOders/${incoming!.id}`)).data!;
    expect((refused.lines as Line[])[0]).toMatchObject({ qty: '5.00', receivedQty: '2.00', returnedQty: '3.00' });
    expect(await call('d12001llr', 'POST', `${API}/allocateInOders/${incoming!.id}/receive`, {})).toMatchObject({ resultCode: 400, errMsg: '调拨入库单已入库或已拒收，不能再入库' });
    expect((await ledgerOf('d11001llr', partNo)).map((e) => [e.moveType, e.qty, e.refNo])).toEqual([
      [MOVE.purchaseIn, '6.00', null],
      [MOVE.allocationOut, '-5.00', allocation.allocNo],
      [MOVE.allocationIn, '3.00', allocation.allocNo],
    ]);
    expect((await ledgerOf('d12001llr', partNo)).map((e) => [e.moveType, e.qty, e.refNo])).toEqual([[MOVE.allocationIn, '2.00', allocation.allocNo]]);
  });

  it('parallel: two full receipts of one allocation at once, one passes and in transit never goes below zero', async () => {
    const partNo = await newPart('72.00', '机油滤清器');
    await stocked('d11001llr', partNo, '10', '45');
    const allocation = await allocated([{ partNo, partName: 'x', qty: '4', transferPrice: '50' }]);
    await allocation.approve();
    const incoming = await inOf(allocation.allocNo);
    const answers = await Promise.all([1, 2].map(() => call('d12001llr', 'POST', `${API}/allocateInOders/${incoming!.id}/receive`, { warehouseCode: 'PJ01' })));
    expect(answers.map((r) => r.resultCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.resultCode === 400)!.errMsg).toBe('调拨入库单已入库或已拒收，不能再入库');
    expect((await inOf(allocation.allocNo))).toMatchObject({ status: ALLOCATION.received });
    expect(await stockOf('d12001llr', partNo)).toMatchObject({ onHandQty: '4.00' });
    expect((await call('d11001llr', 'GET', `${API}/allocations/${allocation.id}`)).data).toMatchObject({ status: ALLOCATION.received });
  });

  it('a stocktake freezes its warehouse; approved by someone other than the counter it posts 盘盈/盘亏 so on-hand equals the count', async () => {
    const [a, b, c] = [await newPart('150.00', '车载香水'), await newPart('150.00', '车载香水'), await newPart('150.00', '车载香水')];
    const order = await purchase('d11001llr', [{ partNo: a, qty: '5', costPrice: '80' }, { partNo: b, qty: '5', costPrice: '80' }, { partNo: c, qty: '5', costPrice: '80' }], { warehouseCode: 'JP01' });
    await receive('d11001llr', order.id);
    expect(await call('d11001llr', 'POST', `${API}/stocktakes`, { warehouseCode: 'JP01', scope: '82091002', lines: [{ partNo: 'HS-0000000-XX' }] })).toMatchObject({
      resultCode: 400,
      errMsg: '盘点明细第1行：仓库JP01没有配件HS-0000000-XX的库存行，不能抽盘',
    });
    const created = await Promise.all([1, 2].map(() => call('d11001llr', 'POST', `${API}/stocktakes`, { warehouseCode: 'JP01', scope: '82091002', lines: [{ partNo: a }, { partNo: b }, { partNo: c }] })));
    expect(created.map((r) => r.resultCode).sort()).toEqual([200, 400]);
    const take = created.find((r) => r.resultCode === 200)!.data!;
    expect(created.find((r) => r.resultCode === 400)!.errMsg).toBe(`仓库JP01已有未完成的盘点单${String(take.takeNo)}`);
    expect(String(take.takeNo)).toMatch(/^PDD11001\d{10}$/);
    expect(take).toMatchObject({ status: '82101001', lineCount: 3 });
    expect((take.lines as Line[]).map((l) => [l.partNo, l.bookQty, l.countQty, l.costPrice])).toEqual([
      [a, '5.00', null, '80.0000'],
      [b, '5.00', null, '80.0000'],
      [c, '5.00', null, '80.0000'],
    ]);
    // Frozen: no posting to JP01 until the count is approved or cancelled; PJ01 goes on.
    const blocked = await purchase('d11001llr', [{ partNo: a, qty: '1', costPrice: '80' }], { warehouseCode: 'JP01' });
    expect(await receive('d11001llr', blocked.id)).toMatchObject({ resultCode: 400, errMsg: `仓库JP01正在盘点（${String(take.takeNo)}），盘点审核或作废前不能出入库` });
    expect(await call('d11001llr', 'POST', `${API}/stocktakes/${take.id}/submit`)).toMatchObject({ resultCode: 400, errMsg: `盘点明细第1行（配件${a}）未填写实盘数量` });
    const counted = await call('d11001llr', 'PUT', `${API}/stocktakes/${take.id}`, { lines: [{ partNo: a, countQty: '5', bookQty: '999' }, { partNo: b, countQty: '7' }, { partNo: c, countQty: '2' }] });
    expect(counted).toMatchObject({ resultCode: 200, data: { diffLines: 2, gainAmount: '160.00', lossAmount: '240.00' } });
    expect((counted.data!.lines as Line[]).map((l) => [l.bookQty, l.countQty, l.diffQty, l.diffAmount])).toEqual([
      ['5.00', '5.00', '0.00', '0.00'],
      ['5.00', '7.00', '2.00', '160.00'],
      ['5.00', '2.00', '-3.00', '-240.00'],
    ]);
    expect(await call('d11001llr', 'POST', `${API}/stocktakes/${take.id}/submit`)).toMatchObject({ resultCode: 200, data: { status: '82101002' } });
    expect(await call('d11001llr', 'POST', `${API}/stocktakes/${take.id}/approve`)).toMatchObject({ resultCode: 400, errMsg: '盘点人不能审核自己的盘点单' });
    expect(await call('d11001shr', 'POST', `${API}/stocktakes/${take.id}/approve`)).toMatchObject({ resultCode: 200, data: { status: '82101003', approverName: expect.any(String) } });
    for (const [partNo, count] of [[a, '5.00'], [b, '7.00'], [c, '2.00']] as const) expect(await stockOf('d11001llr', partNo, 'JP01')).toMatchObject({ onHandQty: count });
    expect((await ledgerOf('d11001llr', b)).map((e) => [e.moveType, e.qty, e.docNo])).toEqual([[MOVE.purchaseIn, '5.00', order.inNo], [MOVE.gain, '2.00', take.takeNo]]);
    expect((await ledgerOf('d11001llr', c)).map((e) => [e.moveType, e.qty])).toEqual([[MOVE.purchaseIn, '5.00'], [MOVE.loss, '-3.00']]);
    // Unfrozen.
    expect(await receive('d11001llr', blocked.id)).toMatchObject({ resultCode: 200 });
  });

  it('the repair-order contract (docs/models.md): a part line reserves, issues and returns stock through records() inside the order\'s own write, and a refusal rolls the order back', async () => {
    const partNo = await newPart('380.00', '前刹车片');
    await stocked('d11001llr', partNo, '3', '250');
    const db = t.server.database.db;
    const models = new Map(repositoryModels().map((m) => [m.model.name, m]));
    const advisor = (await loadSessionUser(db, (await db.selectFrom('users').select('id').where('userCode', '=', 'd11001fwgw').executeTakeFirstOrThrow()).id))!;
    const { rows } = await sql<{ id: number }>`select id from repair_orders where ro_no = ${roNo}`.execute(db);
    const orderId = Number(rows[0]!.id);
    // What the after-sales hook will do on saving the order's part lines, as a plan per save.
    let plan: (hook: HookContext) => Promise<void> = async () => undefined;
    const orderHooks: ModelHooks = { ...MODEL_HOOKS.repairOrder, afterWrite: (hook) => plan(hook) };
    const context: ReadContext = { db, user: advisor, loaded: models.get('repairOrder')!, hooks: orderHooks, models, allHooks: { ...MODEL_HOOKS, repairOrder: orderHooks } };
    const save = (remark: string) => updateRecord(context, orderId, { remark });
    let lockId = 0;
    let outNo = '';

    plan = async (hook) => {
      lockId = (await hook.records!('partLock').create({ roNo, warehouseCode: 'PJ01', partNo, qty: '2' })).id;
    };
    await save('材料行预留');
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '3.00', lockedQty: '2.00' });

    plan = async (hook) => {
      const outOrders = hook.records!('partOutOrder');
      const out = await outOrders.create({ outType: '82071001', roNo, lines: [{ partNo, warehouseCode: 'PJ01', qty: '2', lockId }] });
      await outOrders.transition(out.id, 'issue');
      const issued = (await outOrders.find(out.id))!;
      expect(issued).toMatchObject({ status: '82081002', totalCost: '500.00', totalSales: '760.00' });
      expect((issued.lines as Line[])[0]).toMatchObject({ costPrice: '250.0000', costAmount: '500.00', salesPrice: '380.00' });
      outNo = String(issued.outNo);
    };
    await save('领料');
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '1.00', lockedQty: '0.00' });
    expect((await call('d11001llr', 'GET', `${API}/partLocks/${lockId}`)).data).toMatchObject({ status: '82111002', issuedQty: '2.00' });

    // Too much: the issue is refused, and the order's own save with it.
    plan = async (hook) => {
      const out = await hook.records!('partOutOrder').create({ outType: '82071001', roNo, lines: [{ partNo, warehouseCode: 'PJ01', qty: '5' }] });
      await hook.records!('partOutOrder').transition(out.id, 'issue');
    };
    await expect(save('多领')).rejects.toThrow(`配件${partNo}（前刹车片${serial}）库存不足：仓库PJ01可用1，需5`);
    const { rows: after } = await sql<{ remark: string | null }>`select remark from repair_orders where id = ${orderId}`.execute(db);
    expect(after[0]!.remark).toBe('领料');
    const { rows: refused } = await sql<{ n: number }>`select count(*)::int as n from part_out_orders o join part_out_order_lines l on l.parent_id = o.id
      where o.ro_no = ${roNo} and l.part_no = ${partNo} and l.qty = 5`.execute(db);
    expect(refused[0]!.n).toBe(0);

    plan = async (hook) => {
      const inOrders = hook.records!('partInOrder');
      const back = await inOrders.create({ inType: '82051003', sourceNo: roNo, warehouseCode: 'PJ01', lines: [{ partNo, qty: '1' }] });
      await inOrders.transition(back.id, 'receive');
    };
    await save('退料');
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '2.00', avgCost: '250.0000' });
    expect((await ledgerOf('d11001llr', partNo)).map((e) => [e.moveType, e.qty, e.refNo, e.docNo === outNo])).toEqual([
      [MOVE.purchaseIn, '3.00', null, false],
      [MOVE.repairIssue, '-2.00', roNo, true],
      [MOVE.returnIn, '1.00', roNo, false],
    ]);
  });

  it('维修领料 and 退料 bring the repair order\'s part lines to what the ledger holds for it: 已领数量 and cost, parallel issues counted once each, a closed order refused', async () => {
    const partNo = await newPart('380.00', '前刹车片');
    await stocked('d11001llr', partNo, '6', '250');
    const db = t.server.database.db;
    const { rows } = await sql<{ vin: string; plateNo: string }>`select vin, plate_no as "plateNo" from repair_orders where owner_code = 'D11001' and plate_no is not null order by id limit 1`.execute(db);
    const ORDERS = '/api/repair/order/repair/orders';
    const opened = await call<Row & { roNo: string }>('d11001fwgw', 'POST', ORDERS, {
      ...rows[0]!, customerName: '领料测试', phone: '13911112222', repairTypeCode: 'RT01', mileage: 999999, labourLines: [{ labourCode: 'WX001' }], partLines: [{ partNo, qty: '3' }],
    });
    expect(opened.resultCode, opened.errMsg).toBe(200);
    const id = opened.data!.id;
    const ro = opened.data!.roNo;
    const lineOf = async () => ((await call<Row & { partLines: Line[] }>('d11001fwgw', 'GET', `${ORDERS}/${id}`)).data!.partLines.find((l) => l.partNo === partNo))!;
    const issueFor = async (qty: string) => {
      const out = await call('d11001llr', 'POST', `${API}/partOutOrders`, { outType: OUT.repairIssue, roNo: ro, lines: [{ partNo, qty }] });
      expect(out.resultCode, out.errMsg).toBe(200);
      return issue('d11001llr', out.data!.id);
    };

    expect((await issueFor('2')).resultCode).toBe(200);
    expect(await lineOf()).toMatchObject({ qty: '3.00', issuedQty: '2.00', costAmount: '500.00' });
    // What was taken holds the order: the line cannot go below it, the order cannot be voided.
    const order = (await call<Row>('d11001fwgw', 'GET', `${ORDERS}/${id}`)).data!;
    const kept = (order.partLines as Line[]).map(({ lineKey, partNo: p, qty }) => ({ lineKey, partNo: p, qty: p === partNo ? '1' : qty }));
    expect(await call('d11001fwgw', 'PUT', `${ORDERS}/${id}`, { labourLines: order.labourLines, partLines: kept })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining(`配件 ${partNo} 已领 2.00，数量不能少于已领数量`) });
    expect(await call('d11001fwgw', 'POST', `${ORDERS}/${id}/void`, { voidReason: '客户取消' })).toMatchObject({ resultCode: 400, errMsg: '已领料的工单不能作废，请先退料' });

    // 退料 of one: the line follows, at the cost it went out at.
    const back = await call('d11001llr', 'POST', `${API}/partInOrders`, { inType: IN.repairReturn, sourceNo: ro, warehouseCode: 'PJ01', lines: [{ partNo, qty: '1' }] });
    expect(back.resultCode, back.errMsg).toBe(200);
    expect((await receive('d11001llr', back.data!.id)).resultCode).toBe(200);
    expect(await lineOf()).toMatchObject({ issuedQty: '1.00', costAmount: '250.00' });

    // Two issues for the order at once: both counted.
    const both = await Promise.all([issueFor('1'), issueFor('1')]);
    expect(both.map((r) => r.resultCode)).toEqual([200, 200]);
    expect(await lineOf()).toMatchObject({ issuedQty: '3.00', costAmount: '750.00' });
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '3.00' });

    // Settled: neither issue nor return, and the stock does not move.
    await sql`update repair_orders set status = '80211004' where id = ${id}`.execute(db);
    expect(await issueFor('1')).toMatchObject({ resultCode: 400, errMsg: `工单${ro}已结算、已交车或已作废，不能领料或退料` });
    expect(await stockOf('d11001llr', partNo)).toMatchObject({ onHandQty: '3.00' });
  });

  it('a property: any sequence of receipts, issues, reservations, releases and counts keeps every balance equal to the sum of its postings', async () => {
    const receipt = fc.record({ kind: fc.constant('in' as const), qty: fc.integer({ min: 1, max: 6 }), cost: fc.integer({ min: 100, max: 99999 }) });
    // Receipts and issues most often; every sequence starts with a receipt, so the other steps have stock to act on.
    const step = fc.oneof(
      { arbitrary: receipt, weight: 3 },
      { arbitrary: fc.record({ kind: fc.constant('out' as const), qty: fc.integer({ min: 1, max: 6 }) }), weight: 3 },
      { arbitrary: fc.record({ kind: fc.constant('parallelOut' as const), qty: fc.integer({ min: 1, max: 3 }), times: fc.integer({ min: 2, max: 3 }) }), weight: 2 },
      { arbitrary: fc.record({ kind: fc.constant('lock' as const), qty: fc.integer({ min: 1, max: 3 }) }), weight: 2 },
      { arbitrary: fc.record({ kind: fc.constant('release' as const) }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('issueLocked' as const) }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('count' as const), qty: fc.integer({ min: 0, max: 12 }) }), weight: 1 },
    );
    const sequence = fc.tuple(receipt, fc.array(step, { minLength: 3, maxLength: 10 })).map(([first, rest]) => [first, ...rest]);
    await fc.assert(
      fc.asyncProperty(sequence, async (steps) => {
        const partNo = await newPart('99.00', '性质测试件');
        // What the stock should be, computed independently of the server.
        let onHand = 0;
        let locked = 0;
        const openLocks: { id: number; qty: number }[] = [];
        for (const s of steps) {
          if (s.kind === 'in') {
            const order = await purchase('d11001llr', [{ partNo, qty: String(s.qty), costPrice: (s.cost / 100).toFixed(2) }]);
            expect((await receive('d11001llr', order.id)).resultCode).toBe(200);
            onHand += s.qty;
          } else if (s.kind === 'out') {
            const order = await outOrder('d11001llr', [{ partNo, qty: String(s.qty) }]);
            const answer = await issue('d11001llr', order.id);
            expect(answer.resultCode).toBe(s.qty <= onHand - locked ? 200 : 400);
            if (answer.resultCode === 200) onHand -= s.qty;
          } else if (s.kind === 'parallelOut') {
            const orders = [];
            for (let i = 0; i < s.times; i++) orders.push(await outOrder('d11001llr', [{ partNo, qty: String(s.qty) }]));
            const answers = await Promise.all(orders.map((o) => issue('d11001llr', o.id)));
            const passed = answers.filter((a) => a.resultCode === 200).length;
            expect(passed).toBe(Math.min(s.times, Math.floor((onHand - locked) / s.qty)));
            onHand -= passed * s.qty;
          } else if (s.kind === 'lock') {
            const answer = await call('d11001llr', 'POST', `${API}/partLocks`, { roNo, warehouseCode: 'PJ01', partNo, qty: String(s.qty) });
            expect(answer.resultCode).toBe(onHand > 0 && s.qty <= onHand - locked ? 200 : 400);
            if (answer.resultCode === 200) {
              locked += s.qty;
              openLocks.push({ id: answer.data!.id, qty: s.qty });
            }
          } else if (s.kind === 'release' || s.kind === 'issueLocked') {
            const lock = openLocks.shift();
            if (!lock) continue;
            if (s.kind === 'release') expect((await call('d11001llr', 'POST', `${API}/partLocks/${lock.id}/release`)).resultCode).toBe(200);
            else {
              const order = await outOrder('d11001llr', [{ partNo, qty: String(lock.qty), lockId: lock.id }]);
              expect((await issue('d11001llr', order.id)).resultCode).toBe(200);
              onHand -= lock.qty;
            }
            locked -= lock.qty;
          } else if (s.kind === 'count') {
            if (onHand === 0 && !(await stockOf('d11001llr', partNo))) continue;
            const take = await call('d11001llr', 'POST', `${API}/stocktakes`, { warehouseCode: 'PJ01', scope: '82091002', lines: [{ partNo, countQty: String(s.qty) }] });
            expect(take.resultCode, take.errMsg).toBe(200);
            expect((await call('d11001llr', 'POST', `${API}/stocktakes/${take.data!.id}/submit`)).resultCode).toBe(200);
            const approved = await call('d11001shr', 'POST', `${API}/stocktakes/${take.data!.id}/approve`);
            if (s.qty < locked) {
              expect(approved).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('请先释放预留') });
              expect((await call('d11001llr', 'POST', `${API}/stocktakes/${take.data!.id}/cancel`)).resultCode).toBe(200);
            } else {
              expect(approved.resultCode).toBe(200);
              onHand = s.qty;
            }
          }
        }
        const stock = await stockOf('d11001llr', partNo);
        const ledger = await ledgerOf('d11001llr', partNo);
        const sum = ledger.reduce((total, e) => total + Math.round(Number(e.qty) * 100), 0);
        expect(Number(stock?.onHandQty ?? 0)).toBe(onHand);
        expect(Number(stock?.lockedQty ?? 0)).toBe(locked);
        expect(sum).toBe(onHand * 100);
        await invariants();
      }),
      { numRuns: 12, endOnFailure: true },
    );
  }, 300_000);
});
