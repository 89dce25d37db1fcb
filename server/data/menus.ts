import type { Kysely } from 'kysely';
import type { Database, Menu } from '../db/schema';
import { loadMenuGrants } from './grants';
import type { MenuNode } from '../../schemas/api/session';

/** The menus the user's roles grant, their groups above them, each leaf with the keys granted on it. */
export async function loadMenuTree(db: Kysely<Database>, userId: number): Promise<MenuNode[]> {
  const [rows, grants] = await Promise.all([db.selectFrom('menus').selectAll().orderBy('level').orderBy('sort').orderBy('id').execute(), loadMenuGrants(db, userId)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const kept = new Set<string>();
  for (const menuId of grants.keys.keys()) {
    for (let id: string | null | undefined = menuId; id && !kept.has(id); id = byId.get(id)?.parentId) kept.add(id);
  }
  return buildMenuTree(
    rows
      .filter((row) => kept.has(row.id))
      .map((row) => ({ ...row, permission: row.permission.filter((key) => grants.keys.get(row.id)?.has(key)) })),
  );
}

export function buildMenuTree(rows: Menu[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  const roots: MenuNode[] = [];
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      path: row.path,
      key: row.path,
      level: row.level,
      component: row.component,
      icon: row.icon,
      meta: { title: row.title, icon: row.icon, keepAlive: row.keepAlive },
      nextPath: null,
      permission: row.permission,
      pyt: row.pyt,
      children: [],
    });
  }
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  // A group's nextPath is its first leaf: where the app lands when the group itself is opened.
  const firstLeaf = (node: MenuNode): string | null => (node.children.length === 0 ? node.path : firstLeaf(node.children[0]!));
  for (const node of nodes.values()) if (node.children.length > 0) node.nextPath = firstLeaf(node);
  return roots;
}
