// The administration screens' data: users and the roles they hold, roles and the menus they grant, menus and their
// permission keys. Users are read and changed within the administrator's data scope.
import { sql, type Kysely } from 'kysely';
import { withPermissionTables } from '../db/permissionTables';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { ownerScope } from './scope';
import type { Page } from '../../schemas/api/page';
import { dataSideOf } from '../../schemas/permissions/dataSide';
import { containing } from './likePatterns';

/** A permission key: method, service name, path (back-office §6). */
// The characters a route's path can hold ({name} placeholders included): a key is shown in 菜单管理 and the audit log,
// so nothing that reads as markup or a script may be stored as one.
const KEY_FORMAT = /^(GET|POST|PUT|DELETE|PATCH)_[a-zA-Z][a-zA-Z0-9-]*_[A-Za-z0-9_./{}-]+$/;

export interface UserFilter {
  userCode?: string;
  employeeName?: string;
  roleCode?: string;
}

export interface UserView {
  id: number;
  userCode: string;
  employeeName: string;
  orgName: string;
  positionNames: string;
  roleNames: string;
  roleCodes: string[];
}

/** Users of the organisations in scope: the manufacturer every user, others the staff of their dealers and their own. */
async function scopedUsers(base: Kysely<Database>, user: SessionUser) {
  const owners = await ownerScope(base, user);
  return withPermissionTables(base)
    .selectFrom('users as u')
    .innerJoin('organizations as o', 'o.id', 'u.orgId')
    .$if(dataSideOf(user.orgType) !== 'manufacturer', (q) => q.where((eb) => eb.or([eb('o.orgCode', 'in', owners), eb('o.id', '=', user.orgId)])));
}

type UserQuery = Awaited<ReturnType<typeof scopedUsers>>;

function selectUsers(query: UserQuery) {
  return query.select((eb) => [
    'u.id',
    'u.userCode',
    'u.employeeName',
    'o.orgName',
    eb
      .selectFrom('userPositions as up')
      .innerJoin('positions as p', 'p.positionCode', 'up.positionCode')
      .select(sql<string>`coalesce(string_agg(p.position_name, '、' order by p.position_name), '')`.as('names'))
      .whereRef('up.userId', '=', 'u.id')
      .as('positionNames'),
    eb
      .selectFrom('userRoles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.roleId')
      .select(sql<string>`coalesce(string_agg(r.role_code, ',' order by r.sort), '')`.as('codes'))
      .whereRef('ur.userId', '=', 'u.id')
      .as('roleCodes'),
    eb
      .selectFrom('userRoles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.roleId')
      .select(sql<string>`coalesce(string_agg(r.role_name, '、' order by r.sort), '')`.as('names'))
      .whereRef('ur.userId', '=', 'u.id')
      .as('roleNames'),
  ]);
}

type UserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;
const toUserView = (row: UserRow): UserView => ({
  ...row,
  positionNames: row.positionNames ?? '',
  roleNames: row.roleNames ?? '',
  roleCodes: row.roleCodes ? row.roleCodes.split(',') : [],
});

export async function listUsers(db: Kysely<Database>, user: SessionUser, page: number, pageSize: number, filter: UserFilter): Promise<Page<UserView>> {
  let query = await scopedUsers(db, user);
  if (filter.userCode) query = query.where('u.userCode', 'ilike', containing(filter.userCode));
  if (filter.employeeName) query = query.where('u.employeeName', 'like', containing(filter.employeeName));
  if (filter.roleCode) {
    const roleCode = filter.roleCode;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('userRoles as ur').innerJoin('roles as r', 'r.id', 'ur.roleId').whereRef('ur.userId', '=', 'u.id').where('r.roleCode', '=', roleCode).select('ur.userId')),
    );
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await selectUsers(query).orderBy('u.userCode').limit(pageSize).offset((page - 1) * pageSize).execute();
  return { total: Number(total), items: rows.map(toUserView) };
}

