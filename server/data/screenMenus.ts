// Menus declared by screen files (issue 18): a screen's optional `menu` block (parent folder, title, sort, roles) becomes a
// menu leaf at every start, so a new kind of record needs one model JSON and one screen JSON and no TypeScript. The leaf's
// id is derived from the screen id (sales.testDrives -> sales_testDrives), its component is screen:<id>, and its
// permission keys are derived, never listed by hand: the route of every api the screen names (its permissions, table,
// dialogs, actions, requests, the widgets' own lookups) and every route of the model the screen shows. The listed roles
// are granted the menu (all its keys). Creating or updating is idempotent: a restart updates the row in place, adds the
// grants it lacks, and never takes back a grant made in 角色管理.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { parseApiRef, permissionKeyOf } from '../../schemas/screen/apiRef';
import { isMarkerKey, routeKeyShape } from '../../schemas/screen/screenChecks';
import type { Menu as ScreenMenu } from '../../schemas/screen/screen.types';
import { WIDGET_CALLS } from '../../schemas/screen/widgetCalls';
import { withPermissionTables } from '../db/permissionTables';
import type { Database } from '../db/schema';
import type { LoadedModel } from '../models/modelCatalogue';
import type { RouteAccess } from '../permissions/routeAccess';
import { listJsonFiles } from './screens';

/** A screen file that declares its menu. */
export interface ScreenMenuFile {
  screenId: string;
  menuId: string;
  menu: ScreenMenu;
  /** The screen's definition as the file holds it. */
  definition: Record<string, unknown>;
}

const MENU_ID_LENGTH = 32;
const API_REF = /^[a-zA-Z][a-zA-Z0-9-]*:(GET|POST|PUT|DELETE|PATCH) \S+$/;
/** Cached page (the menu type of every screen leaf of the catalogue). */
const CACHED_PAGE = '10041001';

/** The stable menu id of a screen: its id with dots as underscores (the menuId header allows no dots), hashed if long. */
export function screenMenuId(screenId: string): string {
  const id = screenId.replace(/\./g, '_');
  if (id.length <= MENU_ID_LENGTH) return id;
  const hash = createHash('sha256').update(screenId).digest('hex').slice(0, 8);
  return `${id.slice(0, MENU_ID_LENGTH - 9)}_${hash}`;
}

/** The screen files under `screensDir` with a `menu` block. */
export function screenMenuFiles(screensDir: string): ScreenMenuFile[] {
  return listJsonFiles(screensDir).flatMap((file) => {
    const definition = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const { id, menu } = definition as { id?: unknown; menu?: ScreenMenu };
    if (typeof id !== 'string' || !menu || typeof menu !== 'object') return [];
    return [{ screenId: id, menuId: screenMenuId(id), menu, definition }];
  });
}

/** Every api reference a definition names: any string in the reference form, and the calls of the widgets it uses.
 * The calls of option lists (a field's `request`, a widget's own lookups) go to `lookups`: they are reads of another
 * record type, whose other routes do not come with them. */
function apiRefsOf(value: unknown, refs: Set<string>, lookups: Set<string> = refs): Set<string> {
  if (typeof value === 'string') {
    if (API_REF.test(value)) refs.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) apiRefsOf(item, refs, lookups);
  } else if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    // A form field (filter or dialog): its widget's own lookups.
    if (typeof object.fieldName === 'string' && typeof object.type === 'string') for (const ref of WIDGET_CALLS[object.type] ?? []) lookups.add(ref);
    for (const [name, item] of Object.entries(object)) {
      if (name === 'menu') continue;
      if (name === 'request') apiRefsOf(item, lookups, lookups);
      else apiRefsOf(item, refs, lookups);
    }
  }
  return refs;
}

/** Whether route key `route` answers `key` (same shape, or a route parameter where the key has a fixed segment). */
function answers(route: string, key: string): boolean {
  const want = routeKeyShape(key).split('/');
  const have = routeKeyShape(route).split('/');
  return have.length === want.length && have.every((part, i) => part === want[i] || (part === '{}' && i > 0));
}

/** The key prefix of a model's routes: METHOD_service_path... for every method. */
const modelRouteKey = (model: LoadedModel, key: string): boolean => {
  const { service, path } = model.model;
  const rest = key.slice(key.indexOf('_') + 1);
  const own = [path, model.model.import?.path, ...(model.model.routes ?? []).map((r) => r.path)].filter((p): p is string => !!p).map((p) => `${service}_${p.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')}`);
  const calls = [...(model.model.queries ?? []), ...(model.model.actions ?? [])].map((c) => `${c.service ?? service}_${c.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')}`);
  return [...own, ...calls].some((base) => rest === base || rest.startsWith(`${base}/`));
};

/**
 * The permission keys of a screen's menu, as the route table writes them: the routes answering each key and api the
 * screen names, and every route of each model the screen calls. Sorted; public routes are left out (they need none).
 */
