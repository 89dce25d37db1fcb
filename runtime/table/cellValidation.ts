// The checks of an editable cell (building-blocks §5): on blur a required cell must not be empty, a value must match
// the column's pattern, and a search-helper cell accepts only a value chosen from its lookup. Before a save every row
// is checked again and the table reports each kind of problem once.
import { TEXT } from '../../schemas/text/zh';
import type { Column } from '../../schemas/screen/screen.types';
import type { Row } from './rows';

export type CellProblemKind = 'required' | 'pattern' | 'searchHelper';

export interface CellProblem {
  kind: CellProblemKind;
  message: string;
}

export const isEmptyValue = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

const patterns = new Map<string, RegExp>();
function compiled(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) patterns.set(source, (pattern = new RegExp(source)));
  return pattern;
}

/** Problems of a value about to be committed; `typedText` is the search-helper text typed but not chosen. */
export function checkCell(column: Column, value: unknown, typedText?: string): CellProblem | null {
  if (column.searchHelper && typedText !== undefined && typedText !== '') {
    return { kind: 'searchHelper', message: TEXT.table.onlyChoose(column.title) };
  }
  if (isEmptyValue(value)) {
    return column.editRequired ? { kind: 'required', message: TEXT.table.required(column.title) } : null;
  }
  if (column.editPattern && !Array.isArray(value) && !compiled(column.editPattern).test(String(value))) {
    return { kind: 'pattern', message: TEXT.table.badFormat(column.title) };
  }
  return null;
}

const KIND_ORDER: CellProblemKind[] = ['required', 'pattern', 'searchHelper'];

/** The table-level messages for a set of cell problems: one per kind present, required first. */
export function tableMessages(problems: Iterable<CellProblem>): string[] {
  const kinds = new Set<CellProblemKind>();
  for (const problem of problems) kinds.add(problem.kind);
  return KIND_ORDER.filter((kind) => kinds.has(kind)).map((kind) => TEXT.table.tableProblem[kind]);
}

/** Checks every editable cell of the given rows; answers the problems keyed by row id and field. */
export function checkRows(rows: Row[], columns: Column[], isEditable: (column: Column, row: Row) => boolean, rowKey: (row: Row) => string): Map<string, CellProblem> {
  const problems = new Map<string, CellProblem>();
  for (const row of rows) {
    for (const column of columns) {
      if (!(column.editRequired || column.editPattern) || !isEditable(column, row)) continue;
      const problem = checkCell(column, row[column.dataIndex]);
      if (problem) problems.set(cellKey(rowKey(row), column.dataIndex), problem);
    }
  }
  return problems;
}

export const cellKey = (rowId: string, field: string): string => `${rowId}\u0000${field}`;
