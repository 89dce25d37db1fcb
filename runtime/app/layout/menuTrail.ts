import { usableChildren, type MenuItem } from '../../stores/session';

/** The chain of menu items from the top level to the leaf at `path` (the breadcrumb; the search's trail). */
export function menuTrail(items: MenuItem[], path: string): MenuItem[] {
  for (const item of items) {
    if (item.path === path) return [item];
    const below = menuTrail(usableChildren(item), path);
    if (below.length > 0) return [item, ...below];
  }
  return [];
}
