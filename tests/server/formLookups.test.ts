import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaterialEntry, MaterialOptionEntry } from '../../server/data/materials';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { ConsultantRow, PositionUserRow } from '../../schemas/api/staff';
import type { RegionNode } from '../../schemas/api/dictionaries';

describe(`the form lookups (${DB_KIND})`, () => {
  let t: TestServer;
  let advisor: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestServer();
    [advisor, admin] = await Promise.all([t.login('d11001fwgw'), t.login('admin')]);
  });
  afterAll(() => t?.close());

  const get = <T>(url: string, token = advisor, query: Record<string, string> = {}) => t.call<T>({ method: 'GET', url, token, query });

  it('[BO-LOOK-01] [BO-LOOK-02] answers an empty list when the position code is missing or the string null', async () => {
    for (const url of ['/api/basedata/employees/consultants', '/api/basedata/employees/byPosition']) {
      expect(await get(url)).toMatchObject({ resultCode: 200, data: [] });
      expect(await get(url, advisor, { positionCode: 'null' })).toMatchObject({ resultCode: 200, data: [] });
      expect(await get(url, advisor, { positionCode: '' })).toMatchObject({ resultCode: 200, data: [] });
    }
  });

  it('[BO-LOOK-04] [BO-LOOK-05] lists the consultants of the caller\'s dealer with userId, userName, orgId, orgName, roleName, positionCode', async () => {
    const answer = await get<ConsultantRow[]>('/api/basedata/employees/consultants', advisor, { positionCode: 'FWGW', menuId: '1102', roleType: '10061012', flag: '1' });
    expect(answer.resultCode).toBe(200);
    expect(answer.data).toHaveLength(3);
    for (const row of answer.data!) {
      expect(Object.keys(row).sort()).toEqual(['orgId', 'orgName', 'positionCode', 'roleName', 'userId', 'userName']);
      expect(row).toMatchObject({ orgName: '北京华晟京通汽车销售服务有限公司', roleName: '服务顾问', positionCode: 'FWGW' });
    }
  });

  it('[BB-PICK-21] lists employed staff only unless flag 0, of every dealer under a manufacturer account, and of no other dealer for a dealer account', async () => {
    const all = await get<ConsultantRow[]>('/api/basedata/employees/consultants', admin, { positionCode: 'FWGW' });
    expect(new Set(all.data!.map((r) => r.orgName)).size).toBe(7);
    const own = await get<ConsultantRow[]>('/api/basedata/employees/consultants', advisor, { positionCode: 'FWGW' });
    expect(own.data!.every((r) => r.orgName.startsWith('北京'))).toBe(true);
    const db = t.server.database.db;
    await db.updateTable('users').set({ isOnjob: '10081002' }).where('userCode', '=', 'd11001fwgw3').execute();
    try {
      const employed = await get<ConsultantRow[]>('/api/basedata/employees/consultants', advisor, { positionCode: 'FWGW' });
      const everyone = await get<ConsultantRow[]>('/api/basedata/employees/consultants', advisor, { positionCode: 'FWGW', flag: '0' });
      expect([employed.data!.length, everyone.data!.length]).toEqual([2, 3]);
    } finally {
      await db.updateTable('users').set({ isOnjob: '10081001' }).where('userCode', '=', 'd11001fwgw3').execute();
    }
  });

  it('[BO-LOOK-07] [BO-LOOK-08] answers userId and employeeName for users by position, filtered by name', async () => {
    const technicians = await get<PositionUserRow[]>('/api/basedata/employees/byPosition', advisor, { positionCode: 'JS', menuId: '1102', flag: '1' });
    expect(technicians.data).toHaveLength(4);
    expect(Object.keys(technicians.data![0]!).sort()).toEqual(['employeeName', 'userId']);
    const name = technicians.data![0]!.employeeName;
    const found = await get<PositionUserRow[]>('/api/basedata/employees/byPosition', advisor, { positionCode: 'JS', keyword: name.slice(0, 2) });
    expect(found.data!.map((u) => u.employeeName)).toContain(name);
  });

  it('[BO-LOOK-10] [BO-LOOK-11] [BO-LOOK-12] [BO-API-19] [BO-API-20] [BB-API-16] [BB-API-17] walks the material levels brand, series, model, configuration, colour by materialId and materialNameZh', async () => {
    const brands = await get<MaterialEntry[]>('/api/basedata/materials/level/1');
    expect(brands.data!.map((b) => b.materialNameZh)).toEqual(['华晟']);
    let parent = brands.data![0]!;
    const levels = [parent];
    for (let level = 2; level <= 5; level++) {
      const items = await get<MaterialEntry[]>(`/api/basedata/materials/${parent.materialId}/items`);
      expect(items.data!.length).toBeGreaterThan(0);
      expect(items.data!.every((m) => m.level === level && typeof m.materialId === 'number' && m.materialNameZh.length > 0)).toBe(true);
      parent = items.data![0]!;
      levels.push(parent);
    }
    expect(levels.map((m) => m.materialNameZh)).toEqual(['华晟', '华晟 A3', '1.5L 手动舒适版', '标准配置', '星空黑']);
    expect((await get('/api/basedata/materials/level/6')).resultCode).toBe(400);
  });

  it('[BO-LOOK-13] [BB-API-18] answers the options of a configuration with optionId and optionNameZh', async () => {
    const configuration = (await get<MaterialEntry[]>('/api/basedata/materials/level/4')).data![0]!;
    const options = await get<MaterialOptionEntry[]>(`/api/basedata/materialOption/${configuration.materialId}/PKG`);
    expect(options.data!.map((o) => o.optionNameZh)).toEqual(['全景天窗包', '舒适座椅包', '智能驾驶辅助包']);
    expect(options.data!.every((o) => typeof o.optionId === 'number')).toBe(true);
  });

  it('[BO-ENT-12] [BB-API-05] answers the region tree by regionCode and regionName with tcRegionList nested province, city, county', async () => {
    const tree = (await get<RegionNode[]>('/api/dict/regions')).data!;
    const beijing = tree.find((p) => p.regionName === '北京市')!;
    expect(beijing.regionCode).toBe('110000');
    const chaoyang = beijing.tcRegionList[0]!.tcRegionList.find((c) => c.regionName === '朝阳区')!;
    expect(chaoyang).toEqual({ regionCode: '110105', regionName: '朝阳区', tcRegionList: [] });
  });
});
