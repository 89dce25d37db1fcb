// 菜单管理 adds a group and a leaf bound to a screen (issue 21): the leaf's keys are proposed from the screen and confirmed
// (all, or a subset of the proposal), every refusal says why and changes nothing, two adds of one path at once make one.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const MENUS_MENU = '9613';
const ROLES_MENU = '9612';
const SCREEN = 'system.dictionaries';

interface Created {
  id: string;
  title: string;
  path: string;
  component: string | null;
  permission: string[];
}

describe(`菜单管理: groups and leaves bound to screens (${DB_KIND})`, () => {
  let t: TestServer;
  let admin: string;
  let dealer: string;

  beforeAll(async () => {
    t = await startTestServer();
    [admin, dealer] = await Promise.all([t.login('admin'), t.login('d11001fwgw')]);
  });
  afterAll(() => t?.close());

  const menus = <T>(method: 'GET' | 'POST', path: string, payload?: object, token = admin) =>
    t.call<T>({ method, url: `/api/auth/menuList${path}`, token, payload, menuId: MENUS_MENU });
  const menuRow = (id: string) => sql<{ parentId: string | null; level: number; component: string | null; keepAlive: boolean; sort: number; permission: string[] }>`
    select parent_id, level, component, keep_alive, sort, permission from menus where id = ${id}`.execute(t.server.database.db);

  it('[issue21] proposes a leaf\'s keys from the screen\'s apis, as a screen file\'s menu gets them', async () => {
    const proposed = await menus<{ value: string }[]>('GET', `/proposedKeys/${SCREEN}`);
    const keys = proposed.data!.map((o) => o.value);
    expect(keys).toEqual(expect.arrayContaining(['GET_dict_admin/codes', 'POST_dict_admin/types', 'POST_dict_admin/codes', 'PUT_dict_admin/codes/{codeId}', 'DELETE_dict_admin/codes/{codeId}']));
    // The menu the screen file declared got the same keys at start.
    const declared = (await menuRow('system_dictionaries')).rows[0]!.permission;
    expect([...keys].sort()).toEqual([...declared].sort());
    expect((await menus('GET', '/proposedKeys/no.suchScreen')).errMsg).toBe('页面不存在：no.suchScreen');
  });

  it('[issue21] adds a group and a leaf with every proposed key (title, icon, path, order, keep-alive), audited', async () => {
    const group = await menus<Created>('POST', '/groups', { title: '保险业务', icon: 'SafetyOutlined', path: '/insurance', sort: 50 });
    expect(group.data).toMatchObject({ title: '保险业务', component: null, permission: [] });
    expect((await menuRow(group.data!.id)).rows[0]).toMatchObject({ parentId: null, level: 0, sort: 50 });
    const options = await menus<{ value: string; text: string }[]>('GET', '/groupOptions');
    expect(options.data).toContainEqual({ value: group.data!.id, text: '保险业务' });

    const leaf = await menus<Created>('POST', '/leaves', { parentId: group.data!.id, title: '字典副本', path: '/insurance/dictionaries', sort: 10, keepAlive: false, screenId: SCREEN, allKeys: true });
    const proposed = (await menus<{ value: string }[]>('GET', `/proposedKeys/${SCREEN}`)).data!.map((o) => o.value);
    expect(leaf.data).toMatchObject({ component: `screen:${SCREEN}`, permission: [...proposed].sort() });
    expect((await menuRow(leaf.data!.id)).rows[0]).toMatchObject({ parentId: group.data!.id, level: 1, keepAlive: false, sort: 10 });

    const audit = await t.call<Page<{ permissionKey: string; rowRef: string }>>({ method: 'GET', url: '/api/auth/auditLogs', token: admin, query: { pageNum: '1', limit: '50' } });
    const entries = audit.data!.items.map((e) => [e.permissionKey, e.rowRef]);
    expect(entries).toContainEqual(['POST_auth_menuList/groups', group.data!.id]);
    expect(entries).toContainEqual(['POST_auth_menuList/leaves', leaf.data!.id]);
  });

  it('[issue21] a subset of the proposal is kept as confirmed; keys outside it and bad parents, paths and screens are refused', async () => {
    const group = (await menus<Created>('POST', '/groups', { title: '子集测试', path: '/subset', sort: 1 })).data!;
    const leaf = { parentId: group.id, title: '只读字典', path: '/subset/read', sort: 1, keepAlive: true, screenId: SCREEN };
    const subset = await menus<Created>('POST', '/leaves', { ...leaf, allKeys: false, permissionKeys: ['GET_dict_admin/codes', 'GET_dict_admin/codes/{codeId}'] });
    expect(subset.data!.permission).toEqual(['GET_dict_admin/codes', 'GET_dict_admin/codes/{codeId}']);

    const refused = async (body: object) => (await menus('POST', '/leaves', { ...leaf, path: '/subset/other', ...body })).errMsg;
    expect(await refused({ allKeys: false, permissionKeys: ['GET_dict_admin/codes', 'DELETE_repair_order/repair/orders/{id}'] })).toBe('权限标识不在该页面建议的范围内：DELETE_repair_order/repair/orders/{id}');
    expect(await refused({ allKeys: false, permissionKeys: [] })).toBe('请至少选择一个权限标识');
    expect(await refused({ allKeys: true, path: '/subset/read' })).toBe('路径已被菜单 只读字典 使用：/subset/read');
    expect(await refused({ allKeys: true, parentId: subset.data!.id })).toBe(`上级菜单 ${subset.data!.id} 是页面，不是目录`);
    expect(await refused({ allKeys: true, parentId: 'nope' })).toBe('上级菜单不存在：nope');
    expect(await refused({ allKeys: true, screenId: 'no.suchScreen' })).toBe('页面不存在：no.suchScreen');
    // Malformed bodies never reach the data: the schema refuses them.
    for (const body of [{ title: '' }, { title: '很长'.repeat(11) }, { icon: '<script>' }, { path: 'no-slash' }, { sort: -1 }, { screenId: '../x' }]) {
      expect((await menus('POST', '/leaves', { ...leaf, path: '/subset/bad', allKeys: true, ...body })).resultCode).toBe(400);
    }
    const count = await sql<{ n: number }>`select count(*)::int as n from menus where path like '/subset/%'`.execute(t.server.database.db);
    expect(count.rows[0]!.n).toBe(1);
  });

  it('[issue21] two adds of one path at once make one menu; a dealer user cannot add menus', async () => {
    const group = (await menus<Created>('POST', '/groups', { title: '并发测试', path: '/race', sort: 1 })).data!;
    const add = () => menus<Created>('POST', '/leaves', { parentId: group.id, title: '并发', path: '/race/leaf', sort: 1, keepAlive: true, screenId: SCREEN, allKeys: true });
    const answers = await Promise.all([add(), add(), add()]);
    expect(answers.filter((a) => a.resultCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.errMsg === '路径已被菜单 并发 使用：/race/leaf')).toHaveLength(2);
    const count = await sql<{ n: number }>`select count(*)::int as n from menus where path = '/race/leaf'`.execute(t.server.database.db);
    expect(count.rows[0]!.n).toBe(1);
    expect((await menus('POST', '/groups', { title: '越权', path: '/dealer', sort: 1 }, dealer)).resultCode).toBe(403);
  });

  it('[issue21] 角色管理 grants the new leaf with a subset of its keys; the preview and the user\'s own menu show what the role sees', async () => {
    const group = (await menus<Created>('POST', '/groups', { title: '授权测试', path: '/grant', sort: 2 })).data!;
    const leaf = (await menus<Created>('POST', '/leaves', { parentId: group.id, title: '字典查询', path: '/grant/dict', sort: 1, keepAlive: true, screenId: SCREEN, allKeys: true })).data!;
    const role = await sql<{ roleId: number }>`select ur.role_id from user_roles ur join users u on u.id = ur.user_id where u.user_code = 'd11001fwgw' order by ur.role_id limit 1`.execute(t.server.database.db);
    const roleId = role.rows[0]!.roleId;
    const roles = <T>(method: 'GET' | 'PUT', path: string, payload?: object) => t.call<T>({ method, url: `/api/auth/roles${path}`, token: admin, payload, menuId: ROLES_MENU });

    const keys = (await roles<{ value: string }[]>('GET', `/menuKeys/${leaf.id}`)).data!.map((o) => o.value);
    expect(keys).toEqual(leaf.permission);
    expect((await roles('PUT', `/${roleId}/menus/${leaf.id}`, { allKeys: false, keys: ['GET_dict_admin/codes', 'DELETE_repair_order/repair/orders/{id}'] })).errMsg).toBe('菜单没有这些权限标识：DELETE_repair_order/repair/orders/{id}');
    expect((await roles('PUT', `/${roleId}/menus/${group.id}`, { allKeys: true })).errMsg).toBe(`菜单不存在或不是页面：${group.id}`);
    expect((await roles('PUT', `/999999/menus/${leaf.id}`, { allKeys: true })).resultCode).toBe(404);
    // Two grants at once: one row, the last one's keys.
    const grants = await Promise.all([roles('PUT', `/${roleId}/menus/${leaf.id}`, { allKeys: false, keys: ['GET_dict_admin/codes'] }), roles('PUT', `/${roleId}/menus/${leaf.id}`, { allKeys: false, keys: ['GET_dict_admin/codes'] })]);
    expect(grants.map((g) => g.resultCode)).toEqual([200, 200]);
    const rows = await sql<{ keys: string[] | null }>`select keys from role_menus where role_id = ${roleId} and menu_id = ${leaf.id}`.execute(t.server.database.db);
    expect(rows.rows).toEqual([{ keys: ['GET_dict_admin/codes'] }]);

    const preview = (await roles<{ menusText: string; keysText: string; keyCount: number }>('GET', `/${roleId}/preview`)).data!;
    expect(preview.menusText).toContain('授权测试\n　字典查询（1 个权限标识）');
    expect(preview.keysText.split('\n')).toContain('字典查询：GET_dict_admin/codes');
    // The dealer's own menu tree says the same.
    const tree = await t.call<{ id: string; children: { id: string; permission: string[] }[] }[]>({ method: 'GET', url: '/api/auth/menus', token: await t.login('d11001fwgw') });
    const shown = tree.data!.find((node) => node.id === group.id)!.children.find((node) => node.id === leaf.id)!;
    expect(shown.permission).toEqual(['GET_dict_admin/codes']);

    expect((await roles<{ keys: string[] | null }>('PUT', `/${roleId}/menus/${leaf.id}`, { allKeys: true })).data!.keys).toBeNull();
    expect((await roles<{ keyCount: number }>('GET', `/${roleId}/preview`)).data!.keyCount).toBe(preview.keyCount - 1 + leaf.permission.length);
    expect((await t.call({ method: 'GET', url: `/api/auth/roles/${roleId}/preview`, token: dealer, menuId: ROLES_MENU })).resultCode).toBe(403);
  });
});
