// The menu a related list works under (issue 22). A list of the record page's own screen works under the page's menu. A
// list of another screen works under the user's menu that opens that screen, with that menu's permission keys, stored
// actions and menuId, as if the user had opened it there: the server checks its calls against that menu. A user
// without such a menu does not see the tab at all (every call of it would be refused).
import type { MenuAccess } from '../permissions/buttonAccess';
import { menuRightsOf } from '../app/pages/menuRights';
import { session } from '../stores/session';

export interface RelatedAccess {
  grantedKeys: readonly string[];
  menuRights?: Omit<MenuAccess, 'keys'> | undefined;
  /** Absent: the page's own menu (the client's default). */
  menuId?: string;
  /** The menu path of the list's screen: its record links open <path>/<id>. */
  path: string;
}

export interface PageAccess {
  screenId: string;
  /** The record page's menu path. */
  path: string;
  grantedKeys: readonly string[];
  menuRights?: Omit<MenuAccess, 'keys'> | undefined;
}

/** Undefined when the user has no menu that opens `screenId`. */
export function relatedAccess(screenId: string, page: PageAccess): RelatedAccess | undefined {
  if (screenId === page.screenId) return { grantedKeys: page.grantedKeys, menuRights: page.menuRights, path: page.path };
  const menu = session.leaves.find((leaf) => leaf.component === `screen:${screenId}`);
  if (!menu) return undefined;
  return { grantedKeys: menu.permission, menuRights: menuRightsOf(menu.id), menuId: menu.id, path: menu.path };
}
