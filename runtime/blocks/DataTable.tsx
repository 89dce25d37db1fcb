import { AG_GRID_LOCALE_CN } from '@ag-grid-community/locale';
import { themeQuartz, type ColDef, type ColGroupDef, type ICellRendererParams, type RowClassParams, type RowSelectionOptions } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { Pagination, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { TEXT } from '../i18n/zh';
import { evaluateCondition } from '../screen/expression';
import type { Row, ScreenStore } from '../screen/ScreenStore';
import { session } from '../stores/session';
import { ColumnPicker } from '../table/ColumnPicker';
import { HeaderFilterPanel } from '../table/HeaderFilterPanel';
import { ROW_ID, ROW_NEW } from '../table/rows';
import { selectionColumn } from '../table/selectionColumn';
import { TableController } from '../table/TableController';
import { useTableHeight } from '../table/tableHeight';
import { ActionButton } from './ActionButton';
import { toColumnDefs } from './tableColumns';
import '../table/table.css';

const localeText = { ...AG_GRID_LOCALE_CN, noRowsToShow: TEXT.table.empty };
const theme = themeQuartz.withParams({
  fontSize: 12,
  headerFontSize: 12,
  rowHeight: 34,
  headerHeight: 36,
  spacing: 6,
  wrapperBorderRadius: 4,
  accentColor: '#1677ff',
});
/** Page sizes offered when the screen names none (building-blocks §9). */
export const PAGE_SIZES = [10, 20, 50, 100];
const ACTION_BUTTON_WIDTH = 52;

function RowActionsCell({ data, store }: ICellRendererParams<Row> & { store: ScreenStore }) {
  if (!data) return null;
  const buttons = (store.screen.rowActions ?? []).filter((b) => store.can(b.permission) && evaluateCondition(b.visible, { row: data }, true));
  return (
    <Space size={0}>
      {buttons.map((button) => (
        <ActionButton key={button.label} button={button} context={{ store, row: data }} link />
      ))}
    </Space>
  );
}

/** The route path the table is on (hash routing): the name of its column layout. Read once, when the table opens. */
function currentRoutePath(fallback: string): string {
  const path = window.location.hash.replace(/^#/, '').split('?')[0];
  return path && path !== '/' ? path : fallback;
}

const rowClass = ({ data }: RowClassParams<Row>) => (data?.[ROW_NEW] === true ? 'dms-row-new' : undefined);
const rowIdOf = ({ data }: { data: Row }) => data[ROW_ID] as string;

/**
 * The data table of a screen (building-blocks §2 item 2): paged on the server or all rows in the browser, sorting,
 * header filters, radio or checkbox selection under a selection and total header, the 列筛选排序 column picker,
 * grouped and collapsible columns, a summary row, and editable cells.
 */
export const DataTable = observer(function DataTable({ store }: { store: ScreenStore }) {
  const table = store.screen.table!;
  const edits = store.edits;
  const [controller] = useState(() => new TableController(store, currentRoutePath(store.screen.id), session.user?.userId));
  const gridBox = useRef<HTMLDivElement>(null);
  const height = useTableHeight(table.height, gridBox);

  const columnDefs = useMemo<(ColDef<Row> | ColGroupDef<Row>)[]>(() => {
    const defs = toColumnDefs({ layout: controller.layout, options: controller.options, edits, clientSide: store.clientSide });
    if (table.selection) defs.unshift(selectionColumn(table.selection));
    const actions = store.screen.rowActions ?? [];
    if (actions.length > 0) {
      defs.push({
        colId: '__actions',
        headerName: TEXT.table.actions,
        pinned: 'right',
        width: Math.max(80, actions.length * ACTION_BUTTON_WIDTH + 16),
        sortable: false,
        cellRendererSelector: ({ node }) => (node.rowPinned ? undefined : { component: RowActionsCell, params: { store } }),
      });
    }
    return defs;
    // The definitions are made once: later layout changes reach the grid through its column state.
  }, [controller, edits, store, table.selection]);
  const context = useMemo(() => ({ host: controller }), [controller]);
  const rowSelection = useMemo<RowSelectionOptions | undefined>(() => {
    if (table.selection === 'checkbox') return { mode: 'multiRow', checkboxes: false, headerCheckbox: false, enableClickSelection: false };
    if (table.selection === 'radio') return { mode: 'singleRow', checkboxes: false, enableClickSelection: false };
    return undefined;
  }, [table.selection]);

  // The antd parts around the grid (pager, picker) render in the frame after the first rows: the rows come first.
  const [chromeShown, setChromeShown] = useState(false);
  const showChrome = useCallback(() => requestAnimationFrame(() => setChromeShown(true)), []);
  const nothingToRender = !store.loading && store.rows.length === 0;
  useEffect(() => {
    if (nothingToRender) showChrome();
  }, [nothingToRender, showChrome]);
  useEffect(() => () => controller.detach(), [controller]);
  // Enter in an editor: after the cell is committed, go on to the next editable cell.
  useEffect(
    () =>
      edits?.onEnter(({ rowIndex, field }) => {
        const next = edits.nextEditableCell(rowIndex, field);
        if (next) edits.focus(next.rowIndex, next.field, true);
      }),
    [edits],
  );

  const total = store.clientSide ? controller.displayedCount : store.total;
  const open = controller.openFilter;
  return (
    <div className="dms-table" data-testid="data-table">
      <div className="dms-table-header">
        <span className="dms-table-counts">
          {table.selection ? (
            <span className="dms-table-selected">
              {TEXT.table.selected(store.selection.length)}
              {store.selection.length > 0 ? (
                <a className="dms-table-clear" onClick={() => controller.clearSelection()}>
                  {TEXT.table.clearSelection}
                </a>
              ) : null}
            </span>
          ) : null}
          <span className="dms-table-total">{TEXT.table.total(total)}</span>
        </span>
        {table.columnPicker !== false && chromeShown ? <ColumnPicker layout={controller.layout} /> : null}
      </div>
      <div className="dms-table-grid" ref={gridBox} style={{ height }}>
        <AgGridReact<Row>
          theme={theme}
          localeText={localeText}
          context={context}
          rowData={store.rows}
          columnDefs={columnDefs}
          getRowId={rowIdOf}
          getRowClass={edits ? rowClass : undefined}
          rowSelection={rowSelection}
          loading={store.loading}
          animateRows={false}
          suppressMovableColumns
          suppressDragLeaveHidesColumns
          enableBrowserTooltips
          singleClickEdit={edits !== undefined}
          invalidEditValueMode="block"
          isExternalFilterPresent={controller.isExternalFilterPresent}
          doesExternalFilterPass={controller.doesExternalFilterPass}
          pinnedBottomRowData={controller.summary}
          onGridReady={controller.gridReady}
          onFirstDataRendered={showChrome}
          onModelUpdated={controller.modelUpdated}
          onRowDataUpdated={controller.rowDataUpdated}
          onCellValueChanged={controller.cellValueChanged}
          onColumnResized={controller.columnResized}
          onSelectionChanged={controller.selectionChanged}
        />
      </div>
      {table.pagination !== false ? (
        <div className="dms-table-footer">
          {chromeShown ? (
              <Pagination
              size="small"
              current={store.page}
              pageSize={store.pageSize}
              total={store.total}
              pageSizeOptions={table.pageSizes ?? PAGE_SIZES}
              showSizeChanger
              showQuickJumper
              onChange={(page, pageSize) => void store.changePage(page, pageSize)}
            />
          ) : null}
        </div>
      ) : null}
      {open ? (
        <HeaderFilterPanel
          key={open.column.dataIndex}
          column={open.column}
          anchor={open.anchor}
          value={store.headerFilters[open.column.dataIndex]}
          options={open.column.filterItems ?? controller.options.optionsOf(open.column)}
          onApply={(value) => controller.applyFilter(open.column, value)}
          onClose={() => controller.closeFilter()}
        />
      ) : null}
    </div>
  );
});
