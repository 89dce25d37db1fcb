// Screens stored on the server (issue 10): every save is a version (author, time, comment); one version is published,
// which is what the runtime serves; publishing also binds the screen to a menu leaf. Screens are first imported from
// the screens/ files, and a changed file is imported again as long as nobody edited that screen on the server since;
// otherwise the list shows the conflict and nothing is overwritten.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import { listJsonFiles } from './screens';
import type { ScreenSummary } from '../../schemas/api/screens';
import type { ScreenVersionEntry } from '../../schemas/api/screens';

export interface ScreenAuthor {
  code: string;
  name: string;
}

const FILE_AUTHOR: ScreenAuthor = { code: 'system', name: '系统' };
const screenComponent = (id: string) => `screen:${id}`;

/** Imports screens/ files the database does not hold yet, and files changed since their last import (see above). */
export async function importScreenFiles(db: Kysely<Database>, screensDir: string): Promise<string[]> {
  const imported: string[] = [];
  for (const file of listJsonFiles(screensDir)) {
    const text = readFileSync(file, 'utf8');
    const definition = JSON.parse(text) as { id?: unknown; title?: unknown };
    if (typeof definition.id !== 'string') continue;
    const id = definition.id;
    const hash = createHash('sha256').update(text).digest('hex');
    const stored = JSON.stringify(definition);
    const title = typeof definition.title === 'string' ? definition.title : id;
    await db.transaction().execute(async (tx) => {
      const row = await lockScreen(tx, id);
      if (!row) {
        await tx.insertInto('screens').values({ id, title, latestVersion: 1, publishedVersion: 1, publishedBy: FILE_AUTHOR.name, publishedAt: new Date(), fileHash: hash }).execute();
        await insertVersion(tx, id, 1, stored, 'file', '从 screens/ 导入', FILE_AUTHOR);
        imported.push(id);
        return;
      }
      // Edited on the server since the last import: the server's versions win; the list shows the conflict.
      if (row.fileHash === hash || !(await untouchedSinceImport(tx, row))) return;
      const version = row.latestVersion + 1;
      await insertVersion(tx, id, version, stored, 'file', '从 screens/ 导入（文件已更新）', FILE_AUTHOR);
      await tx
        .updateTable('screens')
        .set({ title, latestVersion: version, publishedVersion: version, publishedAt: new Date(), fileHash: hash, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
      imported.push(id);
    });
  }
  return imported;
}

function lockScreen(tx: Transaction<Database>, id: string) {
  return tx.selectFrom('screens').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

async function insertVersion(tx: Transaction<Database>, id: string, version: number, definition: string, source: 'file' | 'editor' | 'rollback', comment: string, author: ScreenAuthor) {
  await tx.insertInto('screenVersions').values({ screenId: id, version, definition, source, comment, authorCode: author.code, authorName: author.name }).execute();
}

/** The hash of every screens/ file by the id it holds, as the import reads them. */
function fileHashes(screensDir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const file of listJsonFiles(screensDir)) {
    const text = readFileSync(file, 'utf8');
    try {
      const id = (JSON.parse(text) as { id?: unknown }).id;
      if (typeof id === 'string') hashes.set(id, createHash('sha256').update(text).digest('hex'));
    } catch {
      // A file that is not JSON is the screen check's to report, not a conflict.
    }
  }
  return hashes;
}

/** The screens, with `screensDir` to tell which ones conflict with their repository file (see importScreenFiles). */
export async function listScreens(db: Kysely<Database>, keyword = '', screensDir?: string): Promise<ScreenSummary[]> {
  let query = db.selectFrom('screens').select(['id', 'title', 'latestVersion', 'publishedVersion', 'publishedAt', 'updatedAt', 'fileHash']).orderBy('id');
  const word = keyword.trim();
  if (word) query = query.where((eb) => eb.or([eb('id', 'ilike', `%${word}%`), eb('title', 'ilike', `%${word}%`)]));
  const [rows, menus] = await Promise.all([
    query.execute(),
    db.selectFrom('menus').select(['title', 'component']).where('component', 'like', 'screen:%').orderBy('sort').execute(),
  ]);
  const files = screensDir ? fileHashes(screensDir) : new Map<string, string>();
  const changedFiles = rows.filter((row) => row.fileHash !== null && files.has(row.id) && files.get(row.id) !== row.fileHash);
  const edited = new Set<string>();
  for (const row of changedFiles) if (!(await untouchedSinceImport(db, row))) edited.add(row.id);
  return rows.map(({ fileHash: _hash, ...row }) => ({
    ...row,
    publishedAt: row.publishedAt ? formatDateTime(new Date(row.publishedAt)) : null,
    updatedAt: formatDateTime(new Date(row.updatedAt)),
    menus: menus.filter((m) => m.component === screenComponent(row.id)).map((m) => m.title),
    fileConflict: edited.has(row.id),
  }));
}

/** The latest version came from the file and is the one published: nobody edited the screen on the server since. */
async function untouchedSinceImport(db: Kysely<Database>, row: { id: string; latestVersion: number; publishedVersion: number | null }): Promise<boolean> {
  const latest = await db.selectFrom('screenVersions').select('source').where('screenId', '=', row.id).where('version', '=', row.latestVersion).executeTakeFirst();
  return latest?.source === 'file' && row.publishedVersion === row.latestVersion;
}

export async function listVersions(db: Kysely<Database>, id: string): Promise<ScreenVersionEntry[]> {
  await requireScreen(db, id);
  const rows = await db
    .selectFrom('screenVersions')
    .select(['version', 'source', 'comment', 'authorCode', 'authorName', 'createdAt'])
    .where('screenId', '=', id)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, createdAt: formatDateTime(new Date(row.createdAt)) }));
}

