import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const MENU = 'system_dictionaries';
const INSURANCE = JSON.parse(readFileSync('tests/fixtures/configurator/vehicleInsurance.json', 'utf8')) as Record<string, unknown>;

describe(`字典管理 (${DB_KIND})`, () => {
  let t: TestServer;
  let admin: string;
  let dealer: string;

  beforeAll(async () => {
    t = await startTestServer();
    [admin, dealer] = await Promise.all([t.login('admin'), t.login('d11001fwgw')]);
  });
  afterAll(() => t?.close());

  const dict = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, query?: Record<string, string>) =>
    t.call<T>({ method, url: `/api/dict/admin${path}`, token: admin, payload, query, menuId: MENU });

  it('[issue21] adds a dictionary type and its codes (codeId, codeCnDesc, order, enabled), audited, served to every screen', async () => {
    expect((await dict('POST', '/types', { type: '8601', name: '保单状态' })).resultCode).toBe(200);
    expect((await dict('POST', '/types', { type: '8601', name: '重复' })).errMsg).toBe('字典类型已存在：8601');
    expect((await dict('POST', '/types', { type: '8021', name: '已有代码的类型' })).errMsg).toBe('字典类型已存在：8021');
    for (const [codeId, codeCnDesc, sort] of [['86011001', '待生效', 1], ['86011002', '已生效', 2], ['86011003', '已退保', 3]] as const) {
      expect((await dict('POST', '/codes', { type: '8601', codeId, codeCnDesc, sort })).resultCode).toBe(200);
    }
    expect((await dict('POST', '/codes', { type: '8601', codeId: '86011001', codeCnDesc: '重复' })).errMsg).toBe('代码已存在：86011001');
    expect((await dict('POST', '/codes', { type: '8601', codeId: '99991001', codeCnDesc: '错类型' })).errMsg).toBe('代码 99991001 应以字典类型 8601 开头');
    expect((await dict('POST', '/codes', { type: '8609', codeId: '86091001', codeCnDesc: '无此类型' })).errMsg).toBe('字典类型不存在：8609');

    const edited = await dict<{ codeCnDesc: string; enabled: boolean }>('PUT', '/codes/86011003', { codeCnDesc: '已退保（停用）', sort: 9, enabled: false });
    expect(edited.data).toMatchObject({ codeCnDesc: '已退保（停用）', enabled: false });
    const list = await dict<{ total: number; items: { codeId: string; enabledText: string }[] }>('GET', '/codes', undefined, { type: '8601' });
    expect(list.data!.items.map((c) => [c.codeId, c.enabledText])).toEqual([['86011001', '启用'], ['86011002', '启用'], ['86011003', '停用']]);
    // The shell's dictionary (every screen's selects) holds the new codes.
    const codes = await t.call<{ codeId: string }[]>({ method: 'GET', url: '/api/dict/codes', token: dealer, query: { type: '8601' } });
    expect(codes.data!.map((c) => c.codeId)).toEqual(['86011001', '86011002', '86011003']);

    const audit = await t.call<{ items: { permissionKey: string; rowRef: string }[] }>({ method: 'GET', url: '/api/auth/auditLogs', token: admin, query: { pageNum: '1', limit: '50' } });
    expect(audit.data!.items.map((i) => `${i.permissionKey} ${i.rowRef}`)).toEqual(
      expect.arrayContaining(['POST_dict_admin/types 8601', 'POST_dict_admin/codes 86011001', 'PUT_dict_admin/codes/{codeId} 86011003']),
    );
  });

  it('[issue21] a code held by records of a published model cannot be deleted; one no record holds can', async () => {
    await dict('POST', '/types', { type: '8602', name: '险种' });
    await dict('POST', '/codes', { type: '8602', codeId: '86021001', codeCnDesc: '交强险' });
    // A model naming the new dictionaries passes the check and is published.
    const designer = (method: 'POST', path: string, payload: object) => t.call<{ version: number }>({ method, url: `/api/lowcode/designer/models${path}`, token: admin, payload, menuId: '9711' });
    expect((await designer('POST', '', { definition: INSURANCE })).resultCode).toBe(200);
    expect((await designer('POST', '/vehicleInsurance/publish', { version: 1 })).resultCode).toBe(200);
    const granted = await sql<{ menuId: string }>`select rm.menu_id from role_menus rm join user_roles ur on ur.role_id = rm.role_id join users u on u.id = ur.user_id
      where u.user_code = 'd11001fwgw' and rm.keys is null order by rm.menu_id limit 1`.execute(t.server.database.db);
    const menuId = granted.rows[0]!.menuId;
    await sql`update menus set permission = permission || ${JSON.stringify(['POST_repair_vehicleInsurances'])}::jsonb where id = ${menuId}`.execute(t.server.database.db);
    const created = await t.call<{ status: string }>({ method: 'POST', url: '/api/repair/vehicleInsurances', token: dealer, menuId, payload: { policyNo: 'PB001', kind: '86021001', premium: '950.00', startDate: '2026-07-01' } });
    expect(created.data).toMatchObject({ status: '86011001' });

    const refused = await dict('DELETE', '/codes/86011001');
    expect(refused.resultCode).toBe(400);
    expect(refused.errMsg).toBe('代码 86011001（待生效）正被车辆保险的记录使用，不能删除；可停用该代码');
    expect((await dict('DELETE', '/codes/86021001')).errMsg).toContain('正被车辆保险的记录使用');
    expect((await dict('DELETE', '/codes/86011003')).resultCode).toBe(200);
    const left = await dict<{ items: { codeId: string }[] }>('GET', '/codes', undefined, { type: '8601' });
    expect(left.data!.items.map((c) => c.codeId)).toEqual(['86011001', '86011002']);
  });

  it('a models/ file brings its dictionaries at start: 潜客 declares its levels and states, served to every screen', async () => {
    const codes = await t.call<{ codeId: string; codeCnDesc: string }[]>({ method: 'GET', url: '/api/dict/codes', token: dealer, query: { type: '8310' } });
    expect(codes.data!.map((c) => c.codeCnDesc)).toEqual(['跟进中', '已下订', '已成交', '战败申请', '已战败', '休眠', '已合并']);
    const named = await t.server.database.db.selectFrom('dictTypes').select('name').where('type', '=', '8307').executeTakeFirst();
    expect(named?.name).toBe('意向级别');
  });

  it('a model brings its dictionaries: published, they are served; what 字典管理 changed since is kept when it is published again', async () => {
    const designer = (path: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
      t.call<{ version: number }>({ method, url: `/api/lowcode/designer/models${path}`, token: admin, payload, menuId: '9711' });
    const warranty = {
      ...INSURANCE,
      name: 'vehicleWarranty',
      title: '延保合同',
      path: 'vehicleWarranties',
      fields: (INSURANCE.fields as { name: string }[]).map((f) => (f.name === 'kind' ? { ...f, dict: '8612' } : f.name === 'status' ? { ...f, dict: '8611' } : f)),
      states: { ...(INSURANCE.states as object), initial: '86111001', editableIn: ['86111001'], deletableIn: ['86111001'], transitions: [{ name: 'activate', label: '生效', from: ['86111001'], to: '86111002', side: 'dealer' }] },
      dictionaries: [
        { type: '8611', name: '延保状态', codes: [{ code: '86111001', name: '待生效' }, { code: '86111002', name: '已生效' }] },
        { type: '8612', name: '延保类型', codes: [{ code: '86121001', name: '整车延保' }, { code: '86121002', name: '三电延保', enName: 'EV' }] },
      ],
    };
    delete (warranty as { export?: unknown }).export;
    delete (warranty as { import?: unknown }).import;
    expect((await designer('', { definition: warranty })).resultCode).toBe(200);
    // Saved but not published: nothing added yet.
    expect((await dict<{ items: unknown[] }>('GET', '/codes', undefined, { type: '8612' })).data!.items).toEqual([]);
    expect((await designer('/vehicleWarranty/publish', { version: 1 })).resultCode).toBe(200);
    const codes = await t.call<{ codeId: string; codeCnDesc: string }[]>({ method: 'GET', url: '/api/dict/codes', token: dealer, query: { type: '8612' } });
    expect(codes.data!.map((c) => `${c.codeId} ${c.codeCnDesc}`)).toEqual(['86121001 整车延保', '86121002 三电延保']);
    const types = await t.server.database.db.selectFrom('dictTypes').select(['type', 'name']).where('type', 'in', ['8611', '8612']).orderBy('type').execute();
    expect(types.map((x) => `${x.type} ${x.name}`)).toEqual(['8611 延保状态', '8612 延保类型']);

    // The administrator renames one code and switches another off; a new version adds a third code and keeps both edits.
    await dict('PUT', '/codes/86121001', { codeCnDesc: '整车延保（三年）', sort: 1, enabled: true });
    await dict('PUT', '/codes/86121002', { codeCnDesc: '三电延保', sort: 2, enabled: false });
    const third = { ...warranty, dictionaries: [warranty.dictionaries[0], { ...warranty.dictionaries[1], codes: [...warranty.dictionaries[1]!.codes, { code: '86121003', name: '动力总成延保' }] }] };
    expect((await designer('/vehicleWarranty', { definition: third, comment: '加一种延保' }, 'PUT')).resultCode).toBe(200);
    expect((await designer('/vehicleWarranty/publish', { version: 2 })).resultCode).toBe(200);
    const after = await dict<{ items: { codeId: string; codeCnDesc: string; enabledText: string }[] }>('GET', '/codes', undefined, { type: '8612' });
    expect(after.data!.items.map((c) => `${c.codeId} ${c.codeCnDesc} ${c.enabledText}`)).toEqual(['86121001 整车延保（三年） 启用', '86121002 三电延保 停用', '86121003 动力总成延保 启用']);
  });
});
