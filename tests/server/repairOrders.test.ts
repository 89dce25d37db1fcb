import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { Page } from '../../schemas/api/page';

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
  labourAmount: 320.5,
  partAmount: 880,
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
    expect(all.data!.total).toBe(6000);
  });

  it('creates, reads, updates and deletes an order', async () => {
    const created = await t.call<RepairOrderView>({ method: 'POST', url: LIST, token: advisor, payload: VALID_ORDER });
    expect(created.resultCode).toBe(200);
    const order = created.data!;
    expect(order.roNo).toMatch(/^ROD11001\d{6}\d{4}$/);
    expect(order).toMatchObject({ ownerCode: 'D11001', vin: VALID_ORDER.vin, repairTypeName: '定期保养', labourAmount: '320.50', partAmount: '880.00' });
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
    const cents = await t.call({ method: 'POST', url: LIST, token: advisor, payload: { ...VALID_ORDER, labourAmount: 1.005 } });
    expect(cents.errMsg).toBe('工时费最多保留两位小数');
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
    interface OrderWithLines extends RepairOrderView {
      labourLines: { lineNo: number; labourName: string; hours: string; rate: string; amount: string }[];
      partLines: { lineNo: number; partCode: string; partName: string; quantity: string; unitPrice: string; amount: string }[];
    }
    const { labourAmount: _l, partAmount: _p, ...withoutAmounts } = VALID_ORDER;
    const LINES = {
      labourLines: [
        { labourName: '更换机油', hours: '1.5', rate: '120.00' },
        { labourName: '底盘检查', hours: 0.3, rate: '33.33' },
      ],
      partLines: [{ partCode: 'oil-5w30', partName: '机油', quantity: '4', unitPrice: '58.80' }],
    };

    it('saves the lines with the order in one call, each line\'s amount and the order\'s amounts computed exactly on the server', async () => {
      const created = await t.call<OrderWithLines>({ method: 'POST', url: LIST, token: advisor, payload: { ...withoutAmounts, ...LINES, labourAmount: 1 } });
      expect(created.resultCode).toBe(200);
      // 0.3 × 33.33 = 9.999 rounds to 10.00; the amount the client sent is not the one saved.
      expect(created.data).toMatchObject({ labourAmount: '190.00', partAmount: '235.20' });
      const read = (await t.call<OrderWithLines>({ method: 'GET', url: `${LIST}/${created.data!.id}`, token: advisor })).data!;
      expect(read.labourLines).toMatchObject([
        { lineNo: 1, labourName: '更换机油', hours: '1.5', rate: '120.00', amount: '180.00' },
        { lineNo: 2, labourName: '底盘检查', hours: '0.3', rate: '33.33', amount: '10.00' },
      ]);
      expect(read.partLines).toMatchObject([{ lineNo: 1, partCode: 'OIL-5W30', quantity: '4.00', amount: '235.20' }]);

      // An update without lines keeps them and the amounts; one that empties the labour lines makes the labour amount 0.
      const kept = await t.call<OrderWithLines>({ method: 'PUT', url: `${LIST}/${read.id}`, token: advisor, payload: { remark: '只改备注' } });
      expect(kept.data).toMatchObject({ remark: '只改备注', labourAmount: '190.00', partAmount: '235.20' });
      expect(kept.data!.labourLines).toHaveLength(2);
      const emptied = await t.call<OrderWithLines>({ method: 'PUT', url: `${LIST}/${read.id}`, token: advisor, payload: { labourLines: [] } });
      expect(emptied.data).toMatchObject({ labourAmount: '0.00', partAmount: '235.20', labourLines: [] });
      await t.call({ method: 'DELETE', url: `${LIST}/${read.id}`, token: advisor });
    });

    it('keeps the amounts of an order that never had lines, even when a form sends its empty lists back', async () => {
      const created = await t.call<OrderWithLines>({ method: 'POST', url: LIST, token: advisor, payload: { ...VALID_ORDER, labourLines: [], partLines: [] } });
      expect(created.data).toMatchObject({ labourAmount: '320.50', partAmount: '880.00', labourLines: [], partLines: [] });
      const edited = await t.call<OrderWithLines>({ method: 'PUT', url: `${LIST}/${created.data!.id}`, token: advisor, payload: { labourAmount: '99.90', labourLines: [], partLines: [] } });
      expect(edited.data).toMatchObject({ labourAmount: '99.90', partAmount: '880.00' });
      await t.call({ method: 'DELETE', url: `${LIST}/${created.data!.id}`, token: advisor });
    });

    it('refuses a bad line by its number, writing neither the order nor any line', async () => {
      const before = (await list(advisor, { pageSize: 1 })).data!.total;
      const refused = await t.call({
        method: 'POST',
        url: LIST,
        token: advisor,
        payload: { ...withoutAmounts, labourLines: [{ labourName: '更换机油', hours: '1', rate: '10' }, { labourName: '空', rate: '10' }], partLines: [{ partCode: 'A', partName: '配件', quantity: '1', unitPrice: '1.005' }] },
      });
      expect(refused.resultCode).toBe(400);
      expect(refused.errMsg).toBe('工时明细第2行：工时不能为空；材料明细第1行：单价最多保留两位小数');
      expect((await list(advisor, { pageSize: 1 })).data!.total).toBe(before);
    });

    it('keeps the amounts equal to the stored lines under parallel edits of one order', async () => {
      const created = await t.call<OrderWithLines>({ method: 'POST', url: LIST, token: advisor, payload: { ...withoutAmounts, ...LINES } });
      const id = created.data!.id;
      const edits = Array.from({ length: 8 }, (_, n) => ({
        labourLines: Array.from({ length: n + 1 }, (_, i) => ({ labourName: `项目${i + 1}`, hours: '1.5', rate: `${10 + n}.15` })),
        partLines: Array.from({ length: 8 - n }, (_, i) => ({ partCode: `P${i}`, partName: '配件', quantity: '3', unitPrice: '0.35' })),
      }));
      const answers = await Promise.all(edits.map((payload) => t.call({ method: 'PUT', url: `${LIST}/${id}`, token: advisor, payload })));
      expect(answers.every((a) => a.resultCode === 200)).toBe(true);
      const final = (await t.call<OrderWithLines>({ method: 'GET', url: `${LIST}/${id}`, token: advisor })).data!;
      const cents = (text: string) => Math.round(Number(text) * 100);
      expect(cents(final.labourAmount)).toBe(final.labourLines.reduce((sum, line) => sum + cents(line.amount), 0));
      expect(cents(final.partAmount)).toBe(final.partLines.reduce((sum, line) => sum + cents(line.amount), 0));
      // One of the edits won whole: its lines, not a mix of two.
      const winner = edits.find((e) => e.labourLines.length === final.labourLines.length)!;
      expect(final.partLines).toHaveLength(winner.partLines.length);
      expect(final.labourLines.map((l) => l.rate)).toEqual(winner.labourLines.map((l) => `${l.rate}`));
      await t.call({ method: 'DELETE', url: `${LIST}/${id}`, token: advisor });
    });
  });
});
