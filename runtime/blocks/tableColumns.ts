import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import type { Column } from '../screen/screen.types';
import type { Row } from '../screen/ScreenStore';
import { session } from '../stores/session';

const moneyFormat = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const numberFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** Width when a column gives none: 14 px per title character plus 65 (building-blocks §9). */
export function estimatedWidth(title: string): number {
  return title.length * 14 + 65;
}

function formatterFor(column: Column): ((params: ValueFormatterParams<Row>) => string) | undefined {
  if (column.dict) {
    const dict = column.dict;
    return ({ value }) => session.dictionary(dict).find((o) => String(o.value) === String(value))?.text ?? (value == null ? '' : String(value));
  }
  switch (column.type) {
    case 'money':
      return ({ value }) => (typeof value === 'number' ? moneyFormat.format(value) : '');
    case 'number':
      return ({ value }) => (typeof value === 'number' ? numberFormat.format(value) : '');
    case 'date':
      return ({ value }) => (typeof value === 'string' ? value.slice(0, 10) : '');
    default:
      return undefined;
  }
}

/** Screen columns -> ag-grid column definitions. Sorting happens on the server, so the grid never reorders rows. */
export function toColumnDefs(columns: Column[]): ColDef<Row>[] {
  return columns.map((column) => {
    const numeric = column.type === 'money' || column.type === 'number';
    const align = column.align ?? (numeric ? 'right' : 'left');
    return {
      colId: column.dataIndex,
      field: column.dataIndex,
      headerName: column.title,
      width: column.width ?? estimatedWidth(column.title),
      pinned: column.fixed ?? null,
      hide: column.hidden ?? false,
      sortable: column.sorter === true,
      comparator: () => 0,
      valueFormatter: formatterFor(column),
      cellClass: align === 'right' ? 'ag-right-aligned-cell' : align === 'center' ? 'dms-cell-center' : undefined,
      headerClass: align === 'right' ? 'ag-right-aligned-header' : undefined,
    };
  });
}