export async function getUser(db: Kysely<Database>, user: SessionUser, id: number): Promise<UserView> {
  const row = await selectUsers((await scopedUsers(db, user)).where('u.id', '=', id)).executeTakeFirst();
  if (!row) throw new ApiError('notFound');
  return toUserView(row);
}

async function roleIdsOf(db: Kysely<Database>, roleCodes: string[]): Promise<number[]> {
  if (roleCodes.length === 0) return [];
  const roles = await withPermissionTables(db).selectFrom('roles').select(['id', 'roleCode']).where('roleCode', 'in', roleCodes).execute();
  const unknown = roleCodes.filter((code) => !roles.some((r) => r.roleCode === code));
  if (unknown.length > 0) throw new ApiError('invalidInput', `角色不存在：${unknown.join('、')}`);
  return roles.map((r) => r.id);
}

export async function setUserRoles(db: Kysely<Database>, user: SessionUser, id: number, roleCodes: string[]): Promise<UserView> {
  await getUser(db, user, id);
  const roleIds = await roleIdsOf(db, [...new Set(roleCodes)]);
  await db.transaction().execute(async (tx) => {
    const t = withPermissionTables(tx);
    await t.deleteFrom('userRoles').where('userId', '=', id).execute();
    if (roleIds.length > 0) await t.insertInto('userRoles').values(roleIds.map((roleId) => ({ userId: id, roleId }))).execute();
  });
  return getUser(db, user, id);
}

export interface RoleView {
  id: number;
  roleCode: string;
  roleName: string;
  menuNames: string;
  userCount: number;
  menuIds: string[];
}

function selectRoles(base: Kysely<Database>) {
  return withPermissionTables(base)
    .selectFrom('roles as r')
    .select((eb) => [
      'r.id',
      'r.roleCode',
      'r.roleName',
      eb
        .selectFrom('roleMenus as rm')
        .select(sql<string>`coalesce(string_agg(rm.menu_id, ',' order by rm.menu_id), '')`.as('ids'))
        .whereRef('rm.roleId', '=', 'r.id')
        .as('menuIds'),
      eb
        .selectFrom('roleMenus as rm')
        .innerJoin('menus as m', 'm.id', 'rm.menuId')
        .select(sql<string>`coalesce(string_agg(m.title, '、' order by m.sort, m.id), '')`.as('names'))
        .whereRef('rm.roleId', '=', 'r.id')
        .as('menuNames'),
      eb.selectFrom('userRoles as ur').select((c) => c.fn.countAll<number>().as('n')).whereRef('ur.roleId', '=', 'r.id').as('userCount'),
    ]);
}

type RoleRow = Awaited<ReturnType<ReturnType<typeof selectRoles>['executeTakeFirstOrThrow']>>;
const toRoleView = (row: RoleRow): RoleView => ({
  id: row.id,
  roleCode: row.roleCode,
  roleName: row.roleName,
  menuNames: row.menuNames ?? '',
  userCount: Number(row.userCount ?? 0),
  menuIds: row.menuIds ? row.menuIds.split(',') : [],
});

export async function listRoles(db: Kysely<Database>): Promise<Page<RoleView>> {
  const rows = await selectRoles(db).orderBy('r.sort').orderBy('r.id').execute();
  return { total: rows.length, items: rows.map(toRoleView) };
}

