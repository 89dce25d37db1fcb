// 车辆物料 and 选装包 (domain.md §6): the material tree as models on their base tables, with the configurations' guide
// prices, fuel types, model years and the packages' prices; the manufacturer edits them, nobody else; a disabled
// material leaves the cascade and the level lists (the calls keep their answer shapes), the records keep naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import type { MaterialEntry, MaterialOptionEntry } from '../../server/data/materials';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const MATERIALS = '/api/basedata/vehicleMaterials';
const OPTIONS = '/api/basedata/vehicleMaterialOptions';
const LOOKUPS = '/api/basedata/materials';
type Row = Record<string, unknown> & { id: number };
const users = ['admin', 'rnmanager', 'd11001fwgw'] as const;
type Who = (typeof users)[number];

/** The domain guide's ranges of each series' guide prices (yuan). */
const RANGES: Record<string, [number, number]> = { '华晟 A3': [79_800, 109_800], '华晟 A5': [129_800, 169_800], '华晟 S7': [179_800, 259_800], '华晟 E6': [169_800, 219_800] };

describe(`[BO-LOOK-11] 车辆物料 (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens = {} as Record<Who, string>;

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of users) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  const call = <T = Row>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, menuId?: string) =>
    t.call<T>({ method, url, token: tokens[who], ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), ...(menuId ? { menuId } : {}) });
  const list = async (url: string, query = '') => (await call<Page<Row>>('admin', 'GET', `${url}?pageSize=1000&${query}`)).data!.items;
  const lookup = async <T>(url: string) => (await call<T>('d11001fwgw', 'GET', url)).data!;
  const byCode = async (code: string) => (await list(MATERIALS, `materialCode=${code}`)).find((m) => m.materialCode === code)!;

  it('seeds the configurations\' guide prices in the domain guide\'s ranges (智享 ¥10,000 above 标准), fuel types, model years and package prices', async () => {
    const configurations = await list(MATERIALS, 'level=4');
    expect(configurations).toHaveLength(20);
    for (const configuration of configurations) {
      const series = String(configuration.path).split(' / ')[1]!;
      const [low, high] = RANGES[series]!;
      expect(Number(configuration.guidePrice), String(configuration.path)).toBeGreaterThanOrEqual(low);
      expect(Number(configuration.guidePrice), String(configuration.path)).toBeLessThanOrEqual(high);
      expect(configuration).toMatchObject({ modelYear: '2025', enabled: '1', fuelType: series === '华晟 E6' ? '85051002' : '85051001' });
    }
    expect(await byCode('HS-A3-M1-C1')).toMatchObject({ guidePrice: '79800.00', path: '华晟 / 华晟 A3 / 1.5L 手动舒适版 / 标准配置' });
    expect(await byCode('HS-A3-M1-C2')).toMatchObject({ guidePrice: '89800.00', materialNameZh: '智享配置' });
    expect(await byCode('HS-E6')).toMatchObject({ fuelType: '85051002', guidePrice: null, level: 2 });
    const packages = await list(OPTIONS, `materialId=${(await byCode('HS-S7-M2-C1')).id}`);
    expect(packages.map((p) => [p.optionNameZh, p.price])).toEqual([
      ['全景天窗包', '6000.00'],
      ['舒适座椅包', '5000.00'],
      ['智能驾驶辅助包', '8000.00'],
    ]);
  });

  it('the manufacturer adds a model and its configuration with a guide price; code, level and parent are kept', async () => {
    const a5 = await byCode('HS-A5');
    const model = await call('admin', 'POST', MATERIALS, { materialCode: 'hs-a5-m3', materialNameZh: '1.5T 自动运动版', level: 3, parentId: a5.id, fuelType: '85051001', modelYear: '2026' });
    expect(model).toMatchObject({ resultCode: 200, data: { materialCode: 'HS-A5-M3', enabled: '1', parentName: '华晟 A5', path: '华晟 / 华晟 A5 / 1.5T 自动运动版' } });
    const configuration = { materialCode: 'HS-A5-M3-C1', materialNameZh: '标准配置', level: 4, parentId: model.data!.id, modelYear: '2026' };
    expect(await call('admin', 'POST', MATERIALS, configuration)).toMatchObject({ resultCode: 400, errMsg: '配置应填写厂商指导价' });
    const created = await call('admin', 'POST', MATERIALS, { ...configuration, guidePrice: '139800' });
    expect(created).toMatchObject({ resultCode: 200, data: { guidePrice: '139800.00' } });
    expect(await call('admin', 'POST', MATERIALS, { materialCode: 'HS-A5-M4', materialNameZh: '错误', level: 3, parentId: a5.id, guidePrice: '1' })).toMatchObject({ resultCode: 400, errMsg: '只有配置有厂商指导价' });
    expect(await call('admin', 'POST', MATERIALS, { materialCode: 'HS-A5-M5', materialNameZh: '错误', level: 4, parentId: a5.id, guidePrice: '1' })).toMatchObject({ resultCode: 400, errMsg: '配置的上级物料应为车型' });
    expect(await call('admin', 'POST', MATERIALS, { materialCode: 'HS-X', materialNameZh: '错误', level: 1, parentId: a5.id })).toMatchObject({ resultCode: 400, errMsg: '品牌没有上级物料' });
    const id = created.data!.id;
    expect(await call('admin', 'PUT', `${MATERIALS}/${id}`, { guidePrice: '142800.00' })).toMatchObject({ resultCode: 200, data: { guidePrice: '142800.00' } });
    expect(await call('admin', 'PUT', `${MATERIALS}/${id}`, { materialCode: 'HS-A5-M3-C9' })).toMatchObject({ resultCode: 400, errMsg: '物料编码不可修改' });
    expect(await call('admin', 'PUT', `${MATERIALS}/${id}`, { level: 5 })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('物料级别不可修改') });
    expect(await call('admin', 'PUT', `${MATERIALS}/${id}`, { parentId: a5.id })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('上级物料不可修改') });
    expect(await call('admin', 'POST', MATERIALS, { ...configuration, guidePrice: '1' })).toMatchObject({ resultCode: 409, errMsg: '物料编码已存在' });
    // The cascade reaches the new configuration through the existing calls, in their shape.
    const items = await lookup<MaterialEntry[]>(`${LOOKUPS}/${model.data!.id}/items`);
    expect(items).toEqual([{ materialId: id, materialNameZh: '标准配置', materialCode: 'HS-A5-M3-C1', level: 4, parentId: model.data!.id, guidePrice: '142800.00' }]);
  });

  it('[BO-LOOK-12] a disabled series leaves the cascade and every level list with what lies beneath it, and comes back when enabled', async () => {
    const e6 = await byCode('HS-E6');
    const names = async (level: number) => (await lookup<MaterialEntry[]>(`${LOOKUPS}/level/${level}`)).map((m) => m.materialCode);
    expect(await names(2)).toContain('HS-E6');
    expect(await call('admin', 'PUT', `${MATERIALS}/${e6.id}`, { enabled: '0' })).toMatchObject({ resultCode: 200, data: { enabled: '0' } });
    expect(await names(2)).not.toContain('HS-E6');
    expect((await names(3)).some((code) => code.startsWith('HS-E6'))).toBe(false);
    expect((await names(5)).some((code) => code.startsWith('HS-E6'))).toBe(false);
    expect(await lookup<MaterialEntry[]>(`${LOOKUPS}/${(await byCode('HS-E6-M1')).id}/items`)).toEqual([]);
    // The catalogue itself keeps it (switched off), as do the records that name it.
    expect(await byCode('HS-E6-M1')).toMatchObject({ enabled: '1' });
    expect(await call('admin', 'PUT', `${MATERIALS}/${e6.id}`, { enabled: '1' })).toMatchObject({ resultCode: 200 });
    expect((await names(3)).filter((code) => code.startsWith('HS-E6'))).toEqual(['HS-E6-M1', 'HS-E6-M2']);
  });

  it('[BO-LOOK-13] the manufacturer prices and switches off option packages; the option call lists the enabled ones in its shape', async () => {
    const configuration = await byCode('HS-A3-M2-C2');
    const option = { materialId: configuration.id, optionType: 'PKG', optionCode: 'p4', optionNameZh: '音响升级包', price: '3500', sort: 3 };
    const created = await call('admin', 'POST', OPTIONS, option);
    expect(created).toMatchObject({ resultCode: 200, data: { optionCode: 'P4', price: '3500.00', enabled: '1', materialName: '智享配置' } });
    expect(await call('admin', 'POST', OPTIONS, option)).toMatchObject({ resultCode: 400, errMsg: '该配置已有选装编码 P4' });
    expect(await call('admin', 'POST', OPTIONS, { ...option, optionCode: 'P5', materialId: (await byCode('HS-A3-M2')).id })).toMatchObject({ resultCode: 400, errMsg: '配置不存在' });
    expect(await call('admin', 'POST', OPTIONS, { ...option, optionCode: 'P6', optionType: 'pk1' })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('选装类型只能由大写字母组成') });
    const offered = async () => (await lookup<MaterialOptionEntry[]>(`/api/basedata/materialOption/${configuration.id}/PKG`)).map((o) => o.optionNameZh);
    expect(await offered()).toEqual(['全景天窗包', '舒适座椅包', '智能驾驶辅助包', '音响升级包']);
    expect(await call('admin', 'PUT', `${OPTIONS}/${created.data!.id}`, { enabled: '0', price: '3800' })).toMatchObject({ resultCode: 200, data: { price: '3800.00' } });
    expect(await offered()).toEqual(['全景天窗包', '舒适座椅包', '智能驾驶辅助包']);
    expect(await call('admin', 'PUT', `${OPTIONS}/${created.data!.id}`, { optionCode: 'P7' })).toMatchObject({ resultCode: 400, errMsg: '选装编码不可修改' });
  });

  it('only the manufacturer\'s own organisation changes materials and prices: a region manager and a dealer are refused', async () => {
    const configuration = await byCode('HS-S7-M1-C1');
    expect(await call('rnmanager', 'PUT', `${MATERIALS}/${configuration.id}`, { guidePrice: '1.00' }, 'material_materials')).toMatchObject({ resultCode: 403 });
    expect(await call('d11001fwgw', 'PUT', `${MATERIALS}/${configuration.id}`, { guidePrice: '1.00' }, 'material_materials')).toMatchObject({ resultCode: 403 });
    expect(await call('rnmanager', 'POST', OPTIONS, { materialId: configuration.id, optionCode: 'X1', optionNameZh: '自建', price: '1' }, 'material_materialOptions')).toMatchObject({ resultCode: 403 });
    expect((await byCode('HS-S7-M1-C1')).guidePrice).toBe('179800.00');
    // Nothing is deleted: bookings, quotations and targets keep naming their materials.
    expect((await call('admin', 'DELETE', `${MATERIALS}/${configuration.id}`)).httpStatus).toBe(404);
  });
});
