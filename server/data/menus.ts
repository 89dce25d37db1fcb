import type { Kysely } from 'kysely';
import type { Database, Menu } from '../db/schema';

/** A menu item as back-office §3 describes it; children nest the three levels. */
export interface MenuNode {
  id: string;
  path: string;
  key: string;
  level: number;
  component: string | null;
  icon: string | null;
  meta: { title: string; icon: string | null; keepAlive: boolean };
  nextPath: string | null;
  permission: string[];
  pyt: string | null;
  children: MenuNode[];
}

export async function loadMenuTree(db: Kysely<Database>): Promise<MenuNode[]> {
  const rows = await db.selectFrom('menus').selectAll().orderBy('level').orderBy('sort').orderBy('id').execute();
  return buildMenuTree(rows);
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
