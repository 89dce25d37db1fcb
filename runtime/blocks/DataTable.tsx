import { AG_GRID_LOCALE_CN } from '@ag-grid-community/locale';
import { themeQuartz, type ColDef, type GetRowIdParams, type ICellRendererParams, type RowSelectionOptions } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { Pagination, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { TEXT } from '../i18n/zh';
import { SelectionHeader } from './SelectionHeader';
import { evaluateCondition } from '../screen/expression';
import type { Row, ScreenStore } from '../screen/ScreenStore';
import { ActionButton } from './ActionButton';
import { toColumnDefs } from './tableColumns';

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
const PAGE_SIZES = [10, 20, 50, 100];
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

/** The paged data table of a screen: server-side paging and sorting, selection, row action buttons. */
export const DataTable = observer(function DataTable({ store }: { store: ScreenStore }) {
  const table = store.screen.table!;
  const rowKey = table.rowKey ?? 'id';
  const columnDefs = useMemo<ColDef<Row>[]>(() => {
    const defs = toColumnDefs(table.columns);
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
  }, [store, table.columns]);
  const rowSelection = useMemo<RowSelectionOptions | undefined>(() => {
    if (table.selection === 'checkbox') return { mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: false };
    if (table.selection === 'radio') return { mode: 'singleRow', checkboxes: true, enableClickSelection: false };
    return undefined;
  }, [table.selection]);

  return (
    <div className="dms-table">
      {table.selection ? <SelectionHeader store={store} /> : null}
      <div className="dms-table-grid">
        <AgGridReact<Row>
          theme={theme}
          localeText={localeText}
          rowData={store.rows}
          columnDefs={columnDefs}
          getRowId={(params: GetRowIdParams<Row>) => String(params.data[rowKey])}
          rowSelection={rowSelection}
          selectionColumnDef={{ pinned: 'left', width: 44, maxWidth: 44 }}
          loading={store.loading}
          suppressDragLeaveHidesColumns
          animateRows={false}
          onSortChanged={(event) => {
            const sorted = event.api.getColumnState().find((c) => c.sort);
            void store.changeSort(sorted ? `${sorted.colId}|${sorted.sort}` : undefined);
          }}
          onSelectionChanged={(event) => store.setSelection(event.api.getSelectedRows())}
        />
      </div>
      <div className="dms-table-footer">
        <span className="dms-table-selection">{table.selection ? TEXT.table.selected(store.selection.length) : null}</span>
        <Pagination
          size="small"
          current={store.page}
          pageSize={store.pageSize}
          total={store.total}
          pageSizeOptions={table.pageSizes ?? PAGE_SIZES}
          showSizeChanger
          showQuickJumper
          showTotal={(total) => TEXT.table.total(total)}
          onChange={(page, pageSize) => void store.changePage(page, pageSize)}
        />
      </div>
    </div>
  );
});
