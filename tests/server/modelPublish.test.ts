import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelPreview, ModelPublishResult, ModelSummary } from '../../schemas/api/models';
import type { Field, Model } from '../../schemas/model/model.types';
import { publishModel, saveModelVersion } from '../../server/models/modelStore';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const DESIGNER = '/api/lowcode/designer/models';
const EDITOR_MENU = '9711';
const RECORDS = '/api/repair/vehicleInsurances';

const insurance = (extra: Partial<Model> = {}, policyLength = 30, more: Field[] = []): Model => ({
  name: 'vehicleInsurance',
  title: '车辆保险',
  service: 'repair',
  path: 'vehicleInsurances',
  scope: 'owner',
  titleField: 'policyNo',
  fields: [
    { name: 'policyNo', label: '保单号', type: 'string', length: policyLength, required: true },
    { name: 'premium', label: '保费', type: 'money' },
    ...more,
  ],
  ...extra,
});

describe(`models published in the browser (${DB_KIND})`, () => {
  let t: TestServer;
  let admin: string;
  let dealer: string;
  let dealerMenu: string;

  beforeAll(async () => {
    t = await startTestServer();
    [admin, dealer] = await Promise.all([t.login('admin'), t.login('d11001fwgw')]);
    // A menu the dealer user holds with every key (keys null): it stands for the leaf 菜单管理 will bind the screen to.
    const granted = await sql<{ menuId: string }>`select rm.menu_id from role_menus rm join user_roles ur on ur.role_id = rm.role_id join users u on u.id = ur.user_id
      where u.user_code = 'd11001fwgw' and rm.keys is null order by rm.menu_id limit 1`.execute(t.server.database.db);
    dealerMenu = granted.rows[0]!.menuId;
  });
  afterAll(() => t?.close());

  const designer = <T>(method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    t.call<T>({ method, url: `${DESIGNER}${path}`, token: admin, payload, menuId: EDITOR_MENU });
  const records = <T>(method: 'GET' | 'POST', path = '', payload?: object) => t.call<T>({ method, url: `${RECORDS}${path}`, token: dealer, payload, menuId: dealerMenu });
  const grantRecordKeys = async () => {
    const keys = t.app.routeAccessTable.filter((r) => r.key?.startsWith('GET_repair_vehicleInsurances') || r.key?.startsWith('POST_repair_vehicleInsurances')).map((r) => r.key!);
    await sql`update menus set permission = permission || ${JSON.stringify(keys)}::jsonb where id = ${dealerMenu}`.execute(t.server.database.db);
  };
  const column = async (name: string) =>
    (await sql<{ dataType: string; characterMaximumLength: number | null }>`select data_type, character_maximum_length from information_schema.columns
      where table_schema = current_schema() and table_name = 'vehicle_insurances' and column_name = ${name}`.execute(t.server.database.db)).rows[0];
  const catalogue = async () => Number((await sql<{ version: number }>`select version from model_catalogue`.execute(t.server.database.db)).rows[0]!.version);

  it('[issue21] imports the models/ files as published version 1', async () => {
    const list = await designer<ModelSummary[]>('GET', '');
    expect(list.data!.find((m) => m.name === 'repairOrder')).toMatchObject({ area: 'repair', publishedVersion: 1, latestVersion: 1, fileConflict: false });
    const versions = await designer<{ version: number; source: string }[]>('GET', '/repairOrder/versions');
    expect(versions.data!).toEqual([expect.objectContaining({ version: 1, source: 'file' })]);
  });

  it('[issue21] checks a model against the catalogue: unknown dictionary, unknown referenced model, bad expression, with JSON paths', async () => {
    const problemsOf = async (field: Field) => {
      const checked = await designer<{ problems: { path: string; message: string }[]; preview: ModelPreview | null }>('POST', '/check', { definition: insurance({}, 30, [field]) });
      expect(checked.data!.preview).toBeNull();
      return checked.data!.problems;
    };
    expect(await problemsOf({ name: 'kind', label: '险种', type: 'dict', dict: '99999' })).toEqual([expect.objectContaining({ path: '/fields/2/dict' })]);
    expect(await problemsOf({ name: 'car', label: '车辆', type: 'ref', ref: { model: 'nowhere' } })).toEqual([expect.objectContaining({ path: '/fields/2/ref/model' })]);
    expect(await problemsOf({ name: 'total', label: '合计', type: 'money', compute: 'premium +* 2' })).toEqual([expect.objectContaining({ path: '/fields/2/compute' })]);
    const bad = insurance({}, 30, [{ name: 'kind', label: '险种', type: 'dict', dict: '99999' }]);
    const saved = await designer('POST', '', { definition: bad });
    expect(saved.resultCode).toBe(400);
    expect(saved.errMsg).toContain('模型定义有误，未保存');
    expect((await designer('GET', '/vehicleInsurance')).resultCode).toBe(404);
  });

  it('[issue21] previews the table, saves a version, and a publish is served at once, audited', async () => {
    const checked = await designer<{ problems: unknown[]; preview: ModelPreview }>('POST', '/check', { definition: insurance() });
    expect(checked.data!.problems).toEqual([]);
    expect(checked.data!.preview.columns).toEqual(expect.arrayContaining([expect.objectContaining({ table: 'vehicle_insurances', column: 'policy_no', type: 'varchar(30)', notNull: true })]));
    expect(checked.data!.preview.changes[0]).toMatch(/^新建表 vehicle_insurances/);

    expect((await designer<{ version: number }>('POST', '', { definition: insurance(), comment: '新建' })).data!.version).toBe(1);
    // Saved, not published: no table, no route.
    expect(await column('policy_no')).toBeUndefined();
    expect((await records('GET')).httpStatus).toBe(404);

    const before = await catalogue();
    const published = await designer<ModelPublishResult>('POST', '/vehicleInsurance/publish', { version: 1 });
    expect(published.resultCode).toBe(200);
    expect(published.data!.changes[0]).toMatch(/^新建表 vehicle_insurances/);
    expect(published.data!.catalogueVersion).toBe(before + 1);
    expect(await column('policy_no')).toMatchObject({ dataType: 'character varying', characterMaximumLength: 30 });

    await grantRecordKeys();
    const created = await records<{ id: number; policyNo: string; ownerCode: string }>('POST', '', { policyNo: 'PB2026001', premium: '1234.50' });
    expect(created.data).toMatchObject({ policyNo: 'PB2026001' });
    const list = await records<{ total: number; items: { policyNo: string; premium: string }[] }>('GET');
    expect(list.data!.items).toEqual([expect.objectContaining({ policyNo: 'PB2026001', premium: '1234.50' })]);
    // The published table keeps its rows' count per dealer (issue 19) from its first row: the unfiltered total is read there.
    expect(list.data!.total).toBe(1);
    const kept = await sql<{ n: number }>`select row_count as n from owner_row_counts where table_name = 'vehicle_insurances' and owner_code = ${created.data!.ownerCode}`.execute(t.server.database.db);
    expect(kept.rows.map((r) => Number(r.n))).toEqual([1]);

    const audit = await t.call<{ items: { permissionKey: string; rowRef: string }[] }>({ method: 'GET', url: '/api/auth/auditLogs', token: admin, query: { pageNum: '1', limit: '50' } });
    const keys = audit.data!.items.map((i) => `${i.permissionKey} ${i.rowRef}`);
    expect(keys).toEqual(expect.arrayContaining(['POST_lowcode_designer/models vehicleInsurance', 'POST_lowcode_designer/models/{name}/publish vehicleInsurance']));
  });

  it('[issue21] applies an additive change at once: a new field and a longer text', async () => {
    const v2 = await designer<{ version: number }>('PUT', '/vehicleInsurance', { definition: insurance({}, 40, [{ name: 'remark', label: '备注', type: 'string', length: 200 }]), comment: '加备注' });
    expect(v2.data!.version).toBe(2);
    const published = await designer<ModelPublishResult>('POST', '/vehicleInsurance/publish', { version: 2 });
    expect(published.data!.changes).toEqual(['表 vehicle_insurances 的列 policy_no 扩展为 varchar(40)', '表 vehicle_insurances 新增列 remark varchar(200)']);
    expect(await column('policy_no')).toMatchObject({ characterMaximumLength: 40 });
    await grantRecordKeys();
    const created = await records<{ remark: string }>('POST', '', { policyNo: 'P'.repeat(40), remark: '续保' });
    expect(created.data).toMatchObject({ remark: '续保' });
  });

  it('[issue21] refuses a narrowing change with its reason and changes nothing; a rollback that would narrow likewise', async () => {
    const before = await catalogue();
    expect((await designer<{ version: number }>('PUT', '/vehicleInsurance', { definition: insurance({}, 20, [{ name: 'remark', label: '备注', type: 'string', length: 200 }]) })).data!.version).toBe(3);
    const refused = await designer('POST', '/vehicleInsurance/publish', { version: 3 });
    expect(refused.resultCode).toBe(400);
    expect(refused.errMsg).toContain('发布被拒绝，数据库未做任何修改');
    expect(refused.errMsg).toContain('长度缩短（现为 varchar(40)，模型要求 varchar(20)）');
    expect(await column('policy_no')).toMatchObject({ characterMaximumLength: 40 });
    expect(await catalogue()).toBe(before);
    const list = await designer<ModelSummary[]>('GET', '', undefined);
    expect(list.data!.find((m) => m.name === 'vehicleInsurance')).toMatchObject({ publishedVersion: 2, latestVersion: 3 });

    const rollback = await designer('POST', '/vehicleInsurance/rollback', { version: 1 });
    expect(rollback.errMsg).toContain('不能回滚到版本 1');
    expect((await designer<unknown[]>('GET', '/vehicleInsurance/versions')).data!).toHaveLength(3);
    // Back to version 2 (what is published) is a new version 4, published.
    const back = await designer<ModelPublishResult>('POST', '/vehicleInsurance/rollback', { version: 2 });
    expect(back.data).toMatchObject({ version: 4, changes: [] });
  });

  it('[issue21] publishes two versions at once: one after the other, both columns added, the catalogue raised twice', async () => {
    const a = await designer<{ version: number }>('PUT', '/vehicleInsurance', { definition: insurance({}, 40, [{ name: 'agent', label: '代理人', type: 'string', length: 20 }]) });
    const b = await designer<{ version: number }>('PUT', '/vehicleInsurance', { definition: insurance({}, 40, [{ name: 'insurer', label: '保险公司', type: 'string', length: 50 }]) });
    const before = await catalogue();
    const results = await Promise.all([a, b].map((v) => designer<ModelPublishResult>('POST', '/vehicleInsurance/publish', { version: v.data!.version })));
    expect(results.map((r) => r.resultCode)).toEqual([200, 200]);
    expect(results.map((r) => r.data!.catalogueVersion).sort()).toEqual([before + 1, before + 2]);
    expect(await column('agent')).toBeDefined();
    expect(await column('insurer')).toBeDefined();
    // What is served is the version published last.
    const last = results.find((r) => r.data!.catalogueVersion === before + 2)!.data!.version;
    const list = await designer<ModelSummary[]>('GET', '');
    expect(list.data!.find((m) => m.name === 'vehicleInsurance')!.publishedVersion).toBe(last);
  });

  it('[issue21] another instance learns of a publish from the catalogue version within a second', async () => {
    const db = t.server.database.db;
    const other = insurance({ name: 'vehicleWarranty', title: '延保', path: 'vehicleWarranties', table: 'vehicleWarranties' });
    // What a second server does: save and publish, without touching this server's host.
    await saveModelVersion(db, other, { comment: '', author: { code: 'admin', name: '管理员' }, create: true, area: 'custom' });
    await publishModel(db, 'vehicleWarranty', 1, { code: 'admin', name: '管理员' }, {}, async () => undefined);
    expect(t.app.routeAccessTable.some((r) => r.key === 'GET_repair_vehicleWarranties')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // The first request under a model prefix looks, reloads, and is served by the new host.
    const answer = await t.call({ method: 'GET', url: '/api/repair/vehicleWarranties', token: dealer, menuId: dealerMenu });
    expect(answer.resultCode).not.toBe(404);
    expect(t.app.routeAccessTable.some((r) => r.key === 'GET_repair_vehicleWarranties')).toBe(true);
  });
});
