// What a user's roles grant: menus and their keys, the stored menu-action strings, control codes, the roles themselves.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { withPermissionTables } from '../db/permissionTables';
import type { Database } from '../db/schema';
import type { RoleEntry } from '../../schemas/api/session';

export interface MenuGrants {
  /** Menu id -> the keys granted on it (the menu's own list narrowed by each role's grant, united over roles). */
  keys: Map<string, Set<string>>;
  /** Stored menu-action strings, `menuId-actionA,actionB` (back-office §3). */
  menuActions: string[];
  /** Menu ranges of the org picker, `menuId-rangeCode` (building-blocks §6). */
  menuRanges: string[];
}

/** One role's grant of a menu: the keys it grants (null: all) and the menu's own list of keys. */
export interface MenuGrantRow {
  keys: string[] | null;
  permission: string[];
}

/** Adds the keys one role's grant gives on its menu: the menu's own keys, narrowed by the grant's list when it has one. */
function addGrantedKeys(granted: Set<string>, row: MenuGrantRow): void {
  for (const key of row.permission) if (row.keys === null || row.keys.includes(key)) granted.add(key);
}

/** The keys the user's roles grant on a menu, from its grant rows; undefined when no role grants the menu. */
export function keysOfGrantRows(rows: MenuGrantRow[]): Set<string> | undefined {
  if (rows.length === 0) return undefined;
  const granted = new Set<string>();
  for (const row of rows) addGrantedKeys(granted, row);
  return granted;
}

/** SQL: the grant rows of `menuId` for the user `userId` as a JSON array (null when none), to be read with the session. */
export function menuGrantRowsJson(userId: RawBuilder<unknown>, menuId: string): RawBuilder<MenuGrantRow[] | null> {
  return sql<MenuGrantRow[] | null>`(select json_agg(json_build_object('keys', rm.keys, 'permission', m.permission))
    from user_roles ur join role_menus rm on rm.role_id = ur.role_id join menus m on m.id = rm.menu_id
    where ur.user_id = ${userId} and rm.menu_id = ${menuId})`;
}

/** The grants of the user's roles, for every menu or only `menuId`. */
export async function loadMenuGrants(base: Kysely<Database>, userId: number, menuId?: string): Promise<MenuGrants> {
  let query = withPermissionTables(base)
    .selectFrom('userRoles as ur')
    .innerJoin('roleMenus as rm', 'rm.roleId', 'ur.roleId')
    .innerJoin('menus as m', 'm.id', 'rm.menuId')
    .select(['rm.menuId', 'rm.keys', 'rm.actions', 'rm.rangeCode', 'm.permission'])
    .where('ur.userId', '=', userId);
  if (menuId !== undefined) query = query.where('rm.menuId', '=', menuId);
  const rows = await query.orderBy('rm.menuId').execute();
  const keys = new Map<string, Set<string>>();
  const actions = new Map<string, Set<string>>();
  const ranges = new Map<string, string>();
  for (const row of rows) {
    const granted = keys.get(row.menuId) ?? new Set<string>();
    addGrantedKeys(granted, row);
    keys.set(row.menuId, granted);
    if (row.actions) actions.set(row.menuId, new Set([...(actions.get(row.menuId) ?? []), ...row.actions]));
    if (row.rangeCode && !ranges.has(row.menuId)) ranges.set(row.menuId, row.rangeCode);
  }
  return {
    keys,
    menuActions: [...actions].map(([id, list]) => `${id}-${[...list].join(',')}`),
    menuRanges: [...ranges].map(([id, code]) => `${id}-${code}`),
  };
}

export async function loadUserRoles(base: Kysely<Database>, userId: number): Promise<{ roles: RoleEntry[]; controls: { ctrlCode: string }[] }> {
  const db = withPermissionTables(base);
  const [roles, controls] = await Promise.all([
    db.selectFrom('userRoles as ur').innerJoin('roles as r', 'r.id', 'ur.roleId').select(['r.roleCode', 'r.roleName']).where('ur.userId', '=', userId).orderBy('r.sort').execute(),
    db
      .selectFrom('userRoles as ur')
      .innerJoin('roleControls as rc', 'rc.roleId', 'ur.roleId')
      .select('rc.ctrlCode')
      .distinct()
      .where('ur.userId', '=', userId)
      .orderBy('rc.ctrlCode')
      .execute(),
  ]);
  return { roles, controls };
}
