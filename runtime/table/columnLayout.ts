// The user's arrangement of a table's columns: order, visibility and widths set in the 列筛选排序 picker or by
// dragging a border, the collapsed flex groups and the unmasked columns. Order, visibility and widths are stored per
// user in local storage under a key built from the route path, and on the server, so the layout follows the user to
// any PC; a stored list whose length differs from the current column count is discarded (building-blocks §4).
import { makeAutoObservable } from 'mobx';
import type { Column } from '../../schemas/screen/screen.types';
import { columnTree, leafNodes, type ColumnNode } from './columnTree';
import { estimatedWidth } from './formats';

export interface StoredColumn {
  dataIndex: string;
  hidden: boolean;
  width?: number;
}

export interface StoredLayout {
  columns: StoredColumn[];
  /** ISO time of the change; when local storage and the server disagree, the later one wins. */
  savedAt: string;
}

export interface ColumnStateEntry {
  colId: string;
  hide: boolean;
  width: number;
}

export class ColumnLayout {
  /** The pickable leaves (every leaf but hiddenFilter ones) in display order. */
  order: string[];
  hidden: Set<string>;
  widths: Map<string, number>;
  collapsed = new Set<string>();
  revealed = new Set<string>();
  /** Columns whose visible condition is false now: not shown, not offered in the picker, whatever the user chose. */
  ruledOut: ReadonlySet<string> = new Set<string>();
  /** Counts the user's changes to order, visibility and widths: what is worth saving. */
  revision = 0;
  savedAt: string | undefined = undefined;

  readonly tree: ColumnNode[];
  private readonly leaves: Column[];
  private readonly pickable: Set<string>;
  private readonly flexMembers = new Map<string, { head: string; whenCollapsed: boolean }>();

  constructor(columns: Column[]) {
    this.tree = columnTree(columns);
    this.leaves = leafNodes(this.tree).map((node) => node.column!);
    this.pickable = new Set(this.leaves.filter((c) => !c.hiddenFilter).map((c) => c.dataIndex));
    for (const column of this.leaves) {
      for (const member of column.flex ?? []) this.flexMembers.set(member, { head: column.dataIndex, whenCollapsed: false });
      for (const member of column.flexList ?? []) this.flexMembers.set(member, { head: column.dataIndex, whenCollapsed: true });
    }
    this.order = this.defaultOrder();
    this.hidden = this.defaultHidden();
    this.widths = this.defaultWidths();
    makeAutoObservable<ColumnLayout, 'leaves' | 'pickable' | 'flexMembers'>(this, { tree: false, leaves: false, pickable: false, flexMembers: false });
  }

  private defaultOrder(): string[] {
    return this.leaves.filter((c) => this.pickable.has(c.dataIndex)).map((c) => c.dataIndex);
  }

  private defaultHidden(): Set<string> {
    return new Set(this.leaves.filter((c) => c.hidden && this.pickable.has(c.dataIndex)).map((c) => c.dataIndex));
  }

  private defaultWidths(): Map<string, number> {
    return new Map(this.leaves.map((c) => [c.dataIndex, c.width ?? estimatedWidth(c.title)]));
  }

  get columnCount(): number {
    return this.order.length;
  }

  /** Hidden by a flex group: members of a collapsed group, and the collapsed-only columns of an expanded one. */
  hiddenByFlex(dataIndex: string): boolean {
    const member = this.flexMembers.get(dataIndex);
    if (!member) return false;
    return this.collapsed.has(member.head) !== member.whenCollapsed;
  }

  isVisible(dataIndex: string): boolean {
    return !this.hidden.has(dataIndex) && !this.hiddenByFlex(dataIndex) && !this.ruledOut.has(dataIndex);
  }

  /** The columns whose visible condition now fails (TableController evaluates them against the screen's context). */
  setRuledOut(keys: ReadonlySet<string>): void {
    if (keys.size === this.ruledOut.size && [...keys].every((key) => this.ruledOut.has(key))) return;
    this.ruledOut = keys;
  }

  isFlexHead(dataIndex: string): boolean {
    return this.leaves.some((c) => c.dataIndex === dataIndex && (c.flex !== undefined || c.flexList !== undefined));
  }

  /** Every leaf in display order; columns left out of the picker keep their place in the definition. */
  get columnState(): ColumnStateEntry[] {
    const queue = [...this.order];
    return this.leaves.map((column) => {
      const colId = this.pickable.has(column.dataIndex) ? queue.shift()! : column.dataIndex;
      return { colId, hide: !this.isVisible(colId), width: this.widths.get(colId)! };
    });
  }

  /** The picker's tree: siblings sorted by where their first leaf now stands, hiddenFilter columns left out. */
  get pickerTree(): ColumnNode[] {
    const position = new Map(this.order.map((key, i) => [key, i]));
    const arrange = (nodes: ColumnNode[]): ColumnNode[] =>
      nodes
        .map((node) => (node.children ? { ...node, children: arrange(node.children) } : node))
        .filter((node) => (node.children ? node.children.length > 0 : this.pickable.has(node.key) && !this.ruledOut.has(node.key)))
        .sort((a, b) => firstPosition(a, position) - firstPosition(b, position));
    return arrange(this.tree);
  }

