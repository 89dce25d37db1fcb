// 角色管理's grant of one menu (issue 21): every key of the menu, or a subset of its list; and a preview of what a role
// sees: the menu tree its grants open and the keys on each leaf, as the session would build them for a user holding only
// that role.
import type { Kysely } from 'kysely';
import { withPermissionTables } from '../db/permissionTables';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';

export interface RoleMenuGrant {
  allKeys: boolean;
  keys?: string[];
}

export interface RolePreview {
  roleCode: string;
  roleName: string;
  /** The tree as lines: a group or leaf per line, indented by level; a leaf with its key count. */
  menusText: string;
  /** Every key the role holds, one a line, as `menu title: key`. */
  keysText: string;
  leafCount: number;
  keyCount: number;
}

async function requireRole(db: Kysely<Database>, roleId: number): Promise<{ id: number; roleCode: string; roleName: string }> {
  const role = await withPermissionTables(db).selectFrom('roles').select(['id', 'roleCode', 'roleName']).where('id', '=', roleId).executeTakeFirst();
  if (!role) throw new ApiError('notFound', `角色不存在：${roleId}`);
  return role;
}

/** A leaf's keys, for the grant dialog's subset picker. */
export async function menuKeyOptions(db: Kysely<Database>, menuId: string): Promise<{ value: string; text: string }[]> {
  const menu = await db.selectFrom('menus').select(['permission', 'component']).where('id', '=', menuId).executeTakeFirst();
  if (!menu || menu.component === null) throw new ApiError('invalidInput', `菜单不存在或不是页面：${menuId}`);
  return menu.permission.map((key) => ({ value: key, text: key }));
}

/** Grants the leaf to the role (or changes its grant): all its keys (stored as null: keys added later come with it) or a subset. */
export async function grantMenu(db: Kysely<Database>, roleId: number, menuId: string, grant: RoleMenuGrant): Promise<{ menuId: string; keys: string[] | null }> {
  await requireRole(db, roleId);
  const menu = await db.selectFrom('menus').select(['permission', 'component']).where('id', '=', menuId).executeTakeFirst();
  if (!menu || menu.component === null) throw new ApiError('invalidInput', `菜单不存在或不是页面：${menuId}`);
  let keys: string[] | null = null;
  if (!grant.allKeys) {
    const asked = [...new Set(grant.keys ?? [])];
    const outside = asked.filter((key) => !menu.permission.includes(key));
    if (outside.length > 0) throw new ApiError('invalidInput', `菜单没有这些权限标识：${outside.join('、')}`);
    if (asked.length === 0) throw new ApiError('invalidInput', '请至少选择一个权限标识');
    keys = asked.sort();
  }
  await withPermissionTables(db)
    .insertInto('roleMenus')
    .values({ roleId, menuId, keys: keys === null ? null : JSON.stringify(keys), actions: null, rangeCode: null })
    .onConflict((oc) => oc.columns(['roleId', 'menuId']).doUpdateSet({ keys: keys === null ? null : JSON.stringify(keys) }))
    .execute();
  return { menuId, keys };
}

/** What a user holding only this role would see. */
export async function rolePreview(db: Kysely<Database>, roleId: number): Promise<RolePreview> {
  const role = await requireRole(db, roleId);
  const [menus, grants] = await Promise.all([
    db.selectFrom('menus').select(['id', 'parentId', 'title', 'level', 'component', 'permission']).orderBy('level').orderBy('sort').orderBy('id').execute(),
    withPermissionTables(db).selectFrom('roleMenus').select(['menuId', 'keys']).where('roleId', '=', roleId).execute(),
  ]);
  const byId = new Map(menus.map((m) => [m.id, m]));
  const granted = new Map<string, string[]>();
  for (const grant of grants) {
    const menu = byId.get(grant.menuId);
    if (!menu || menu.component === null) continue;
    granted.set(menu.id, menu.permission.filter((key) => grant.keys === null || grant.keys.includes(key)));
  }
  const kept = new Set<string>();
  for (const id of granted.keys()) for (let at: string | null | undefined = id; at && !kept.has(at); at = byId.get(at)?.parentId) kept.add(at);
  const children = (parentId: string | null) => menus.filter((m) => m.parentId === parentId && kept.has(m.id));
  const lines: string[] = [];
  const keyLines: string[] = [];
  const walk = (parentId: string | null, depth: number) => {
    for (const menu of children(parentId)) {
      const keys = granted.get(menu.id);
      lines.push(`${'　'.repeat(depth)}${menu.title}${keys ? `（${keys.length} 个权限标识）` : ''}`);
      for (const key of keys ?? []) keyLines.push(`${menu.title}：${key}`);
      walk(menu.id, depth + 1);
    }
  };
  walk(null, 0);
  return { roleCode: role.roleCode, roleName: role.roleName, menusText: lines.join('\n'), keysText: keyLines.join('\n'), leafCount: granted.size, keyCount: keyLines.length };
}
