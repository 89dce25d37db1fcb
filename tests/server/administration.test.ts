// The administration routes change what the access check enforces: a user's roles, a role's menus, a menu's keys. And
// the bff's whitelist check of the quality-inspection rename.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleView, UserView } from '../../server/data/administration';
import { ERROR_CATALOGUE } from '../../server/http/errors';
import { MENUS } from '../../server/seed/catalogue';
import { DB_KIND, startTestServer, type TestServer } from './harness';
import type { Page } from '../../schemas/api/page';

const ORDERS = '/api/repair/order/repair/orders';

describe(`administration of users, roles and menus (${DB_KIND})`, () => {
  let t: TestServer;
  let admin: string;
  let sales: string;

  beforeAll(async () => {
    t = await startTestServer({ qualityInspectionWhitelist: ['D11001'] });
    [admin, sales] = await Promise.all([t.login('admin'), t.login('d11001xsgw2')]);
  });
  afterAll(() => t?.close());

  const userOf = async (userCode: string) => (await t.call<Page<UserView>>({ method: 'GET', url: '/api/auth/users', token: admin, query: { userCode } })).data!.items[0]!;
  const roleOf = async (roleCode: string) => (await t.call<Page<RoleView>>({ method: 'GET', url: '/api/auth/roles', token: admin })).data!.items.find((r) => r.roleCode === roleCode)!;
  const ordersAsSales = () => t.call({ method: 'GET', url: ORDERS, token: sales, menuId: '1101' });

  it('[BO-PERM-01] a role given to a user grants its menus at once; a menu taken from the role is refused at once', async () => {
    expect(await ordersAsSales()).toMatchObject({ resultCode: 403, errMsg: ERROR_CATALOGUE.forbidden.errMsg });
    const user = await userOf('d11001xsgw2');
    expect(user.roleCodes).toEqual(['XSGW']);
    const assigned = await t.call<UserView>({ method: 'PUT', url: `/api/auth/users/${user.id}`, token: admin, payload: { roleCodes: ['XSGW', 'JXSCX'] } });
    expect(assigned.data!.roleCodes).toEqual(['XSGW', 'JXSCX']);
    expect((await ordersAsSales()).resultCode).toBe(200);

    const readOnly = await roleOf('JXSCX');
    const without = readOnly.menuIds.filter((id) => id !== '1101');
    const changed = await t.call<RoleView>({ method: 'PUT', url: `/api/auth/roles/${readOnly.id}`, token: admin, payload: { menuIds: without } });
    expect(changed.data!.menuIds).toEqual(without);
    expect(await ordersAsSales()).toMatchObject({ resultCode: 403 });
    expect(await t.call({ method: 'PUT', url: `/api/auth/roles/${readOnly.id}`, token: admin, payload: { menuIds: ['1000'] } })).toMatchObject({ resultCode: 400, errMsg: '菜单不存在或不是页面：1000' });
    expect(await t.call({ method: 'PUT', url: `/api/auth/users/${user.id}`, token: admin, payload: { roleCodes: ['NOPE'] } })).toMatchObject({ resultCode: 400, errMsg: '角色不存在：NOPE' });
  });

  it('[BO-PERM-04] a menu\'s keys are edited in the key format, and the check follows them', async () => {
    const keys = MENUS.find((m) => m.id === '1101')!.permission;
    const edit = (permissionText: string) => t.call({ method: 'PUT', url: '/api/auth/menuList/1101', token: admin, payload: { permissionText } });
    expect(await edit('删除工单')).toMatchObject({ resultCode: 400, errMsg: '权限标识格式不正确（方法_服务名_路径）：删除工单' });
    expect((await edit(keys.filter((k) => !k.startsWith('GET_repair_order/repair/orders')).join('\n'))).resultCode).toBe(200);
    expect(await t.call({ method: 'GET', url: ORDERS, token: admin, menuId: '1101' })).toMatchObject({ resultCode: 403, errMsg: ERROR_CATALOGUE.keyNotGranted.errMsg });
    expect((await edit(keys.join('\n'))).resultCode).toBe(200);
    expect((await t.call({ method: 'GET', url: ORDERS, token: admin, menuId: '1101' })).resultCode).toBe(200);
    const audit = await t.call<Page<{ permissionKey: string; before: string; after: string }>>({ method: 'GET', url: '/api/auth/auditLogs', token: admin, query: { permissionKey: 'PUT_auth_menuList' } });
    const keysAfter = (entry: { after: string }) => (JSON.parse(entry.after) as { permissionText: string }).permissionText.split('\n');
    const [restored, narrowed] = audit.data!.items;
    expect(keysAfter(restored!)).toEqual(keys);
    expect(keysAfter(narrowed!)).not.toContain('GET_repair_order/repair/orders');
    expect((JSON.parse(narrowed!.before) as { permissionText: string }).permissionText.split('\n')).toEqual(keys);
  });

  it('lists users within the administrator\'s scope with their positions and roles', async () => {
    const page = await t.call<Page<UserView>>({ method: 'GET', url: '/api/auth/users', token: admin, query: { userCode: 'd11001fwgw' } });
    expect(page.data!.items[0]).toMatchObject({ userCode: 'd11001fwgw', positionNames: '服务顾问', roleNames: '维修顾问', roleCodes: ['WXGW'] });
  });

  it('[BO-QI-03] [BO-QI-10] [BO-API-14] [BO-API-15] the whitelist check passes for a listed owner code, asked by its own dealer with modType 91111057 and rosterType 0', async () => {
    const advisor = await t.login('d11001fwgw');
    const check = (token: string, ownerCode: string, modType = '91111057') =>
      t.call<boolean>({ method: 'GET', url: '/api/bff/api/v1/app/accidentClues/whitelist/checkWhitelist', token, query: { ownerCode, modType, rosterType: '0', vin: '' } });
    expect(await check(advisor, 'D11001')).toMatchObject({ resultCode: 200, data: true });
    expect((await check(advisor, 'D11001', '91111058')).data).toBe(false);
    expect((await check(await t.login('d31001fwgw'), 'D31001')).data).toBe(false);
    expect((await check(await t.login('d31001fwgw'), 'D11001')).data).toBe(false);
  });
});