export function derivedMenuKeys(definition: Record<string, unknown>, table: readonly RouteAccess[], models: readonly LoadedModel[]): string[] {
  const routes = table.filter((r) => r.key !== null && r.access !== 'public');
  const wanted = new Set<string>();
  const lookups = new Set<string>();
  for (const ref of apiRefsOf(definition, new Set(), lookups)) wanted.add(permissionKeyOf(parseApiRef(ref)));
  const permissions = definition.permissions;
  if (permissions && typeof permissions === 'object') for (const key of Object.values(permissions)) if (typeof key === 'string') wanted.add(key);
  const routeKeysOf = (keys: Iterable<string>) => {
    const found = new Set<string>();
    for (const key of keys) {
      if (isMarkerKey(key)) found.add(key);
      else for (const route of routes) if (answers(route.key!, key)) found.add(route.key!);
    }
    return found;
  };
  const keys = routeKeysOf(wanted);
  // The screen's models: those one of its own calls belongs to (not its option lists'); all their routes come with them.
  const shown = models.filter((model) => [...keys].some((key) => modelRouteKey(model, key)));
  for (const route of routes) if (shown.some((model) => modelRouteKey(model, route.key!))) keys.add(route.key!);
  for (const key of routeKeysOf([...lookups].map((ref) => permissionKeyOf(parseApiRef(ref))))) keys.add(key);
  return [...keys].sort();
}

export interface ScreenMenuSync {
  /** The menu ids created or updated. */
  menus: string[];
  /** What could not be done, in Chinese (an unknown parent or role): logged, never stopping the start. */
  problems: string[];
}

/** Creates or updates the menu leaf of every screen file with a `menu` block, and grants it to the listed roles. */
export async function syncScreenMenus(base: Kysely<Database>, screensDir: string, table: readonly RouteAccess[], models: readonly LoadedModel[]): Promise<ScreenMenuSync> {
  const files = screenMenuFiles(screensDir);
  const result: ScreenMenuSync = { menus: [], problems: [] };
  if (files.length === 0) return result;
  await base.transaction().execute(async (tx) => {
    const db = withPermissionTables(tx);
    for (const { screenId, menuId, menu, definition } of files) {
      const where = `页面 ${screenId} 的菜单`;
      const parent = await db.selectFrom('menus').select(['id', 'path', 'level', 'component']).where('id', '=', menu.parent).executeTakeFirst();
      if (!parent) {
        result.problems.push(`${where}：上级菜单 ${menu.parent} 不存在`);
        continue;
      }
      if (parent.component !== null) {
        result.problems.push(`${where}：上级菜单 ${menu.parent} 是页面，不是目录`);
        continue;
      }
      const taken = await db.selectFrom('menus').select('component').where('id', '=', menuId).executeTakeFirst();
      if (taken && taken.component !== `screen:${screenId}`) {
        result.problems.push(`${where}：菜单 ID ${menuId} 已被 ${taken.component ?? '目录'} 占用`);
        continue;
      }
      const name = screenId.slice(screenId.lastIndexOf('.') + 1);
      const row = {
        parentId: parent.id,
        title: menu.title,
        path: menu.path ?? `${parent.path}/${name}/index`,
        icon: null,
        level: parent.level + 1,
        component: `screen:${screenId}`,
        keepAlive: true,
        pyt: CACHED_PAGE,
        sort: menu.sort ?? 0,
        permission: JSON.stringify(derivedMenuKeys(definition, table, models)),
      };
      const derived = JSON.parse(row.permission) as string[];
      await db
        .insertInto('menus')
        .values({ id: menuId, ...row })
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
      const roleCodes = menu.roles ?? [];
      const roles = roleCodes.length > 0 ? await db.selectFrom('roles').select(['id', 'roleCode']).where('roleCode', 'in', roleCodes).execute() : [];
      const unknown = roleCodes.filter((code) => !roles.some((r) => r.roleCode === code));
      if (unknown.length > 0) result.problems.push(`${where}：角色不存在：${unknown.join('、')}`);
      if (roles.length > 0) {
        await db
          .insertInto('roleMenus')
          .values(roles.map((role) => ({ roleId: role.id, menuId, keys: null, actions: null, rangeCode: null })))
          .onConflict((oc) => oc.columns(['roleId', 'menuId']).doNothing())
          .execute();
      }
      await grantPart(db, menuId, menu, definition, derived, result, where);
      result.menus.push(menuId);
    }
  });
  return result;
}

/** A partial grant of a menu (`rolePermissions`): every read key of the menu, and the keys of the named permissions. */
export function partialGrantKeys(menuKeys: readonly string[], permissions: Readonly<Record<string, string>>, names: readonly string[]): string[] {
  const wanted = names.map((name) => permissions[name]).filter((key): key is string => typeof key === 'string');
  return menuKeys.filter((key) => key.startsWith('GET_') || wanted.some((want) => (isMarkerKey(want) ? key === want : answers(key, want))));
}

/** The roles of `rolePermissions`: the menu's read keys and the keys of the named permissions only (a grant made in
 * 角色管理 is left as it is). */
async function grantPart(db: ReturnType<typeof withPermissionTables>, menuId: string, menu: ScreenMenu, definition: Record<string, unknown>, derived: string[], result: ScreenMenuSync, where: string): Promise<void> {
  const parts = Object.entries(menu.rolePermissions ?? {});
  if (parts.length === 0) return;
  const named = (definition.permissions ?? {}) as Record<string, string>;
  const roles = await db.selectFrom('roles').select(['id', 'roleCode']).where('roleCode', 'in', parts.map(([code]) => code)).execute();
  for (const [roleCode, names] of parts) {
    const role = roles.find((r) => r.roleCode === roleCode);
    if (!role) {
      result.problems.push(`${where}：角色不存在：${roleCode}`);
      continue;
    }
    const keys = partialGrantKeys(derived, named, names);
    await db
      .insertInto('roleMenus')
      .values({ roleId: role.id, menuId, keys: JSON.stringify(keys), actions: null, rangeCode: null })
      .onConflict((oc) => oc.columns(['roleId', 'menuId']).doNothing())
      .execute();
  }
}
