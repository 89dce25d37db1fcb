import { AG_GRID_LOCALE_CN } from '@ag-grid-community/locale';
import { AllCommunityModule, createGrid, themeQuartz, type ColDef, type ColGroupDef, type GridOptions, type RowClassParams, type RowSelectionOptions } from 'ag-grid-community';
import { Pagination } from 'antd';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { TEXT } from '../../schemas/text/zh';
import type { CellLink } from '../../schemas/screen/screen.types';
import type { Row, ScreenStore } from '../screen/ScreenStore';
import { session } from '../stores/session';
import { cellLinkHref, type LinkPlace } from '../table/cellLinks';
import { ColumnPicker } from '../table/ColumnPicker';
import { HeaderFilterPanel } from '../table/HeaderFilterPanel';
import { ROW_ID, ROW_NEW } from '../table/rows';
import { RowActionsCell } from '../table/rowActionsCell';
import { selectionColumn } from '../table/selectionColumn';
import { selectionInUse } from '../table/selectionUse';
import { TableController } from '../table/TableController';
import { useTableHeight } from '../table/tableHeight';
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
const ACTION_BUTTON_WIDTH = 44;
const modules = [AllCommunityModule];

/** What a cell link needs to know of where the table is: its screen's menu path, the user's menus, the way back. */
function linkPlace(store: ScreenStore): LinkPlace {
  return {
    get path() {
      return store.path || currentRoutePath(store.screen.id);
    },
    rowKey: store.screen.table?.rowKey ?? 'id',
    get back() {
      return window.location.hash.replace(/^#/, '');
    },
    pathOfScreen: (screenId) => session.flatMenus.find((item) => item.component === `screen:${screenId}`)?.path,
  };
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
  // A query scheme of the filter bar shows its columns through the layout.
  useEffect(() => store.attachLayout(controller.layout), [store, controller]);
  const gridBox = useRef<HTMLDivElement>(null);
  const height = useTableHeight(table.height, gridBox);
  // Selection boxes only when something offered to this user acts on the selection (selectionUse.ts).
  const selection = useMemo(() => (selectionInUse(store) ? table.selection : undefined), [store, table.selection]);

  const columnDefs = useMemo<(ColDef<Row> | ColGroupDef<Row>)[]>(() => {
    const place = linkPlace(store);
    const linkHref = (link: CellLink, row: Row) => cellLinkHref(link, row, place);
    const defs = toColumnDefs({ layout: controller.layout, options: controller.options, edits, clientSide: store.clientSide, linkHref });
    if (selection) defs.unshift(selectionColumn(selection));
    const actions = store.screen.rowActions ?? [];
    if (actions.length > 0) {
      defs.push({
        colId: '__actions',
        headerName: TEXT.table.actions,
        pinned: 'right',
        width: Math.max(80, actions.length * ACTION_BUTTON_WIDTH + 16),
        sortable: false,
        cellRenderer: RowActionsCell,
        cellRendererParams: { store },
      });
    }
    return defs;
    // The definitions are made once: later layout changes reach the grid through its column state.
  }, [controller, edits, store, selection]);
  const context = useMemo(() => ({ host: controller }), [controller]);
  const rowSelection = useMemo<RowSelectionOptions | undefined>(() => {
    if (selection === 'checkbox') return { mode: 'multiRow', checkboxes: false, headerCheckbox: false, enableClickSelection: false };
    if (selection === 'radio') return { mode: 'singleRow', checkboxes: false, enableClickSelection: false };
    return undefined;
  }, [selection]);

  // The antd parts around the grid (pager, picker) render in the frame after the first rows: the rows come first.
  const [chromeShown, setChromeShown] = useState(false);
  const showChrome = useCallback(() => requestAnimationFrame(() => setChromeShown(true)), []);
  const nothingToRender = !store.loading && store.rows.length === 0;
  useEffect(() => {
    if (nothingToRender) showChrome();
  }, [nothingToRender, showChrome]);
  // The grid is plain ag-grid, created once: no React component per row or cell. MobX reactions hand it the rows, the
  // loading state and the summary row as they change. Created before the browser paints, not a frame later.
  const gridHost = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const options: GridOptions<Row> = {
      theme,
      localeText,
      context,
      columnDefs,
      // The screen's column says how a value shows and is edited (type, dict, editType, our formatters and editors);
      // the grid's own type inference from the first row only disagreed with it: an array column (适用车系, a multiple
      // select) was inferred "object" and warned #48 for want of a parser the grid never needs.
      defaultColDef: { cellDataType: false },
      rowData: store.rows,
      loading: store.loading,
      pinnedBottomRowData: controller.summary,
      getRowId: rowIdOf,
      getRowClass: edits ? rowClass : undefined,
      rowSelection,
      animateRows: false,
      // Rows placed with `top` rather than a transform each: Chromium then paints the scrolling rows into one composited
      // layer instead of one layer per row (97 layers down to 57 on the 60-column bench), less to commit and draw a frame.
      suppressRowTransform: true,
      suppressMovableColumns: true,
      suppressDragLeaveHidesColumns: true,
      enableBrowserTooltips: true,
      singleClickEdit: edits !== undefined,
      invalidEditValueMode: 'block',
      isExternalFilterPresent: controller.isExternalFilterPresent,
      doesExternalFilterPass: controller.doesExternalFilterPass,
      onGridReady: controller.gridReady,
      onFirstDataRendered: showChrome,
      onModelUpdated: controller.modelUpdated,
      onRowDataUpdated: controller.rowDataUpdated,
      onCellValueChanged: controller.cellValueChanged,
      onColumnResized: controller.columnResized,
      onSelectionChanged: controller.selectionChanged,
    };
    const api = createGrid(gridHost.current!, options, { modules });
    const disposers = [
      reaction(() => store.rows, (rows) => api.setGridOption('rowData', rows)),
      reaction(() => store.loading, (loading) => api.setGridOption('loading', loading)),
      reaction(() => controller.summary, (summary) => api.setGridOption('pinnedBottomRowData', summary)),
    ];
    return () => {
      for (const dispose of disposers) dispose();
      controller.detach();
      api.destroy();
    };
    // One grid per table: its definitions do not change while it lives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
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
          {selection ? (
            <span className="dms-table-selected">
              <span className="dms-table-selection">{TEXT.table.selected(store.selection.length)}</span>
              {store.selection.length > 0 ? (
                <a className="dms-table-clear" onClick={() => controller.clearSelection()}>
                  {TEXT.table.clearSelection}
                </a>
              ) : null}
            </span>
          ) : null}
          <span className="dms-table-total">{TEXT.table.total(total)}</span>
          {controller.sums.length > 0 ? (
            <span className="dms-table-sums" data-testid="table-sums">
              {TEXT.table.summary}
              {controller.sums.map((sum) => (
                <span key={sum.title} className="dms-table-sum">
                  {sum.title} <b>{sum.text}</b>
                </span>
              ))}
            </span>
          ) : null}
        </span>
        {table.columnPicker !== false && chromeShown ? <ColumnPicker layout={controller.layout} /> : null}
      </div>
      <div className="dms-table-grid" ref={gridBox} style={{ height }}>
        <div ref={gridHost} className="dms-table-grid-host" />
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
