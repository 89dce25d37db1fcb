// Header filters (building-blocks §3-§4): what each filter type holds, the parameters a paged table sends to the
// server, and the matching a table without paging does in the browser.
import type { Column } from '../../schemas/screen/screen.types';
import type { Row } from './rows';

export type FilterType = NonNullable<Column['filterType']>;
export type Scalar = string | number | boolean;
/** input: text; radio: one value; checkbox: values; number and date-range: [from, to] with either end open. */
export type FilterValue = string | Scalar | Scalar[] | [number | undefined, number | undefined] | [string | undefined, string | undefined];

export const filterTypeOf = (column: Column): FilterType => column.filterType ?? 'input';
const isRange = (type: FilterType) => type === 'number' || type === 'date-range';

/** The parameter names a column's filter is sent under: the field, or from|to for ranges. */
export function filterFieldNames(column: Column): [string] | [string, string] {
  const type = filterTypeOf(column);
  if (column.filterField) {
    const [from, to] = column.filterField.split('|');
    return isRange(type) ? [from!, to ?? `${from}To`] : [from!];
  }
  return isRange(type) ? [`${column.dataIndex}From`, `${column.dataIndex}To`] : [column.dataIndex];
}

/** An empty filter is no filter: the search button stays disabled for it (building-blocks §4). */
export function isEmptyFilter(value: FilterValue | undefined): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every((v) => v === undefined || v === null || v === '');
  return false;
}

/** The request parameters of the active header filters. */
export function filterParams(columns: Column[], filters: Record<string, FilterValue>): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const column of columns) {
    const value = filters[column.dataIndex];
    if (isEmptyFilter(value)) continue;
    const names = filterFieldNames(column);
    if (names.length === 2) {
      const [from, to] = value as [unknown, unknown];
      if (from !== undefined && from !== '') params[names[0]] = from;
      if (to !== undefined && to !== '') params[names[1]] = to;
    } else {
      params[names[0]] = typeof value === 'string' ? value.trim() : value;
    }
  }
  return params;
}

function matches(column: Column, cell: unknown, value: FilterValue): boolean {
  switch (filterTypeOf(column)) {
    case 'input':
      return cell !== null && cell !== undefined && String(cell).toLowerCase().includes(String(value).trim().toLowerCase());
    case 'radio':
      return String(cell) === String(value);
    case 'checkbox': {
      const wanted = new Set((value as Scalar[]).map(String));
      return Array.isArray(cell) ? cell.some((c) => wanted.has(String(c))) : wanted.has(String(cell));
    }
    case 'number': {
      const [from, to] = value as [number | undefined, number | undefined];
      const n = typeof cell === 'number' ? cell : Number(cell);
      if (cell === null || cell === undefined || cell === '' || !Number.isFinite(n)) return false;
      return (from === undefined || n >= from) && (to === undefined || n <= to);
    }
    case 'date-range': {
      const [from, to] = value as [string | undefined, string | undefined];
      if (cell === null || cell === undefined || cell === '') return false;
      const day = String(cell).slice(0, 10);
      return (!from || day >= from) && (!to || day <= to);
    }
  }
}

/** The browser-side filter of a table without paging: a row passes when it matches every active filter. */
export function rowFilter(columns: Column[], filters: Record<string, FilterValue>): ((row: Row) => boolean) | null {
  const active = columns.filter((c) => !isEmptyFilter(filters[c.dataIndex]));
  if (active.length === 0) return null;
  return (row) => active.every((column) => matches(column, row[column.dataIndex], filters[column.dataIndex]!));
}