export async function getRole(db: Kysely<Database>, id: number): Promise<RoleView> {
  const row = await selectRoles(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('notFound');
  return toRoleView(row);
}

/** The role grants exactly these menus: new ones with every key, kept ones as they were (their narrowed keys too). */
export async function setRoleMenus(db: Kysely<Database>, id: number, menuIds: string[]): Promise<RoleView> {
  const current = await getRole(db, id);
  const wanted = [...new Set(menuIds)];
  if (wanted.length > 0) {
    const leaves = await db.selectFrom('menus').select('id').where('id', 'in', wanted).where('component', 'is not', null).execute();
    const unknown = wanted.filter((menuId) => !leaves.some((m) => m.id === menuId));
    if (unknown.length > 0) throw new ApiError('invalidInput', `菜单不存在或不是页面：${unknown.join('、')}`);
  }
  await db.transaction().execute(async (tx) => {
    const t = withPermissionTables(tx);
    const removed = current.menuIds.filter((menuId) => !wanted.includes(menuId));
    const added = wanted.filter((menuId) => !current.menuIds.includes(menuId));
    if (removed.length > 0) await t.deleteFrom('roleMenus').where('roleId', '=', id).where('menuId', 'in', removed).execute();
    if (added.length > 0) await t.insertInto('roleMenus').values(added.map((menuId) => ({ roleId: id, menuId, keys: null, actions: null, rangeCode: null }))).execute();
  });
  return getRole(db, id);
}

export interface MenuView {
  id: string;
  title: string;
  path: string;
  level: number;
  parentTitle: string | null;
  component: string | null;
  keyCount: number;
  /** The permission keys, one a line: what the menu dialog edits. */
  permissionText: string;
}

export interface MenuFilter {
  title?: string;
  permissionKey?: string;
}

export async function listMenus(db: Kysely<Database>, filter: MenuFilter): Promise<Page<MenuView>> {
  const rows = await db.selectFrom('menus as m').leftJoin('menus as p', 'p.id', 'm.parentId').selectAll('m').select('p.title as parentTitle').orderBy('m.id').execute();
  const items = rows
    .map((m) => ({ id: m.id, title: m.title, path: m.path, level: m.level, parentTitle: m.parentTitle, component: m.component, keyCount: m.permission.length, permissionText: m.permission.join('\n') }))
    .filter((m) => (!filter.title || m.title.includes(filter.title)) && (!filter.permissionKey || m.permissionText.toLowerCase().includes(filter.permissionKey.toLowerCase())));
  return { total: items.length, items };
}

export async function getMenu(db: Kysely<Database>, id: string): Promise<MenuView> {
  const menu = (await listMenus(db, {})).items.find((m) => m.id === id);
  if (!menu) throw new ApiError('notFound');
  return menu;
}

/** Replaces a page's permission keys; each must be in the key format, and a group holds none. */
export async function setMenuKeys(db: Kysely<Database>, id: string, permissionText: string): Promise<MenuView> {
  const menu = await getMenu(db, id);
  const keys = [...new Set(permissionText.split(/\r?\n/).map((line) => line.trim()).filter(Boolean))];
  const wrong = keys.filter((key) => !KEY_FORMAT.test(key));
  if (wrong.length > 0) throw new ApiError('invalidInput', `权限标识格式不正确（方法_服务名_路径）：${wrong.join('、')}`);
  if (menu.component === null && keys.length > 0) throw new ApiError('invalidInput', '菜单分组不能配置权限标识');
  await db.updateTable('menus').set({ permission: JSON.stringify(keys) }).where('id', '=', id).execute();
  return getMenu(db, id);
}

/** Options of the role and menu pickers of the administration dialogs. */
export async function roleOptions(db: Kysely<Database>): Promise<{ value: string; text: string }[]> {
  const roles = await withPermissionTables(db).selectFrom('roles').select(['roleCode', 'roleName']).orderBy('sort').execute();
  return roles.map((r) => ({ value: r.roleCode, text: `${r.roleName}（${r.roleCode}）` }));
}

export async function menuOptions(db: Kysely<Database>): Promise<{ value: string; text: string }[]> {
  const menus = await db.selectFrom('menus').select(['id', 'title', 'parentId', 'component']).orderBy('sort').orderBy('id').execute();
  const byId = new Map(menus.map((m) => [m.id, m]));
  const trail = (id: string | null): string[] => (id ? [...trail(byId.get(id)?.parentId ?? null), byId.get(id)?.title ?? id] : []);
  return menus.filter((m) => m.component !== null).map((m) => ({ value: m.id, text: trail(m.id).join(' / ') }));
}