async function requireScreen(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('screens').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('notFound', `页面不存在：${id}`);
  return row;
}

/** A version's definition; the latest when `version` is omitted. */
export async function screenDefinition(db: Kysely<Database>, id: string, version?: number): Promise<unknown> {
  const screen = await requireScreen(db, id);
  const row = await db
    .selectFrom('screenVersions')
    .select('definition')
    .where('screenId', '=', id)
    .where('version', '=', version ?? screen.latestVersion)
    .executeTakeFirst();
  if (!row) throw new ApiError('notFound', `页面 ${id} 没有版本 ${version}`);
  return JSON.parse(row.definition) as unknown;
}

/** What the runtime shows: the published version; a screen never published is not found. */
export async function publishedDefinition(db: Kysely<Database>, id: string): Promise<unknown> {
  const screen = await db.selectFrom('screens').select('publishedVersion').where('id', '=', id).executeTakeFirst();
  if (screen?.publishedVersion == null) throw new ApiError('notFound', `页面定义不存在：${id}`);
  return screenDefinition(db, id, screen.publishedVersion);
}

/** Saves a checked definition as the next version of its screen (`create`: the screen must not exist yet). */
export async function saveScreenVersion(
  db: Kysely<Database>,
  definition: { id: string; title: string },
  options: { comment: string; author: ScreenAuthor; create: boolean; source?: 'editor' | 'rollback' },
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const row = await lockScreen(tx, definition.id);
    if (options.create && row) throw new ApiError('invalidInput', `页面标识已存在：${definition.id}`);
    if (!options.create && !row) throw new ApiError('notFound', `页面不存在：${definition.id}`);
    const version = (row?.latestVersion ?? 0) + 1;
    if (row) await tx.updateTable('screens').set({ title: definition.title, latestVersion: version, updatedAt: new Date() }).where('id', '=', definition.id).execute();
    else await tx.insertInto('screens').values({ id: definition.id, title: definition.title, latestVersion: version }).execute();
    await insertVersion(tx, definition.id, version, JSON.stringify(definition), options.source ?? 'editor', options.comment, options.author);
    return version;
  });
}

/** Publishes a version and binds the screen to a menu leaf (its component becomes screen:<id>). */
export async function publishScreen(db: Kysely<Database>, id: string, version: number, menuId: string, author: ScreenAuthor): Promise<{ menuTitle: string }> {
  return db.transaction().execute(async (tx) => {
    const row = await lockScreen(tx, id);
    if (!row) throw new ApiError('notFound', `页面不存在：${id}`);
    if (version < 1 || version > row.latestVersion) throw new ApiError('invalidInput', `页面 ${id} 没有版本 ${version}`);
    const menu = await tx.selectFrom('menus').select(['id', 'title']).where('id', '=', menuId).executeTakeFirst();
    if (!menu) throw new ApiError('invalidInput', `菜单不存在：${menuId}`);
    const child = await tx.selectFrom('menus').select('id').where('parentId', '=', menuId).executeTakeFirst();
    if (child) throw new ApiError('invalidInput', `菜单 ${menu.title} 含下级菜单，只能发布到末级菜单`);
    await tx.updateTable('screens').set({ publishedVersion: version, publishedBy: author.name, publishedAt: new Date() }).where('id', '=', id).execute();
    await tx.updateTable('menus').set({ component: screenComponent(id) }).where('id', '=', menuId).execute();
    return { menuTitle: menu.title };
  });
}

/**
 * Rolls back to an earlier version: its definition becomes a new version (history is never rewritten) and, when the
 * screen is published, the published one, so staff see the restored screen.
 */
export async function rollbackScreen(db: Kysely<Database>, id: string, version: number, author: ScreenAuthor): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const row = await lockScreen(tx, id);
    if (!row) throw new ApiError('notFound', `页面不存在：${id}`);
    const source = await tx.selectFrom('screenVersions').select('definition').where('screenId', '=', id).where('version', '=', version).executeTakeFirst();
    if (!source) throw new ApiError('invalidInput', `页面 ${id} 没有版本 ${version}`);
    const next = row.latestVersion + 1;
    const title = (JSON.parse(source.definition) as { title: string }).title;
    await insertVersion(tx, id, next, source.definition, 'rollback', `回滚到版本 ${version}`, author);
    const published = row.publishedVersion === null ? {} : { publishedVersion: next, publishedBy: author.name, publishedAt: new Date() };
    await tx.updateTable('screens').set({ title, latestVersion: next, updatedAt: new Date(), ...published }).where('id', '=', id).execute();
    return next;
  });
}

/** Leaf menus a screen can be published to, with the screen each opens now. */
export async function publishableMenus(db: Kysely<Database>): Promise<{ id: string; title: string; component: string | null }[]> {
  return db
    .selectFrom('menus as m')
    .select(['m.id', 'm.title', 'm.component'])
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('menus as c').select('c.id').whereRef('c.parentId', '=', 'm.id'))))
    .orderBy('m.id')
    .execute();
}