  setVisible(keys: string[], visible: boolean): void {
    for (const key of keys) {
      if (!this.pickable.has(key)) continue;
      if (visible) this.hidden.delete(key);
      else this.hidden.add(key);
    }
    this.changed();
  }

  /** The shown pickable columns in display order (what a query scheme saves as its columns). */
  get visibleKeys(): string[] {
    return this.order.filter((key) => this.isVisible(key));
  }

  /** Shows exactly the given columns the table has, first and in their order, and hides the others (a query scheme's
   * columns); a list naming none of them changes nothing. */
  showOnly(keys: readonly string[]): void {
    const wanted = [...new Set(keys)].filter((key) => this.pickable.has(key));
    if (wanted.length === 0) return;
    this.order = [...wanted, ...this.order.filter((key) => !wanted.includes(key))];
    this.hidden = new Set(this.order.filter((key) => !wanted.includes(key)));
    this.changed();
  }

  setAllVisible(visible: boolean): void {
    this.setVisible(this.order, visible);
  }

  /** Moves a node (a leaf or a whole group) before or after a sibling; dropping into a node is not a move. */
  move(dragged: ColumnNode, target: ColumnNode, after: boolean): void {
    const moving = leafKeys(dragged).filter((key) => this.pickable.has(key));
    const rest = this.order.filter((key) => !moving.includes(key));
    const targetKeys = leafKeys(target).filter((key) => rest.includes(key));
    if (targetKeys.length === 0 || moving.length === 0) return;
    const at = after ? rest.indexOf(targetKeys[targetKeys.length - 1]!) + 1 : rest.indexOf(targetKeys[0]!);
    rest.splice(at, 0, ...moving);
    this.order = rest;
    this.changed();
  }

  setWidth(dataIndex: string, width: number): void {
    if (this.widths.get(dataIndex) === width) return;
    this.widths.set(dataIndex, width);
    this.changed();
  }

  toggleFlex(head: string): void {
    if (this.collapsed.has(head)) this.collapsed.delete(head);
    else this.collapsed.add(head);
  }

  toggleMask(dataIndex: string): void {
    if (this.revealed.has(dataIndex)) this.revealed.delete(dataIndex);
    else this.revealed.add(dataIndex);
  }

  reset(): void {
    this.order = this.defaultOrder();
    this.hidden = this.defaultHidden();
    this.widths = this.defaultWidths();
    this.changed();
  }

  toStored(): StoredLayout {
    return {
      columns: this.order.map((dataIndex) => ({ dataIndex, hidden: this.hidden.has(dataIndex), width: this.widths.get(dataIndex) })),
      savedAt: this.savedAt ?? new Date().toISOString(),
    };
  }

  /** Takes a stored layout unless it no longer fits: another column count, or columns this table does not have. */
  adopt(stored: StoredLayout | null | undefined): boolean {
    if (!fits(stored, this.order)) return false;
    this.order = stored.columns.map((c) => c.dataIndex);
    this.hidden = new Set(stored.columns.filter((c) => c.hidden).map((c) => c.dataIndex));
    const widths = this.defaultWidths();
    for (const c of stored.columns) if (c.width) widths.set(c.dataIndex, c.width);
    this.widths = widths;
    this.savedAt = stored.savedAt;
    return true;
  }

  private changed(): void {
    this.savedAt = new Date().toISOString();
    this.revision += 1;
  }
}

function fits(stored: StoredLayout | null | undefined, order: string[]): stored is StoredLayout {
  if (!stored || !Array.isArray(stored.columns) || stored.columns.length !== order.length) return false;
  const keys = new Set(stored.columns.map((c) => c?.dataIndex));
  return keys.size === order.length && order.every((key) => keys.has(key));
}

function leafKeys(node: ColumnNode): string[] {
  return node.children ? node.children.flatMap(leafKeys) : [node.key];
}

function firstPosition(node: ColumnNode, position: Map<string, number>): number {
  return Math.min(...leafKeys(node).map((key) => position.get(key) ?? Number.MAX_SAFE_INTEGER));
}

// ---- where a layout is kept ----

/** The local storage key: the route path the table is on, per user so colleagues sharing a PC keep their own. */
export function layoutStorageKey(routePath: string, userId: number | string | undefined): string {
  return `dms.columns:${userId ?? 'anonymous'}:${routePath}`;
}

export function readLocalLayout(key: string): StoredLayout | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as StoredLayout) : null;
  } catch {
    return null;
  }
}

export function writeLocalLayout(key: string, layout: StoredLayout): void {
  try {
    localStorage.setItem(key, JSON.stringify(layout));
  } catch {
    // A full or disabled storage only costs the local copy; the server keeps the layout.
  }
}

/** The later of two stored layouts (the server's copy may be newer, from another PC). */
export function newerLayout(a: StoredLayout | null, b: StoredLayout | null): StoredLayout | null {
  if (!a) return b;
  if (!b) return a;
  return (b.savedAt ?? '') > (a.savedAt ?? '') ? b : a;
}
