// The menu list of session storage (menuIdList, back-office §3) holds four kinds of entries: pages ({path, id}, the
// menuId header comes from them), menu-action strings ('menuId-actionA,actionB'), control entries ({ctrlCode}) and role
// entries ({roleCode}). The button checks read the list back from storage, as other apps of the tab do.
import type { MenuNode as MenuItem } from '../../schemas/api/session';
import type { UserInfo } from '../../schemas/api/session';

export type MenuListEntry = { path: string; id: string } | { ctrlCode: string } | { roleCode: string } | string;

export function buildMenuList(leaves: readonly MenuItem[], user: Pick<UserInfo, 'menuActions' | 'controls' | 'roles'>): MenuListEntry[] {
  return [
    ...leaves.map((leaf) => ({ path: leaf.path, id: leaf.id })),
    ...user.menuActions,
    ...user.controls.map((c) => ({ ctrlCode: c.ctrlCode })),
    ...user.roles.map((r) => ({ roleCode: r.roleCode })),
  ];
}

/** The stored action list of a menu; undefined when none is stored (the menu's keys alone decide). */
export function menuActionsOf(list: readonly MenuListEntry[], menuId: string): string[] | undefined {
  for (const entry of list) {
    if (typeof entry !== 'string') continue;
    const dash = entry.indexOf('-');
    if (dash > 0 && entry.slice(0, dash) === menuId) return entry.slice(dash + 1).split(',').map((a) => a.trim()).filter(Boolean);
  }
  return undefined;
}

export function controlCodesOf(list: readonly MenuListEntry[]): Set<string> {
  return new Set(list.flatMap((entry) => (typeof entry === 'object' && 'ctrlCode' in entry ? [entry.ctrlCode] : [])));
}

export function roleCodesOf(list: readonly MenuListEntry[]): string[] {
  return list.flatMap((entry) => (typeof entry === 'object' && 'roleCode' in entry ? [entry.roleCode] : []));
}

export function pageEntriesOf(list: readonly MenuListEntry[]): { path: string; id: string }[] {
  return list.flatMap((entry) => (typeof entry === 'object' && 'id' in entry && 'path' in entry ? [entry] : []));
}
