// Finding a page by what the user types in the menu search: part of its title (工单), or the pinyin initials the server
// sends with each menu (wxgd for 维修工单). Titles matching at their start come first, then other title matches, then
// initials; within a rank the menu's own order.
import type { MenuItem } from '../../stores/session';
import { menuTrail } from './menuTrail';

export interface MenuHit {
  path: string;
  title: string;
  /** The groups above it: 售后服务 / 维修业务. */
  trail: string;
}

function rank(item: MenuItem, query: string): number | undefined {
  const title = item.meta.title.toLowerCase();
  if (title.startsWith(query)) return 0;
  if (title.includes(query)) return 1;
  const initials = (item.initials ?? '').toLowerCase();
  if (initials.startsWith(query)) return 2;
  if (initials.includes(query)) return 3;
  return undefined;
}

/** The pages (menu leaves) matching `text`, best first; nothing for blank text. */
export function searchMenus(menus: MenuItem[], leaves: MenuItem[], text: string, limit = 20): MenuHit[] {
  const query = text.trim().toLowerCase().replace(/\s+/g, '');
  if (!query) return [];
  return leaves
    .map((item, order) => ({ item, order, rank: rank(item, query) }))
    .filter((hit): hit is { item: MenuItem; order: number; rank: number } => hit.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .slice(0, limit)
    .map(({ item }) => ({
      path: item.path,
      title: item.meta.title,
      trail: menuTrail(menus, item.path).slice(0, -1).map((m) => m.meta.title).join(' / '),
    }));
}
