// Menus declared by screen files (server/data/screenMenus.ts): the test drive screen's `menu` block becomes the leaf
// 销售业务 › 销售管理 › 试驾登记 at start, with its permission keys derived from the routes and granted to the roles it lists.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseApiRef, permissionKeyOf } from '../../schemas/screen/apiRef';
import { serverHasRoute } from '../../schemas/screen/screenChecks';
import { WIDGET_CALLS } from '../../schemas/screen/widgetCalls';
import { screenMenuFiles, screenMenuId, syncScreenMenus } from '../../server/data/screenMenus';
import { withPermissionTables } from '../../server/db/permissionTables';
import { routeKeysOf } from '../../server/lowcode/screenKnowledge';
import { repositoryModels } from '../../server/models/modelCatalogue';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const MENU = 'sales_testDrives';

/** The ids of the screens under `dir` whose file has a menu block, in file path order: read from the files themselves,
 * so a new screen with a menu does not need this test changed. */
function screensWithMenus(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as { id: string; menu?: unknown })
    .filter((definition) => definition.menu !== undefined)
    .map((definition) => definition.id);
}

interface MenuNode {
  id: string;
  path: string;
  meta: { title: string };
  initials: string;
  component: string | null;
  permission: string[];
  children: MenuNode[];
}

describe(`menus declared by screen files (${DB_KIND})`, () => {
  let t: TestServer;
  let scratch: string;

  beforeAll(async () => {
    t = await startTestServer();
    scratch = mkdtempSync(join(tmpdir(), 'screen-menus-'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const db = () => withPermissionTables(t.server.database.db);
  const storedMenu = () => db().selectFrom('menus').selectAll().where('component', '=', 'screen:sales.testDrives').execute();
  const leaves = async (token: string) => {
    const answer = await t.call<MenuNode[]>({ method: 'GET', url: '/api/auth/menus', token });
    const found: MenuNode[] = [];
    const walk = (nodes: MenuNode[]) => nodes.forEach((n) => (n.children.length > 0 ? walk(n.children) : found.push(n)));
    walk(answer.data!);
    return found;
  };

  it('derives a stable menu id from the screen id', () => {
    expect(screenMenuId('sales.testDrives')).toBe(MENU);
    const long = screenMenuId('sales.aVeryLongScreenNameThatGoesOnAndOn');
    expect(long).toHaveLength(32);
    expect(long).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(screenMenuId('sales.aVeryLongScreenNameThatGoesOnAndOn')).toBe(long);
    expect(screenMenuId('sales.aVeryLongScreenNameThatGoesOnAndOx')).not.toBe(long);
  });

  it('creates the leaf under 销售业务 › 销售管理 from the screen file, with keys derived from the routes', async () => {
    const rows = await storedMenu();
    expect(rows).toHaveLength(1);
    const menu = rows[0]!;
    expect(menu).toMatchObject({ id: MENU, parentId: '2100', title: '试驾登记', level: 2, path: '/sales/salesManage/testDrives/index', sort: 20, keepAlive: true });
    // Every route of the model: list, get, create, update, delete, each transition, both exports.
    const modelKeys = t.app.routeAccessTable.filter((r) => r.key?.startsWith('GET_drive_testDrives') || /^(POST|PUT|DELETE)_drive_testDrives/.test(r.key ?? '')).map((r) => r.key!);
    expect(modelKeys.length).toBeGreaterThanOrEqual(9);
    for (const key of modelKeys) expect(menu.permission).toContain(key);
    for (const key of ['POST_drive_testDrives/{id}/start', 'POST_drive_testDrives/{id}/finish', 'POST_drive_testDrives/{id}/cancel', 'GET_drive_testDrives/export']) {
      expect(menu.permission).toContain(key);
    }
    // The lookups the screen names, written as the route table writes them (materials/level/3 -> {level}).
    expect(menu.permission).toContain('GET_basedata_employees/byPosition');
    expect(menu.permission).toContain('GET_basedata_materials/level/{level}');
    // The model's spec paths (routes) come with it; an option list brings its own read only, not its model's writes.
    expect(menu.permission).toEqual(expect.arrayContaining(['POST_drive_testDrive/saveTestDrivePlan', 'POST_drive_testDrive/cancelOrFinishTestDrive', 'GET_customer-business_potentialCustomers', 'GET_drive_testDrive/cars']));
    expect(menu.permission.filter((k) => k.includes('potentialCustomers') || k.includes('testDrive/cars'))).toEqual(['GET_customer-business_potentialCustomers', 'GET_drive_testDrive/cars']);
    // Nothing the screen does not call: no other model's or service's routes, no public or session-only route.
    const lookups = new Set(['GET_customer-business_potentialCustomers', 'GET_drive_testDrive/cars']);
    expect(menu.permission.filter((k) => !k.startsWith('GET_basedata_') && !/_drive_testDrives?\//.test(k) && !/_drive_testDrives$/.test(k) && !lookups.has(k))).toEqual([]);
    expect(menu.permission).not.toContain('GET_dict_codes');
  });

  it('shows the leaf to the roles the file lists, and refuses its routes to a role it does not list', async () => {
    const [consultant, advisor, admin] = await Promise.all([t.login('d11001xsgw'), t.login('d11001fwgw'), t.login('admin')]);
    const consultantLeaf = (await leaves(consultant)).find((m) => m.id === MENU);
    expect(consultantLeaf).toMatchObject({ meta: { title: '试驾登记' }, initials: 'sjdj', path: '/sales/salesManage/testDrives/index', component: 'screen:sales.testDrives' });
    expect(consultantLeaf!.permission).toContain('POST_drive_testDrives/{id}/start');
    // [rolePermissions] A consultant without the showroom manager's role is granted the reads and the named keys only:
    // plans and cancels drives, does not start or finish them (the test-drive specialist does).
    const planner = (await leaves(await t.login('d11001xsgw2'))).find((m) => m.id === MENU)!;
    expect(planner.permission).toEqual(expect.arrayContaining(['GET_drive_testDrives', 'POST_drive_testDrive/saveTestDrivePlan', 'POST_drive_testDrives/{id}/cancel']));
    expect(planner.permission).not.toContain('POST_drive_testDrives/{id}/start');
    expect(planner.permission).not.toContain('POST_drive_testDrives/{id}/finish');
    expect((await leaves(admin)).some((m) => m.id === MENU)).toBe(true);
    // The service advisor (维修顾问) is not listed: no menu, and the routes refuse him from it.
    expect((await leaves(advisor)).some((m) => m.id === MENU)).toBe(false);
    const refused = await t.call({ method: 'GET', url: '/api/2b/drive/testDrives', token: advisor, menuId: MENU });
    expect(refused.resultCode).toBe(403);
    const listed = await t.call<{ total: number }>({ method: 'GET', url: '/api/2b/drive/testDrives', token: consultant, menuId: MENU });
    expect(listed.resultCode).toBe(200);
  });

  it('updates the leaf in place on the next start, keeps grants made in 角色管理, and never duplicates', async () => {
    // A copy of the screens with the test drive menu retitled and one role more.
    const dir = join(scratch, 'screens');
    cpSync(t.config.screensDir, dir, { recursive: true });
    const file = join(dir, 'sales', 'testDrives.json');
    const definition = JSON.parse(readFileSync(file, 'utf8')) as { menu: { title: string; sort: number; roles: string[] } };
    definition.menu = { ...definition.menu, title: '试驾管理', sort: 30, roles: [...definition.menu.roles, 'JXSCX'] };
    writeFileSync(file, JSON.stringify(definition));
    // The administrator also granted the menu to the technicians' role by hand.
    const technicians = await db().selectFrom('roles').select('id').where('roleCode', '=', 'WXJS').executeTakeFirstOrThrow();
    await db().insertInto('roleMenus').values({ roleId: technicians.id, menuId: MENU, keys: null, actions: null, rangeCode: null }).execute();
    const before = await db().selectFrom('roleMenus').select('roleId').where('menuId', '=', MENU).execute();

    for (let run = 0; run < 2; run++) {
      const result = await syncScreenMenus(t.server.database.db, dir, t.app.routeAccessTable, repositoryModels());
      expect(result).toEqual({ menus: screensWithMenus(dir).map(screenMenuId), problems: [] });
      expect(result.menus).toEqual(expect.arrayContaining(['finance_receipts', 'parts_allocations', 'sales_quotations', MENU, 'system_dictionaries', 'workflow_myTodo']));
    }
    const rows = await storedMenu();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: MENU, title: '试驾管理', sort: 30 });
    const grants = await db().selectFrom('roleMenus as rm').innerJoin('roles as r', 'r.id', 'rm.roleId').select('r.roleCode').where('rm.menuId', '=', MENU).execute();
    expect(grants.map((g) => g.roleCode).sort()).toEqual(['C1001', 'JXSCX', 'WXJS', 'XSGW', 'ZTGW', 'ZTJL']);
    expect(grants).toHaveLength(before.length + 1);
  });

  it('reports an unknown parent or role without stopping, and touches nothing for that screen', async () => {
    const dir = join(scratch, 'broken');
    cpSync(join(t.config.screensDir, 'sales'), dir, { recursive: true });
    const file = join(dir, 'testDrives.json');
    const definition = JSON.parse(readFileSync(file, 'utf8')) as { id: string; menu: { parent: string; roles: string[] } };
    writeFileSync(file, JSON.stringify({ ...definition, id: 'sales.testDrivesCopy', menu: { ...definition.menu, parent: '2101' } }));
    writeFileSync(join(dir, 'other.json'), JSON.stringify({ ...definition, id: 'sales.testDrivesOther', menu: { ...definition.menu, roles: ['NOPE'] } }));
    const result = await syncScreenMenus(t.server.database.db, dir, t.app.routeAccessTable, repositoryModels());
    expect(result.problems).toEqual(['页面 sales.testDrivesOther 的菜单：角色不存在：NOPE', '页面 sales.testDrivesCopy 的菜单：上级菜单 2101 是页面，不是目录']);
    expect(result.menus).toEqual(screensWithMenus(dir).filter((id) => id !== 'sales.testDrivesCopy').map(screenMenuId));
    expect(result.menus).toContain('sales_testDrivesOther');
    expect(await db().selectFrom('menus').select('id').where('id', '=', 'sales_testDrivesCopy').executeTakeFirst()).toBeUndefined();
  });

  it('knows a route for every call a widget makes by itself, and only screen files with a menu block make menus', () => {
    const keys = routeKeysOf(t.app.routeAccessTable);
    for (const ref of Object.values(WIDGET_CALLS).flat()) expect(serverHasRoute(keys, permissionKeyOf(parseApiRef(ref))), ref).toBe(true);
    expect(screenMenuFiles(t.config.screensDir).map((f) => f.screenId)).toEqual(screensWithMenus(t.config.screensDir));
    expect(screenMenuFiles(t.config.screensDir).map((f) => f.screenId)).toEqual(expect.arrayContaining(['finance.receipts', 'sales.testDrives', 'workflow.myTodo']));
    // Screens without a menu block (the repair orders list, 概览's blocks) make none.
    expect(screenMenuFiles(t.config.screensDir).map((f) => f.screenId)).not.toContain('repair.orders');
  });
});
