import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEALERS, STANDARD_LABOURS } from '../../server/seed/catalogue';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { Page } from '../../schemas/api/page';

const LIST = '/api/repair/basedata/labourItems';
const BATCH = '/api/repair/basedata/labourItems/batch';
const PER_DEALER = STANDARD_LABOURS.length + 2;

/** A labour item as the list answers it: hours and price as exact decimal text ("1.5", "120.00"). */
interface LabourItemView {
  id: number;
  ownerCode: string;
  labourCode: string;
  labourName: string;
  stdLabourCode: string | null;
  repairTypeCode: string;
  stdHours: string;
  price: string;
  series: string[];
  enabled: string;
  effectiveDate: string;
  remark: string | null;
  updatedAt: string;
}

describe(`labour price list API (${DB_KIND})`, () => {
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
    t.call<Page<LabourItemView>>({ method: 'GET', url: LIST, token, query: query as Record<string, string | string[]> });
  const save = (token: string, payload: object) => t.call<{ inserted: number; updated: number; deleted: number }>({ method: 'POST', url: BATCH, token, payload });
  const byCode = async (token: string, labourCode: string) => (await list(token, { labourCode, pageSize: 100 })).data!.items.find((i) => i.labourCode === labourCode);

  it('lists a dealer its own price list and the manufacturer every dealer’s (data scope)', async () => {
    const own = await list(advisor, { current: 1, pageSize: 100 });
    expect(own.resultCode).toBe(200);
    expect(own.data!.total).toBe(PER_DEALER);
    expect(own.data!.items.every((i) => i.ownerCode === 'D11001')).toBe(true);
    expect(own.data!.items[0]).toMatchObject({ labourCode: 'BP001', stdLabourCode: 'BP001', repairTypeCode: 'RT06', series: [], effectiveDate: '2026-01-01' });
    const all = await list(manufacturer, { pageSize: 1 });
    expect(all.data!.total).toBe(PER_DEALER * DEALERS.length);
  });

  it('[BB-TBL-51] [BB-TBL-52] pages and sorts as the table asks, and applies its header filters', async () => {
    const page2 = await list(advisor, { pageNum: 2, limit: 10, sort: 'price|desc' });
    expect(page2.data!.items).toHaveLength(10);
    const asc = await list(advisor, { pageSize: 100, sort: 'stdHours|asc' });
    const hours = asc.data!.items.map((i) => Number(i.stdHours));
    expect(hours).toEqual([...hours].sort((a, b) => a - b));
    expect((await list(advisor, { labourName: '刹车' })).data!.items.map((i) => i.labourCode)).toEqual(['WX001', 'WX002', 'WX003']);
    expect((await list(advisor, { repairTypeCode: ['RT06', 'RT08'] })).data!.total).toBe(6);
    const pricey = await list(advisor, { priceFrom: 300, priceTo: 400 });
    expect(pricey.data!.items.every((i) => Number(i.price) >= 300 && Number(i.price) <= 400)).toBe(true);
    expect(pricey.data!.total).toBe(5);
    expect((await list(advisor, { enabled: '0' })).data!.items.every((i) => i.enabled === '0')).toBe(true);
    expect((await list(advisor, { series: ['华晟 E6'] })).data!.items.map((i) => i.labourCode)).toEqual(['DD001']);
    expect((await list(advisor, { effectiveDateFrom: '2026-02-01' })).data!.total).toBe(0);
    expect((await list(advisor, { keyword: '喷漆' })).data!.total).toBe(5);
  });

  it('[BB-TBL-54] looks up standard labours by the typed text for the search helper', async () => {
    const found = await t.call<{ code: string; name: string; stdHours: number }[]>({ method: 'GET', url: '/api/repair/basedata/standardLabours', token: advisor, query: { keyword: '机油' } });
    expect(found.data).toEqual([{ code: 'BY001', name: '更换机油机滤', repairTypeCode: 'RT02', stdHours: 0.5 }]);
    const byCodePrefix = await t.call<unknown[]>({ method: 'GET', url: '/api/repair/basedata/standardLabours', token: advisor, query: { keyword: 'bp' } });
    expect(byCodePrefix.data).toHaveLength(5);
  });

  it('[BB-TBL-15] [BB-TBL-16] saves the inserted, updated and deleted rows in one call', async () => {
    const oil = (await byCode(advisor, 'BY001'))!;
    const wipers = (await byCode(advisor, 'WX005'))!;
    const answer = await save(advisor, {
      inserted: [{ labourCode: 'zd-kt01', labourName: ' 空调管路清洗 ', stdLabourCode: 'WX010', repairTypeCode: 'RT01', stdHours: 1.5, price: 260, series: ['华晟 A3', '华晟 A3'], enabled: '1', effectiveDate: '2026-07-01', remark: '' }],
      updated: [{ ...oil, price: 300, labourName: '更换机油机滤（全合成）' }],
      deleted: [{ id: wipers.id }],
    });
    expect(answer).toMatchObject({ resultCode: 200, data: { inserted: 1, updated: 1, deleted: 1 } });
    expect(await byCode(advisor, 'ZD-KT01')).toMatchObject({ labourName: '空调管路清洗', series: ['华晟 A3'], remark: null, effectiveDate: '2026-07-01', ownerCode: 'D11001' });
    expect(await byCode(advisor, 'BY001')).toMatchObject({ price: '300.00', labourName: '更换机油机滤（全合成）' });
    expect(await byCode(advisor, 'WX005')).toBeUndefined();
    // The other dealer's list is untouched.
    expect((await list(otherDealer, { pageSize: 1 })).data!.total).toBe(PER_DEALER);
  });

  it('refuses the whole save when one row is wrong, naming the row', async () => {
    const before = (await list(advisor, { pageSize: 1 })).data!.total;
    const gear = (await byCode(advisor, 'BY006'))!;
    const answer = await save(advisor, {
      inserted: [{ labourCode: 'OK-01', labourName: '好的一行', repairTypeCode: 'RT01', stdHours: 1, price: 100, effectiveDate: '2026-07-01' }],
      updated: [{ ...gear, repairTypeCode: 'RT99', price: 12.345 }],
    });
    expect(answer.resultCode).toBe(400);
    expect(answer.errMsg).toBe('工时代码 BY006：维修类型不存在；工时代码 BY006：工时单价最多保留两位小数');
    expect((await list(advisor, { pageSize: 1 })).data!.total).toBe(before);
    expect(await byCode(advisor, 'OK-01')).toBeUndefined();
  });

  it('keeps labour codes unique per dealer, though a deleted code may be reused in the same save', async () => {
    const duplicate = await save(advisor, { inserted: [{ labourCode: 'BY002', labourName: '重复', repairTypeCode: 'RT02', stdHours: 1, price: 100, effectiveDate: '2026-07-01' }] });
    expect(duplicate).toMatchObject({ resultCode: 400, errMsg: '工时代码重复：BY002' });
    const filter = (await byCode(advisor, 'BY002'))!;
    const reused = await save(advisor, {
      inserted: [{ labourCode: 'BY002', labourName: '更换空气滤清器（新）', repairTypeCode: 'RT02', stdHours: 0.4, price: 280, effectiveDate: '2026-07-01' }],
      deleted: [{ id: filter.id }],
    });
    expect(reused.resultCode).toBe(200);
    expect(await byCode(advisor, 'BY002')).toMatchObject({ labourName: '更换空气滤清器（新）', stdHours: '0.4' });
    // Another dealer may use the same code.
    const elsewhere = await save(otherDealer, { inserted: [{ labourCode: 'ZD-KT01', labourName: '空调管路清洗', repairTypeCode: 'RT01', stdHours: 1.5, price: 240, effectiveDate: '2026-07-01' }] });
    expect(elsewhere.resultCode).toBe(200);
  });

  it('refuses a row changed by someone else since it was listed', async () => {
    const row = (await byCode(advisor, 'BY003'))!;
    expect((await save(advisor, { updated: [{ ...row, price: 290 }] })).resultCode).toBe(200);
    const stale = await save(advisor, { updated: [{ ...row, price: 295 }] });
    expect(stale).toMatchObject({ resultCode: 409, errMsg: '工时代码 BY003 已被他人修改，请刷新后重试' });
    expect((await byCode(advisor, 'BY003'))!.price).toBe('290.00');
  });

  it('answers rows of another dealer as not found, changing nothing, and lets only dealer staff save', async () => {
    const theirs = (await list(otherDealer, { labourCode: 'BY004' })).data!.items[0]!;
    const answer = await save(advisor, { updated: [{ ...theirs, price: 1 }], deleted: [{ id: theirs.id }] });
    expect(answer).toMatchObject({ resultCode: 404, errMsg: '记录不存在或无权访问' });
    expect((await list(otherDealer, { labourCode: 'BY004' })).data!.items[0]!.price).toBe(theirs.price);
    const fromFactory = await save(manufacturer, { deleted: [{ id: theirs.id }] });
    expect(fromFactory).toMatchObject({ resultCode: 403, errMsg: '工时项目只能由经销商账号维护' });
  });

  it('checks the rows against the schema, naming fields in Chinese', async () => {
    const answer = await save(advisor, { inserted: [{ labourCode: 'X1', repairTypeCode: 'RT01', stdHours: 1, price: 1, effectiveDate: '2026-07-01' }] });
    expect(answer).toMatchObject({ resultCode: 400, errMsg: '工时名称不能为空' });
    const negative = await save(advisor, { inserted: [{ labourCode: 'X1', labourName: '负数', repairTypeCode: 'RT01', stdHours: 1, price: -1, effectiveDate: '2026-07-01' }] });
    expect(negative.resultCode).toBe(400);
    expect(negative.errMsg).toContain('工时单价');
  });
});
