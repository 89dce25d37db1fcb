import type { Kysely } from 'kysely';
import { withAppShellTables } from '../db/appShellTables';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import type { StarredMenu } from '../../schemas/api/session';

const STARRED = 1;

export async function listStarredMenus(db: Kysely<Database>, user: SessionUser): Promise<StarredMenu[]> {
  const rows = await withAppShellTables(db)
    .selectFrom('menuFavorites as f')
    .innerJoin('menus as m', 'm.id', 'f.menuId')
    .select(['m.id as menuId', 'm.path', 'm.title', 'm.icon'])
    .where('f.userId', '=', user.id)
    .where('f.type', '=', STARRED)
    .orderBy('f.createdAt')
    .orderBy('m.id')
    .execute();
  return rows.map((row) => ({ ...row, key: row.path }));
}

/** Stars (once: starring again changes nothing) or unstars a menu; answers the starred list. Only leaves that open a
 * page can be starred. */
export async function setMenuStarred(db: Kysely<Database>, user: SessionUser, menuId: string, starred: boolean): Promise<StarredMenu[]> {
  const shell = withAppShellTables(db);
  if (starred) {
    const menu = await db.selectFrom('menus').select(['id', 'component']).where('id', '=', menuId).executeTakeFirst();
    if (!menu?.component) throw new ApiError('notFound', '菜单不存在或不能收藏');
    await shell
      .insertInto('menuFavorites')
      .values({ userId: user.id, menuId, type: STARRED })
      .onConflict((oc) => oc.columns(['userId', 'menuId', 'type']).doNothing())
      .execute();
  } else {
    await shell.deleteFrom('menuFavorites').where('userId', '=', user.id).where('menuId', '=', menuId).where('type', '=', STARRED).execute();
  }
  return listStarredMenus(db, user);
}
