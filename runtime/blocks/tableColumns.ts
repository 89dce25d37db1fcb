// Screen columns -> ag-grid column definitions: header groups, the plain-DOM header, formatted plain-text cells (no
// per-cell components), masks, the summary row, and the editors of editable columns.
import type { CellClassParams, ColDef, ColGroupDef, SuppressKeyboardEventParams, ValueFormatterParams } from 'ag-grid-community';
import { cellRendererRegistry } from '../registries/cellRenderers';
import type { CellLink, Column } from '../../schemas/screen/screen.types';
import { LinkCell, type LinkCellParams } from '../table/cells/LinkCell';
import type { ColumnLayout } from '../table/columnLayout';
import type { ColumnOptions } from '../table/columnOptions';
import type { ColumnNode } from '../table/columnTree';
import { CheckboxValues } from '../table/editors/checkboxValues';
import { editorFor } from '../table/editors/editorFor';
import { isCellEditable, type EditSession } from '../table/editSession';
import { DATE_FORMAT, DATETIME_FORMAT, formatDate, formatGrouped, formatPercent, formatTwoDecimals } from '../table/formats';
import { HeaderCell, type HeaderCellParams } from '../table/HeaderCell';
import { maskValue } from '../masking/masks';
import type { Row } from '../table/rows';

export { estimatedWidth } from '../table/formats';

export interface ColumnContext {
  layout: ColumnLayout;
  options: ColumnOptions;
  edits: EditSession | undefined;
  /** Without paging the grid sorts in the browser; with paging the server does. */
  clientSide: boolean;
  /** Where a column's link leads from a row (undefined: no link for this user and row). */
  linkHref?: (link: CellLink, row: Row) => string | undefined;
}

type Formatter = (value: unknown) => string;

const plain: Formatter = (value) => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join('，') : String(value));

function displayFormatter(column: Column, options: ColumnOptions): Formatter {
  if (options.hasChoices(column) && column.editType !== 'checkbox') return (value) => options.textOf(column, value);
  switch (column.type) {
    case 'number': {
      const precision = column.precision;
      return (value) => formatGrouped(value, precision);
    }
    case 'money':
      return formatTwoDecimals;
    case 'percent':
      return formatPercent;
    case 'date': {
      const format = column.dateFormat ?? DATE_FORMAT;
      return (value) => formatDate(value, format);
    }
    case 'datetime': {
      const format = column.dateFormat ?? DATETIME_FORMAT;
      return (value) => formatDate(value, format);
    }
    default:
      return plain;
  }
}

const isNumeric = (column: Column) => column.type === 'number' || column.type === 'money' || column.type === 'percent' || column.editType === 'number';

function leafDef(column: Column, context: ColumnContext): ColDef<Row> {
  const { layout, options, edits } = context;
  const display = displayFormatter(column, options);
  const mask = column.mask;
  const field = column.dataIndex;
  const align = column.align ?? (isNumeric(column) ? 'right' : 'left');
  const editable = edits !== undefined && column.editable !== undefined && column.editable !== false;
  const renderer = column.render ? cellRendererRegistry[column.render] : undefined;

  const classes: string[] = [];
  if (align === 'right') classes.push('ag-right-aligned-cell');
  if (align === 'center') classes.push('dms-cell-center');
  const def: ColDef<Row> = {
    colId: field,
    field,
    headerName: column.title,
    headerComponent: HeaderCell,
    headerComponentParams: { definition: column, editable } satisfies HeaderCellParams,
    headerClass: align === 'right' ? 'dms-th-right' : undefined,
    width: layout.widths.get(field),
    minWidth: column.minWidth ?? 40,
    pinned: column.fixed ?? null,
    hide: !layout.isVisible(field),
    sortable: context.clientSide && column.sorter === true,
    valueFormatter: ({ value, node }: ValueFormatterParams<Row>) => {
      // The pinned summary row holds sums (two decimals) and the 合计 label.
      if (node?.rowPinned) return column.summation ? formatTwoDecimals(value) : plain(value);
      const text = display(value);
      return mask && !layout.revealed.has(field) ? maskValue(mask, text) : text;
    },
    cellClass: renderer?.cellClass
      ? (params: CellClassParams<Row>) => [...classes, renderer.cellClass!(params.value) ?? ''].filter(Boolean)
      : classes.length > 0
        ? classes
        : undefined,
  };
  if (renderer?.component) {
    const component = renderer.component;
    def.cellRendererSelector = ({ node }) => (node.rowPinned ? undefined : { component });
  }
  if (column.link && context.linkHref) {
    const { link } = column;
    const linkHref = context.linkHref;
    const params: LinkCellParams = { hrefOf: (row) => linkHref(link, row) };
    def.cellRendererSelector = ({ node }) => (node.rowPinned ? undefined : { component: LinkCell, params });
  }

  if (column.editType === 'checkbox') {
    const values = new CheckboxValues(column);
    def.valueGetter = ({ data, node }) => (node?.rowPinned || !data ? data?.[field] : values.isChecked(data[field]));
    def.valueSetter = ({ data, newValue }) => {
      data[field] = values.valueOf(newValue === true);
      return true;
    };
    def.valueFormatter = ({ value }) => (value === true ? values.checkedText : value === false ? values.uncheckedText : '');
    def.cellRendererSelector = ({ node }) => (node.rowPinned ? undefined : { component: 'agCheckboxCellRenderer' });
  }

  if (editable) {
    def.editable = ({ data, node }) => !node.rowPinned && isCellEditable(column, data) && !edits.blocksOtherCells(node.rowIndex, field);
    def.cellClassRules = { 'dms-cell-error': ({ data }) => data !== undefined && edits.problemOf(data, field) !== undefined };
    def.tooltipValueGetter = ({ data, node }) => (data && !node?.rowPinned ? edits.problemOf(data, field)?.message : undefined);
    def.cellEditor = editorFor(column);
    def.cellEditorParams = { definition: column, edits, options, getValidationErrors: edits.openEditorErrors };
    // The editors handle Enter (commit, then the table's enter event) and up/down (move a row) themselves.
    def.suppressKeyboardEvent = ({ editing, event }: SuppressKeyboardEventParams<Row>) =>
      editing && (event.key === 'Enter' || event.key === 'ArrowUp' || event.key === 'ArrowDown');
  }
  return def;
}

function nodeDef(node: ColumnNode, context: ColumnContext): ColDef<Row> | ColGroupDef<Row> {
  if (!node.children) return leafDef(node.column!, context);
  return { groupId: node.key, headerName: node.title, marryChildren: true, children: node.children.map((child) => nodeDef(child, context)) };
}

/** The grid's column definitions in the user's order (the layout's leaves sorted within their groups). */
export function toColumnDefs(context: ColumnContext): (ColDef<Row> | ColGroupDef<Row>)[] {
  const position = new Map(context.layout.columnState.map((entry, i) => [entry.colId, i]));
  const first = (node: ColumnNode): number =>
    node.children ? Math.min(...node.children.map(first)) : (position.get(node.key) ?? Number.MAX_SAFE_INTEGER);
  const arrange = (nodes: ColumnNode[]): ColumnNode[] =>
    nodes.map((node) => (node.children ? { ...node, children: arrange(node.children) } : node)).sort((a, b) => first(a) - first(b));
  return arrange(context.layout.tree).map((node) => nodeDef(node, context));
}
