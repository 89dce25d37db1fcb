// What a menu page's buttons are checked against besides the menu's keys: its stored action list and the control codes,
// both read from the menu list in session storage (back-office §3, §6).
import type { MenuAccess } from '../../permissions/buttonAccess';
import { controlCodesOf, menuActionsOf, type MenuListEntry } from '../../permissions/menuList';
import { readSessionJson } from '../../stores/storageKeys';

export function menuRightsOf(menuId: string): Omit<MenuAccess, 'keys'> {
  const list = readSessionJson<MenuListEntry[]>('menuIdList') ?? [];
  return { actions: menuActionsOf(list, menuId), controls: controlCodesOf(list) };
}
