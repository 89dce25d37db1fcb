// What the page export writes (back-office §5 Excel export): the table's shown columns, an index column first, and each
// coded value (dictionary, edit items, remote options) as its text. Pure, so the worker only has to build the file.
import type { Column } from '../../schemas/screen/screen.types';
import { TEXT } from '../../schemas/text/zh';

export type SheetCell = string | number | null;

export interface SheetData {
  sheetName: string;
  headers: string[];
  rows: SheetCell[][];
}

/** A column's coded value -> text, for the columns that have choices; absent for plain columns. */
export type TextLookup = (column: Column, value: unknown) => string | undefined;

/** The export column definition (BO-EXP-11): title, dataIndex, hidden flag, dictionary or edit items. */
export const exportColumns = (columns: Column[]): Column[] => columns.filter((column) => !column.hidden);

function plainCell(value: unknown): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map(String).join('，');
  return String(value);
}

export function sheetData(columns: Column[], rows: Record<string, unknown>[], textOf: TextLookup, sheetName: string = TEXT.export.defaultSheetName): SheetData {
  const shown = exportColumns(columns);
  return {
    sheetName,
    headers: [TEXT.export.indexTitle, ...shown.map((c) => c.title)],
    rows: rows.map((row, index) => [index + 1, ...shown.map((column) => textOf(column, row[column.dataIndex]) ?? plainCell(row[column.dataIndex]))]),
  };
}
