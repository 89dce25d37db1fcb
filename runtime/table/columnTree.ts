// The columns of a screen as a tree: a column with children is a header group, and columns sharing a groupName are
// gathered under one group at the place of the first. The leaves are the columns that hold values.
import type { Column } from '../../schemas/screen/screen.types';

export interface ColumnNode {
  /** The leaf's dataIndex; for a group, `group:` plus its dataIndex or its groupName. */
  key: string;
  title: string;
  column?: Column;
  children?: ColumnNode[];
}

export const isGroupNode = (node: ColumnNode): boolean => node.children !== undefined;

function nodeOf(column: Column): ColumnNode {
  if (column.children) return { key: `group:${column.dataIndex}`, title: column.title, column, children: gather(column.children) };
  return { key: column.dataIndex, title: column.title, column };
}

function gather(columns: Column[]): ColumnNode[] {
  const nodes: ColumnNode[] = [];
  const groups = new Map<string, ColumnNode>();
  for (const column of columns) {
    const node = nodeOf(column);
    if (!column.groupName) {
      nodes.push(node);
      continue;
    }
    let group = groups.get(column.groupName);
    if (!group) {
      group = { key: `group:${column.groupName}`, title: column.groupName, children: [] };
      groups.set(column.groupName, group);
      nodes.push(group);
    }
    group.children!.push(node);
  }
  return nodes;
}

export function columnTree(columns: Column[]): ColumnNode[] {
  return gather(columns);
}

export function leafNodes(nodes: ColumnNode[]): ColumnNode[] {
  return nodes.flatMap((node) => (node.children ? leafNodes(node.children) : [node]));
}

export function leafColumns(columns: Column[]): Column[] {
  return leafNodes(columnTree(columns)).map((node) => node.column!);
}
