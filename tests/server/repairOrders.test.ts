import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { Page } from '../../schemas/api/page';
import { DEFAULT_REPAIR_ORDERS, TODAY_ORDERS_PER_SIZE } from '../../server/seed/demoWorld';
import { DEALERS } from '../../server/seed/catalogue';

/** A repair order as the model engine answers it (models/repair/repairOrder.json): money as exact decimal text. */
interface RepairOrderView {
  id: number;
  roNo: string;
  ownerCode: string;
  vin: string;
  plateNo: string;
  status: string;
  mileage: number;
  labourAmount: string;
  partAmount: string;
  totalAmount: string;
  remark: string | null;
  serviceAdvisorName: string | null;
  createdAt: string;
}

const LIST = '/api/repair/order/repair/orders';
const VALID_ORDER = {
  vin: 'LHSA3B1C9TS000017',
  plateNo: '京AD12345',
  customerName: '测试车主',
  phone: '13800138000',
  repairTypeCode: 'RT02',
  status: '80211001',
  mileage: 12345,
  remark: '首保后常规保养',
};

describe(`repair orders API (${DB_KIND})`, () => {
  let t: TestServer;
  let advisor: string;
  let otherDealer: string;
  let manufacturer: string;

  beforeAll(async () => {
    t = await startTestServer();
    [advisor, otherDealer, manufacturer] = await Promise.all([t.login('d11001fwgw'), t.login('d31001fwgw'), t.login('admin')]);
  });
  afterAll(() => t?.close());

  const list = (token: string, query: Record<string, string | string[] | number> = {}) =>
    t.call<Page<RepairOrderView>>({ method: 'GET', url: LIST, token, query: query as Record<string, string | string[]> });

  it('[BB-TBL-51] [BB-TBL-53] answers a page with total and items, reading the page under any of its names', async () => {
    const first = await list(advisor, { current: 1, pageSize: 50 });
    expect(first.resultCode).toBe(200);
    expect(first.data!.items).toHaveLength(50);
    expect(first.data!.total).toBeGreaterThan(500);
    const byPageNum = await list(advisor, { pageNum: 2, limit: 50 });
    const byPage = await list(advisor, { page: 2, size: 50 });
    expect(byPageNum.data!.items[0]!.id).toBe(byPage.data!.items[0]!.id);
    expect(byPageNum.data!.items[0]!.id).not.toBe(first.data!.items[0]!.id);
  });

  it('[BB-TBL-52] sorts by field|asc and field|desc on the server', async () => {
    const asc = await list(advisor, { current: 1, pageSize: 20, sort: 'mileage|asc' });
    const desc = await list(advisor, { current: 1, pageSize: 20, sort: 'mileage|desc' });
    const ascMileage = asc.data!.items.map((o) => o.mileage);
    expect(ascMileage).toEqual([...ascMileage].sort((a, b) => a - b));
    expect(desc.data!.items[0]!.mileage).toBeGreaterThanOrEqual(asc.data!.items.at(-1)!.mileage);
  });

  it('filters by VIN fragment, full VIN, status list and date range', async () => {
    const sample = (await list(advisor, { current: 1, pageSize: 1 })).data!.items[0]!;
    const byTail = await list(advisor, { vin: sample.vin.slice(-6) });
    expect(byTail.data!.items.every((o) => o.vin.endsWith(sample.vin.slice(-6)))).toBe(true);
    const byFull = await list(advisor, { vin: sample.vin });
    expect(byFull.data!.items.every((o) => o.vin === sample.vin)).toBe(true);
    expect(byFull.data!.total).toBeGreaterThan(0);
    const settled = await list(advisor, { status: ['80211003', '80211004'], pageSize: 100 });
    expect(settled.data!.items.every((o) => ['80211003', '80211004'].includes(o.status))).toBe(true);
    const day = await list(advisor, { createdFrom: '2026-03-01', createdTo: '2026-03-31', pageSize: 500 });
    expect(day.data!.items.length).toBeGreaterThan(0);
    expect(day.data!.items.every((o) => o.createdAt >= '2026-03-01 00:00:00' && o.createdAt <= '2026-03-31 23:59:59')).toBe(true);
  });

  it('rejects a malformed filter with a Chinese message and a non-200 resultCode', async () => {
    const bad = await list(advisor, { createdFrom: '2026/03/01' });
    expect(bad.resultCode).toBe(400);
    expect(bad.errMsg).toMatch(/^开单日期起/);
  });

  it("shows a dealer only its own orders, and other dealers' rows answer as not found", async () => {
    const mine = await list(advisor, { pageSize: 200 });
    expect(new Set(mine.data!.items.map((o) => o.ownerCode))).toEqual(new Set(['D11001']));
    const theirs = (await list(otherDealer, { pageSize: 1 })).data!.items[0]!;
    const peek = await t.call({ method: 'GET', url: `${LIST}/${theirs.id}`, token: advisor });
    expect(peek.resultCode).toBe(404);
    expect(peek.errMsg).toBe('记录不存在或无权访问');
    const all = await list(manufacturer, { pageSize: 1 });
    // Two years of orders, and those each dealer has opened today.
    expect(all.data!.total).toBe(DEFAULT_REPAIR_ORDERS + DEALERS.reduce((n, d) => n + d.size * TODAY_ORDERS_PER_SIZE, 0));
  });

  it('creates, reads, updates and deletes an order', async () => {
    const created = await t.call<RepairOrderView>({ method: 'POST', url: LIST, token: advisor, payload: VALID_ORDER });
    expect(created.resultCode).toBe(200);
    const order = created.data!;
    expect(order.roNo).toMatch(/^ROD11001\d{6}\d{4}$/);
    // Amounts are the lines' sums, kept by the server: an order opened without lines has none.
    expect(order).toMatchObject({ ownerCode: 'D11001', vin: VALID_ORDER.vin, repairTypeName: '定期保养', status: '80211001', labourAmount: '0.00', partAmount: '0.00', totalAmount: '0.00' });
    expect(order.serviceAdvisorName).toBeTruthy();

    const updated = await t.call<RepairOrderView>({ method: 'PUT', url: `${LIST}/${order.id}`, token: advisor, payload: { ...VALID_ORDER, mileage: 12400, remark: '' } });
    expect(updated.data).toMatchObject({ mileage: 12400, remark: null });

    const vinChange = await t.call({ method: 'PUT', url: `${LIST}/${order.id}`, token: advisor, payload: { ...VALID_ORDER, vin: 'LHSA3B1C0TS000018' } });
    expect(vinChange.errMsg).toBe('VIN不可修改');

    const removed = await t.call({ method: 'DELETE', url: `${LIST}/${order.id}`, token: advisor });
    expect(removed.resultCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `${LIST}/${order.id}`, token: advisor })).resultCode).toBe(404);
  });

  it('refuses invalid input with Chinese messages and writes nothing', async () => {
    const before = (await list(advisor, { pageSize: 1 })).data!.total;
    const missing = await t.call({ method: 'POST', url: LIST, token: advisor, payload: { ...VALID_ORDER, mileage: undefined } });
    expect(missing).toMatchObject({ resultCode: 400, errMsg: '进厂里程不能为空' });
    const badVin = await t.call({ method: 'POST', url: LIST, token: advisor, payload: { ...VALID_ORDER, vin: 'LHSA3B1C0TS000017' } });
    expect(badVin.resultCode).toBe(400);
    expect(badVin.errMsg).toContain('VIN格式不正确');
    const several = await t.call({ method: 'POST', url: LIST, token: advisor, payload: { ...VALID_ORDER, plateNo: '京I12345', phone: '12345678901', repairTypeCode: 'NOPE' } });
    expect(several.errMsg).toBe('车牌号格式不正确（如 京A12345，新能源 京AD12345）；车主电话格式不正确（11位手机号）；维修类型不存在');
    const cents = await t.call({ method: 'POST', url: LIST, token: advisor, payload: { ...VALID_ORDER, labourLines: [{ labourCode: 'BY001', price: '1.005' }] } });
    expect(cents.errMsg).toBe('维修项目第1行：工时单价最多保留两位小数');
    expect((await list(advisor, { pageSize: 1 })).data!.total).toBe(before);
  });

  it('lets only waiting orders be deleted, and never by another dealer', async () => {
    const settled = (await list(advisor, { status: '80211004', pageSize: 1 })).data!.items[0]!;
    const refused = await t.call({ method: 'DELETE', url: `${LIST}/${settled.id}`, token: advisor });
    expect(refused).toMatchObject({ resultCode: 400, errMsg: '只有待派工状态的维修工单可以删除' });
    const created = await t.call<RepairOrderView>({ method: 'POST', url: LIST, token: advisor, payload: { ...VALID_ORDER, vin: 'LHSA3B1C0TS000018' } });
    const foreign = await t.call({ method: 'DELETE', url: `${LIST}/${created.data!.id}`, token: otherDealer });
    expect(foreign.resultCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${LIST}/${created.data!.id}`, token: advisor })).resultCode).toBe(200);
  });

  it('keeps order numbers unique per dealer and day when many are opened at once', async () => {
    const vins = ['LHSA3B1C2TS000019',  'LHSA3B1C9TS000020',  'LHSA3B1C0TS000021',  'LHSA3B1C2TS000022',  'LHSA3B1C4TS000023',  'LHSA3B1C6TS000024',  'LHSA3B1C8TS000025',  'LHSA3B1CXTS000026'];
    const answers = await Promise.all(vins.map((vin) => t.call<RepairOrderView>({ method: 'POST', url: LIST, token: advisor, payload: { ...VALID_ORDER, vin } })));
    expect(answers.map((a) => a.resultCode)).toEqual(vins.map(() => 200));
    expect(new Set(answers.map((a) => a.data!.roNo)).size).toBe(vins.length);
  });

  it('refuses order creation by a manufacturer account', async () => {
    const answer = await t.call({ method: 'POST', url: LIST, token: manufacturer, payload: VALID_ORDER });
    expect(answer).toMatchObject({ resultCode: 403, errMsg: '维修工单只能由经销商账号开单' });
  });

  it('[BO-API-01] serves the repair types of basedataRepairtypes/findAllRepairType', async () => {
    const answer = await t.call<{ code: string; name: string }[]>({ method: 'GET', url: '/api/repair/basedataRepairtypes/findAllRepairType', token: advisor });
    expect(answer.data!.map((r) => r.name)).toContain('定期保养');
  });

  describe('labour and part lines', () => {
    interface Line {
      lineNo: number;
      lineKey: string;
      amount: string;
      chargeType: string;
      lineStatus?: string;
      [field: string]: unknown;
    }
    interface OrderWithLines extends RepairOrderView {
      labourLines: Line[];
      partLines: Line[];
      addItems: Line[];
      packages: Line[];
      customerAmount: string;
      warrantyAmount: string;
      freeAmount: string;
      discountAmount: string;
      taxAmount: string;
    }
    // D11001 prices its labour at ¥280 an hour (server/seed/labourItems.ts): 更换机油机滤 0.5 h, 更换前刹车片 0.8 h.
    const LINES = {
      labourLines: [
        { labourCode: 'by001' },
        { labourCode: 'WX001', stdHours: '0.3', price: '33.33', discountRate: '0.1' },
      ],
      partLines: [
        { partNo: 'HS-1012010-A3', qty: '1' },
        { partNo: 'HS-3501010-A3', qty: '1', chargeType: '80221002' },
      ],
      addItems: [{ itemCode: '80341005', amount: '40', chargeType: '80221005' }],
    };

    it("[BO-API-02] completes each line from the dealer's 工时项目 and the part master, and keeps the order's amounts equal to its lines", async () => {
      const created = await t.call<OrderWithLines>({ method: 'POST', url: LIST, token: advisor, payload: { ...VALID_ORDER, ...LINES, labourAmount: 1, totalAmount: 2 } });
      expect(created.resultCode).toBe(200);
      const order = created.data!;
      // 0.5 × 280 = 140.00; 0.3 × 33.33 × 0.9 = 8.9991 → 9.00; the amounts the client sent are not the ones saved.
      expect(order.labourLines).toMatchObject([
        { lineNo: 1, labourCode: 'BY001', labourName: '更换机油机滤', stdHours: '0.50', price: '280.00', amount: '140.00', chargeType: '80221001', lineStatus: '80231001' },
        { lineNo: 2, labourCode: 'WX001', labourName: '更换前刹车片', stdHours: '0.30', price: '33.33', discountRate: '0.1000', amount: '9.00' },
      ]);
      // A part's price follows its charge type: retail for the customer, the claim price (80%) for a warranty line.
      expect(order.partLines).toMatchObject([
        { partNo: 'HS-1012010-A3', partName: '机油滤清器', unitPrice: '72.00', amount: '72.00', issuedQty: '0.00' },
        { partNo: 'HS-3501010-A3', partName: '前刹车片', unitPrice: '304.00', amount: '304.00', chargeType: '80221002' },
      ]);
      expect(order.addItems).toMatchObject([{ itemName: '洗车费', amount: '40.00' }]);
      expect(order).toMatchObject({ labourAmount: '149.00', partAmount: '376.00', addItemAmount: '40.00', totalAmount: '565.00', customerAmount: '221.00', warrantyAmount: '304.00', freeAmount: '40.00', discountAmount: '1.00' });
      // Tax-inclusive at 13%: 565.00 − round(565.00 / 1.13, 2) = 565.00 − 500.00.
      expect(order.taxAmount).toBe('65.00');
      expect(new Set(order.labourLines.map((l) => l.lineKey)).size).toBe(2);

      // Sent back as read (the record page sends every line), the lines keep their keys; an update without lines keeps them.
      const kept = await t.call<OrderWithLines>({ method: 'PUT', url: `${LIST}/${order.id}`, token: advisor, payload: { remark: '只改备注' } });
      expect(kept.data).toMatchObject({ remark: '只改备注', totalAmount: '565.00' });
      const resent = await t.call<OrderWithLines>({ method: 'PUT', url: `${LIST}/${order.id}`, token: advisor, payload: { labourLines: order.labourLines, partLines: order.partLines, addItems: order.addItems } });
      expect(resent.data!.labourLines.map((l) => l.lineKey)).toEqual(order.labourLines.map((l) => l.lineKey));
      // Emptying the labour lines makes the labour amount 0 and the total the rest.
      const emptied = await t.call<OrderWithLines>({ method: 'PUT', url: `${LIST}/${order.id}`, token: advisor, payload: { labourLines: [] } });
      expect(emptied.data).toMatchObject({ labourAmount: '0.00', partAmount: '376.00', totalAmount: '416.00', labourLines: [] });
      await t.call({ method: 'DELETE', url: `${LIST}/${order.id}`, token: advisor });
    });

    it('refuses a bad line by its number and an unknown 工时项目, writing neither the order nor any line', async () => {
      const before = (await list(advisor, { pageSize: 1 })).data!.total;
      const refused = await t.call({
        method: 'POST',
        url: LIST,
        token: advisor,
        payload: { ...VALID_ORDER, labourLines: [{ labourCode: 'BY001' }, { labourCode: 'NOPE99' }, { stdHours: '1' }], partLines: [{ partNo: 'HS-NONE', qty: '1' }, { partNo: 'HS-1012010-A3', qty: '1.005' }] },
      });
      expect(refused.resultCode).toBe(400);
      expect(refused.errMsg).toBe('维修项目第3行：工时代码不能为空；维修材料第2行：数量最多保留两位小数；配件编号不存在；工时项目不存在或已停用：NOPE99；工时项目不存在或已停用：');
      expect((await list(advisor, { pageSize: 1 })).data!.total).toBe(before);
    });

    it('keeps the amounts equal to the stored lines under parallel edits of one order', async () => {
      const created = await t.call<OrderWithLines>({ method: 'POST', url: LIST, token: advisor, payload: { ...VALID_ORDER, ...LINES } });
      const id = created.data!.id;
      const edits = Array.from({ length: 8 }, (_, n) => ({
        labourLines: Array.from({ length: n + 1 }, (_, i) => ({ labourCode: i % 2 ? 'BY002' : 'BY003', price: `${10 + n}.15`, discountRate: `0.0${i}` })),
        partLines: Array.from({ length: 8 - n }, () => ({ partNo: 'HS-1012010-A3', qty: '3' })),
      }));
      const answers = await Promise.all(edits.map((payload) => t.call({ method: 'PUT', url: `${LIST}/${id}`, token: advisor, payload })));
      expect(answers.map((a) => a.resultCode)).toEqual(edits.map(() => 200));
      const final = (await t.call<OrderWithLines>({ method: 'GET', url: `${LIST}/${id}`, token: advisor })).data!;
      const cents = (text: unknown) => Math.round(Number(text) * 100);
      const sum = (lines: Line[]) => lines.reduce((total, line) => total + cents(line.amount), 0);
      expect(cents(final.labourAmount)).toBe(sum(final.labourLines));
      expect(cents(final.partAmount)).toBe(sum(final.partLines));
      expect(cents(final.totalAmount)).toBe(sum(final.labourLines) + sum(final.partLines) + sum(final.addItems));
      // One of the edits won whole: its lines, not a mix of two.
      const winner = edits.find((e) => e.labourLines.length === final.labourLines.length)!;
      expect(final.partLines).toHaveLength(winner.partLines.length);
      expect(final.labourLines.map((l) => l.price)).toEqual(winner.labourLines.map((l) => l.price));
      await t.call({ method: 'DELETE', url: `${LIST}/${id}`, token: advisor });
    });

    it("applies a package: its lines are copied with the package's code, its price spread so they add up to it exactly", async () => {
      const created = await t.call<OrderWithLines>({ method: 'POST', url: LIST, token: advisor, payload: { ...VALID_ORDER, labourLines: [{ labourCode: 'WX005' }] } });
      const id = created.data!.id;
      const packages = (await t.call<Page<{ packageCode: string; packagePrice: string; series: string[] }>>({ method: 'GET', url: '/api/repair/basedata/servicePackages', token: advisor, query: { packageCode: 'TC-A3-BY2' } })).data!.items;
      const chosen = packages[0]!;
      const applied = await t.call<OrderWithLines>({ method: 'POST', url: `${LIST}/${id}/applyPackage`, token: advisor, payload: { packageCode: chosen.packageCode } });
      expect(applied.resultCode).toBe(200);
      const order = applied.data!;
      const own = [...order.labourLines, ...order.partLines].filter((l) => l.packageCode === chosen.packageCode);
      expect(own.length).toBeGreaterThan(2);
      const cents = (text: unknown) => Math.round(Number(text) * 100);
      expect(own.reduce((total, line) => total + cents(line.amount), 0)).toBe(cents(chosen.packagePrice));
      expect(order.packages).toMatchObject([{ packageCode: chosen.packageCode, packagePrice: chosen.packagePrice }]);
      expect(cents(order.totalAmount)).toBe(cents(chosen.packagePrice) + cents(order.labourLines[0]!.amount));
      // A package line cannot be taken off alone; taking the package off takes its lines.
      const alone = await t.call({ method: 'PUT', url: `${LIST}/${id}`, token: advisor, payload: { ...order, labourLines: order.labourLines.filter((l) => l !== own[0]) } });
      expect(alone.errMsg).toContain('的项目不能单独修改或删除');
      const twice = await t.call({ method: 'POST', url: `${LIST}/${id}/applyPackage`, token: advisor, payload: { packageCode: chosen.packageCode } });
      expect(twice.errMsg).toBe(`工单已有套餐：${chosen.packageCode}`);
      const removed = await t.call<OrderWithLines>({ method: 'PUT', url: `${LIST}/${id}`, token: advisor, payload: { ...order, packages: [] } });
      expect(removed.resultCode).toBe(200);
      expect([...removed.data!.labourLines, ...removed.data!.partLines].filter((l) => l.packageCode)).toEqual([]);
      expect(removed.data!.totalAmount).toBe(order.labourLines[0]!.amount);
      await t.call({ method: 'DELETE', url: `${LIST}/${id}`, token: advisor });
    });
  });
});
