// 配件主档 (domain.md §3 PartInfo): the manufacturer's catalogue, seeded with 300–500 part numbers at the domain guide's
// prices; the manufacturer edits it, every dealer reads it, nobody deletes it (停用 instead).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const PARTS = '/api/part/stockmanage/partInfos';
type Row = Record<string, unknown> & { id: number };

describe(`[BO-PROD-07] 配件主档 (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};
  const users = ['admin', 'd11001llr', 'd31001llr'] as const;
  type Who = (typeof users)[number];

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of users) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  const call = <T = Row>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.call<T>({ method, url, token: tokens[who], ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const list = async (who: Who, query: string) => (await call<Page<Row>>(who, 'GET', `${PARTS}?pageSize=100&${query}`)).data!;

  it('the seeded catalogue holds 300–500 part numbers with the domain guide\'s names and prices, read alike by every dealer', async () => {
    const all = await list('d11001llr', '');
    expect(all.total).toBeGreaterThanOrEqual(300);
    expect(all.total).toBeLessThanOrEqual(500);
    expect((await list('d31001llr', '')).total).toBe(all.total);
    const one = async (partNo: string) => (await list('d11001llr', `partNo=${partNo}`)).items[0];
    expect(await one('HS-1012010-A3')).toMatchObject({ partName: '机油滤清器', unit: '个', category: '82021002', retailPrice: '72.00', taxRate: '0.1300', enabled: '1', series: ['华晟 A3'] });
    expect(await one('HS-3501010-A3')).toMatchObject({ partName: '前刹车片', unit: '套', retailPrice: '380.00', claimPrice: '304.00', insurancePrice: '361.00' });
    expect(await one('HS-3501010-S7')).toMatchObject({ partName: '前刹车片', retailPrice: '650.00' });
    expect(await one('HS-8806010-E6')).toMatchObject({ partName: '充电口总成', retailPrice: '1500.00', category: '82021007' });
    expect(await one('HS-5205010-A5')).toMatchObject({ partName: '雨刮片', unit: '对' });
    const brakePads = await list('d11001llr', 'keyword=前刹车片');
    for (const part of brakePads.items) expect(Number(part.retailPrice)).toBeGreaterThanOrEqual(380);
    for (const part of brakePads.items) expect(Number(part.retailPrice)).toBeLessThanOrEqual(650);
    expect((await list('d11001llr', 'keyword=hs-4121010')).items.map((p) => p.partName)).toEqual(['LED前大灯总成', 'LED前大灯总成', 'LED前大灯总成', 'LED前大灯总成']);
    expect((await list('d11001llr', 'category=82021007&series=华晟 E6')).items.every((p) => (p.series as string[]).includes('华晟 E6'))).toBe(true);
  });

  it('the manufacturer adds and edits a part; the number is kept, the unit and series are the catalogue\'s', async () => {
    const part = { partNo: 'hs-9099010-ty', partName: '车载吸尘器', unit: '个', category: '82021008', series: ['华晟 A3', '华晟 E6'], retailPrice: '299', claimPrice: '0', insurancePrice: '0' };
    const created = await call('admin', 'POST', PARTS, part);
    expect(created).toMatchObject({ resultCode: 200, data: { partNo: 'HS-9099010-TY', taxRate: '0.1300', enabled: '1', retailPrice: '299.00' } });
    const id = created.data!.id;
    expect(await call('admin', 'POST', PARTS, { ...part, partName: '重复' })).toMatchObject({ resultCode: 409 });
    expect(await call('admin', 'PUT', `${PARTS}/${id}`, { retailPrice: '329.00', enabled: '0' })).toMatchObject({ resultCode: 200, data: { retailPrice: '329.00', enabled: '0', partNo: 'HS-9099010-TY' } });
    expect(await call('admin', 'PUT', `${PARTS}/${id}`, { partNo: 'HS-9099011-TY' })).toMatchObject({ resultCode: 400, errMsg: '配件编号不可修改' });
    expect(await call('admin', 'POST', PARTS, { ...part, partNo: 'HS-9099020-TY', unit: '箱' })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('单位不正确：箱') });
    expect(await call('admin', 'POST', PARTS, { ...part, partNo: 'HS-9099030-TY', series: ['华晟 X9'] })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('适用车系不存在：华晟 X9') });
    expect(await call('admin', 'POST', PARTS, { ...part, partNo: 'HS 9099040' })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('配件编号只能由大写字母') });
    // Parts are switched off, never deleted: stock and its ledger keep naming them.
    expect((await call('admin', 'DELETE', `${PARTS}/${id}`)).httpStatus).toBe(404);
  });

  it('a dealer reads the catalogue but cannot change it', async () => {
    const id = (await list('d11001llr', 'partNo=HS-1012010-A3')).items[0]!.id;
    expect(await call('d11001llr', 'PUT', `${PARTS}/${id}`, { retailPrice: '1.00' })).toMatchObject({ resultCode: 403, errMsg: '配件主档由厂端维护，经销商只能查询' });
    expect(await call('d11001llr', 'POST', PARTS, { partNo: 'HS-9099050-TY', partName: '自建', unit: '个', category: '82021008', retailPrice: '1', claimPrice: '1', insurancePrice: '1' })).toMatchObject({
      resultCode: 403,
    });
    expect((await call('d11001llr', 'GET', `${PARTS}/${id}`)).data).toMatchObject({ retailPrice: '72.00' });
  });
});
