import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const DESIGNER = '/api/lowcode/designer/screens';
const EDITOR_MENU = '9711';

const listScreen = (columns: { title: string; dataIndex: string; dict?: string }[]) => ({
  id: 'test.orderList',
  title: '测试工单列表',
  service: 'repair',
  table: { api: 'repair:GET order/repair/orders', rowKey: 'id', columns },
});

describe(`screens stored on the server (${DB_KIND})`, () => {
  let t: TestServer;
  let admin: string;
  let advisor: string;

  beforeAll(async () => {
    t = await startTestServer();
    [admin, advisor] = await Promise.all([t.login('admin'), t.login('d11001fwgw')]);
  });
  afterAll(() => t?.close());

  const designer = <T>(method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, token = admin) =>
    t.call<T>({ method, url: `${DESIGNER}${path}`, token, payload, menuId: EDITOR_MENU });
  const runtimeScreen = (id: string) => t.call<{ title: string; table?: { columns: unknown[] } }>({ method: 'GET', url: `/api/lowcode/screens/${id}`, token: advisor });

  it('imports the screens/ files as published version 1 and serves them to the runtime', async () => {
    const orders = await runtimeScreen('repair.orders');
    expect(orders.data!.title).toBe('维修工单');
    const list = await designer<{ id: string; publishedVersion: number; menus: string[] }[]>('GET', '');
    expect(list.data!.find((s) => s.id === 'repair.orders')).toMatchObject({ publishedVersion: 1, menus: ['维修工单'] });
    const versions = await designer<{ version: number; source: string }[]>('GET', '/repair.orders/versions');
    expect(versions.data!).toEqual([expect.objectContaining({ version: 1, source: 'file' })]);
  });

  it('refuses an invalid screen with its JSON path and stores nothing: schema, unknown route, unknown dictionary', async () => {
    const schemaError = await designer('POST', '', { definition: { ...listScreen([{ title: '工单号', dataIndex: 'roNo' }]), onLoad: 'alert(1)' } });
    expect(schemaError.resultCode).toBe(400);
    expect(schemaError.errMsg).toContain('/onLoad 不允许的属性');
    const unknownRoute = await designer('POST', '', { definition: { ...listScreen([{ title: '工单号', dataIndex: 'roNo' }]), table: { api: 'repair:GET order/nowhere', columns: [{ title: '工单号', dataIndex: 'roNo' }] } } });
    expect(unknownRoute.errMsg).toContain('/table/api 服务器没有此接口：repair:GET order/nowhere');
    const unknownDict = await designer('POST', '', { definition: listScreen([{ title: '状态', dataIndex: 'roStatus', dict: '9999' }]) });
    expect(unknownDict.errMsg).toContain('/table/columns/0/dict 服务器没有此字典类型：9999');
    expect((await designer('GET', '/test.orderList')).resultCode).toBe(404);
  });

  it('saves versions with author and comment, publishes one to a menu, rolls back, and exports a file', async () => {
    const created = await designer<{ version: number }>('POST', '', { definition: listScreen([{ title: '工单号', dataIndex: 'roNo' }]), comment: '新建' });
    expect(created.data!.version).toBe(1);
    // Not published yet: staff cannot open it.
    expect((await runtimeScreen('test.orderList')).resultCode).toBe(404);
    const second = listScreen([{ title: '工单号', dataIndex: 'roNo' }, { title: '车牌号', dataIndex: 'plateNo' }]);
    expect((await designer<{ version: number }>('PUT', '/test.orderList', { definition: second, comment: '加车牌号' })).data!.version).toBe(2);
    const versions = await designer<{ version: number; comment: string; authorCode: string }[]>('GET', '/test.orderList/versions');
    expect(versions.data!.map((v) => [v.version, v.comment, v.authorCode])).toEqual([[2, '加车牌号', 'admin'], [1, '新建', 'admin']]);
    expect((await designer('PUT', '/test.orderList', { definition: { ...second, id: 'test.other' } })).resultCode).toBe(400);

    expect((await designer('POST', '/test.orderList/publish', { version: 2, menuId: '1000' })).errMsg).toContain('只能发布到末级菜单');
    expect((await designer('POST', '/test.orderList/publish', { version: 2, menuId: '1102' })).resultCode).toBe(200);
    expect((await runtimeScreen('test.orderList')).data!.table!.columns).toHaveLength(2);
    // The staff member's menu 维修提醒 now opens the new screen.
    const menus = await t.call<{ id: string; component: string; children?: unknown[] }[]>({ method: 'GET', url: '/api/auth/menus', token: advisor });
    expect(JSON.stringify(menus.data)).toContain('screen:test.orderList');

    const rolledBack = await designer<{ version: number }>('POST', '/test.orderList/rollback', { version: 1 });
    expect(rolledBack.data!.version).toBe(3);
    expect((await runtimeScreen('test.orderList')).data!.table!.columns).toHaveLength(1);
    const afterRollback = await designer<{ version: number; source: string; comment: string }[]>('GET', '/test.orderList/versions');
    expect(afterRollback.data![0]).toMatchObject({ version: 3, source: 'rollback', comment: '回滚到版本 1' });

    const file = await t.app.inject({ method: 'GET', url: `${DESIGNER}/test.orderList/export?version=2`, headers: { authorization: `Bearer ${admin}`, menuid: EDITOR_MENU, ...t.signatureHeaders('GET', `${DESIGNER}/test.orderList/export?version=2`) } });
    expect(file.headers['content-disposition']).toBe('attachment; filename="orderList.json"');
    expect(JSON.parse(file.body)).toEqual(second);
  });

  it('audits every write to a screen', async () => {
    const audit = await t.call<{ items: { permissionKey: string; rowRef: string }[] }>({ method: 'GET', url: '/api/auth/auditLogs', token: admin, query: { pageNum: '1', limit: '50' } });
    const keys = audit.data!.items.filter((e) => e.rowRef === 'test.orderList').map((e) => e.permissionKey);
    expect(keys).toEqual(expect.arrayContaining(['POST_lowcode_designer/screens', 'PUT_lowcode_designer/screens/{id}', 'POST_lowcode_designer/screens/{id}/publish', 'POST_lowcode_designer/screens/{id}/rollback']));
  });

  it('lets only a role granted 页面管理 edit screens', async () => {
    const refused = await designer('PUT', '/repair.orders', { definition: listScreen([{ title: '工单号', dataIndex: 'roNo' }]) }, advisor);
    expect(refused.resultCode).toBe(403);
    const knowledge = await t.call<{ routeKeys: string[]; dictTypes: string[] }>({ method: 'GET', url: '/api/lowcode/designer/knowledge', token: admin, menuId: EDITOR_MENU });
    expect(knowledge.data!.routeKeys).toContain('GET_repair_order/repair/orders/{}');
    expect(knowledge.data!.dictTypes).toContain('8973');
    expect((await t.call({ method: 'GET', url: '/api/lowcode/designer/knowledge', token: advisor, menuId: EDITOR_MENU })).resultCode).toBe(403);
  });

  it('tags a published definition with an ETag: 304 while it is unchanged, a new tag once another version is published (issue 20)', async () => {
    const url = '/api/lowcode/screens/test.orderList';
    const get = (ifNoneMatch?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { ...t.signatureHeaders('GET', url), authorization: `Bearer ${advisor}`, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
      });
    const first = await get();
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.json()).toMatchObject({ resultCode: 200, data: { id: 'test.orderList' } });

    const again = await get(etag);
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe('');
    expect((await get(`W/${etag}, "other"`)).statusCode).toBe(304);

    const third = listScreen([{ title: '工单号', dataIndex: 'roNo' }, { title: 'VIN', dataIndex: 'vin' }]);
    const saved = await designer<{ version: number }>('PUT', '/test.orderList', { definition: third, comment: '加 VIN' });
    expect((await designer('POST', '/test.orderList/publish', { version: saved.data!.version, menuId: '1102' })).resultCode).toBe(200);
    const changed = await get(etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.table.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual(['roNo', 'vin']);
  });
});
