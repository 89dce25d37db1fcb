// 菜单管理 (issue 21): the administrator adds a menu group, and a leaf bound to a stored screen with the permission keys
// the screen needs. The keys are proposed the way screen-file menus get theirs (server/data/screenMenus.ts: the routes
// of every api the screen names and of the models it shows) and confirmed by the administrator: all of them, or a
// subset of the proposal; nothing outside it, so a leaf never grants a route its screen does not call.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { LoadedModel } from '../models/modelCatalogue';
import type { RouteAccess } from '../permissions/routeAccess';
import { derivedMenuKeys } from './screenMenus';
import { screenDefinition } from './screenStore';

/** Two menus added at once with the same path: the second waits for the first and is refused (no unique index on path,
 * since the seeded catalogue itself has a few shared group paths). */
const MENU_LOCK = 'dms.menus.add';

/** Cached page (the menu type of every screen leaf). */
const CACHED_PAGE = '10041001';

export interface NewMenuGroup {
  /** Absent: a top-level group. */
  parentId?: string;
  title: string;
  icon?: string;
  path: string;
  sort: number;
}

export interface NewMenuLeaf {
  parentId: string;
  title: string;
  icon?: string;
  path: string;
  sort: number;
  keepAlive: boolean;
  screenId: string;
  /** true: every proposed key; false: only `permissionKeys`, each one of the proposal. */
  allKeys: boolean;
  permissionKeys?: string[];
}

export interface CreatedMenu {
  id: string;
  title: string;
  path: string;
  component: string | null;
  permission: string[];
}

/** The screen as the leaf will show it: its published version, or its latest when never published (binding publishes it). */
async function screenOf(db: Kysely<Database>, screenId: string): Promise<{ definition: Record<string, unknown>; latestVersion: number; publishedVersion: number | null }> {
  const screen = await db.selectFrom('screens').select(['latestVersion', 'publishedVersion']).where('id', '=', screenId).executeTakeFirst();
  if (!screen) throw new ApiError('invalidInput', `页面不存在：${screenId}`);
  const definition = (await screenDefinition(db, screenId, screen.publishedVersion ?? screen.latestVersion)) as Record<string, unknown>;
  return { definition, ...screen };
}

/** The keys proposed for a leaf showing this screen. */
export async function proposedMenuKeys(db: Kysely<Database>, screenId: string, table: readonly RouteAccess[], models: readonly LoadedModel[]): Promise<string[]> {
  return derivedMenuKeys((await screenOf(db, screenId)).definition, table, models);
}

/** A menu group's parent (absent: the top) as the new menu will hang under it. */
async function parentOf(db: Kysely<Database>, parentId: string | undefined): Promise<{ id: string | null; level: number }> {
  if (parentId === undefined) return { id: null, level: -1 };
  const parent = await db.selectFrom('menus').select(['id', 'level', 'component']).where('id', '=', parentId).executeTakeFirst();
  if (!parent) throw new ApiError('invalidInput', `上级菜单不存在：${parentId}`);
  if (parent.component !== null) throw new ApiError('invalidInput', `上级菜单 ${parentId} 是页面，不是目录`);
  return { id: parent.id, level: parent.level };
}

async function requireFreePath(db: Kysely<Database>, path: string): Promise<void> {
  const taken = await db.selectFrom('menus').select('title').where('path', '=', path).executeTakeFirst();
  if (taken) throw new ApiError('invalidInput', `路径已被菜单 ${taken.title} 使用：${path}`);
}

/** Menu ids are short codes (the menuId header carries them): a prefix and random hex, within 32 characters. */
const newMenuId = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

const created = (row: { id: string; title: string; path: string; component: string | null; permission: string[] }): CreatedMenu => row;

export async function createMenuGroup(db: Kysely<Database>, group: NewMenuGroup): Promise<CreatedMenu> {
  const id = newMenuId('g');
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${MENU_LOCK}))`.execute(tx);
    const parent = await parentOf(tx, group.parentId);
    await requireFreePath(tx, group.path);
    await tx
      .insertInto('menus')
      .values({ id, parentId: parent.id, title: group.title, path: group.path, icon: group.icon ?? null, level: parent.level + 1, component: null, keepAlive: false, pyt: null, sort: group.sort, permission: JSON.stringify([]) })
      .execute();
  });
  return created({ id, title: group.title, path: group.path, component: null, permission: [] });
}

export async function createMenuLeaf(
  db: Kysely<Database>,
  leaf: NewMenuLeaf,
  table: readonly RouteAccess[],
  models: readonly LoadedModel[],
  publishedBy: string,
): Promise<CreatedMenu> {
  const screen = await screenOf(db, leaf.screenId);
  const proposed = derivedMenuKeys(screen.definition, table, models);
  let keys = proposed;
  if (!leaf.allKeys) {
    const asked = [...new Set(leaf.permissionKeys ?? [])];
    const outside = asked.filter((key) => !proposed.includes(key));
    if (outside.length > 0) throw new ApiError('invalidInput', `权限标识不在该页面建议的范围内：${outside.join('、')}`);
    if (asked.length === 0) throw new ApiError('invalidInput', '请至少选择一个权限标识');
    keys = asked.sort();
  }
  const id = newMenuId('m');
  const component = `screen:${leaf.screenId}`;
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${MENU_LOCK}))`.execute(tx);
    const parent = await parentOf(tx, leaf.parentId);
    await requireFreePath(tx, leaf.path);
    await tx
      .insertInto('menus')
      .values({ id, parentId: parent.id, title: leaf.title, path: leaf.path, icon: leaf.icon ?? null, level: parent.level + 1, component, keepAlive: leaf.keepAlive, pyt: CACHED_PAGE, sort: leaf.sort, permission: JSON.stringify(keys) })
      .execute();
    // A screen never published is published (its latest version) by being bound: the menu shows what was configured.
    if (screen.publishedVersion === null) {
      await tx.updateTable('screens').set({ publishedVersion: screen.latestVersion, publishedBy, publishedAt: new Date() }).where('id', '=', leaf.screenId).execute();
    }
  });
  return created({ id, title: leaf.title, path: leaf.path, component, permission: keys });
}

/** The groups a new menu can hang under, as 上级 / 下级 trails. */
export async function groupOptions(db: Kysely<Database>): Promise<{ value: string; text: string }[]> {
  const menus = await db.selectFrom('menus').select(['id', 'title', 'parentId', 'component']).orderBy('sort').orderBy('id').execute();
  const byId = new Map(menus.map((m) => [m.id, m]));
  const trail = (id: string | null): string[] => (id === null || !byId.has(id) ? [] : [...trail(byId.get(id)!.parentId), byId.get(id)!.title]);
  return menus.filter((m) => m.component === null).map((m) => ({ value: m.id, text: trail(m.id).join(' / ') }));
}

/** The stored screens a leaf can show, for the leaf dialog's picker. */
export async function screenOptions(db: Kysely<Database>): Promise<{ value: string; text: string }[]> {
  const screens = await db.selectFrom('screens').select(['id', 'title', 'publishedVersion']).orderBy('id').execute();
  return screens.map((s) => ({ value: s.id, text: `${s.title}（${s.id}）${s.publishedVersion === null ? '·未发布' : ''}` }));
}

/** The proposal as options of the leaf dialog's key picker. */
export async function proposedKeyOptions(db: Kysely<Database>, screenId: string, table: readonly RouteAccess[], models: readonly LoadedModel[]): Promise<{ value: string; text: string }[]> {
  return (await proposedMenuKeys(db, screenId, table, models)).map((key) => ({ value: key, text: key }));
}
