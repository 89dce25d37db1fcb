// The table block's state beyond the screen store: the user's column layout (restored from local storage at once and
// from the server when it answers, saved to both), the column options, the open header filter, the summary row, and
// the wiring between MobX state and the grid's API.
import type { CellValueChangedEvent, ColumnResizedEvent, GridApi, GridReadyEvent, IRowNode, SelectionChangedEvent } from 'ag-grid-community';
import { action, computed, makeObservable, observable, observableRef, reaction } from 'mobx';
import { evaluateCondition } from '../../schemas/expression/expression';
import { TEXT } from '../../schemas/text/zh';
import type { Column } from '../../schemas/screen/screen.types';
import type { ScreenStore } from '../screen/ScreenStore';
import { ColumnLayout, layoutStorageKey, readLocalLayout, writeLocalLayout } from './columnLayout';
import { ColumnOptions } from './columnOptions';
import { formatTwoDecimals, sumTwoDecimals } from './formats';
import type { HeaderHost } from './HeaderCell';
import { isEmptyFilter, rowFilter, type FilterValue } from './headerFilters';
import { fetchServerLayout, saveServerLayout } from './layoutSync';
import { debounce } from './tableHeight';
import { ROW_ID, type Row } from './rows';

const SAVE_DELAY_MS = 400;
const SUMMARY_ROW_ID = '__summary';

export class TableController implements HeaderHost {
  readonly layout: ColumnLayout;
  readonly options: ColumnOptions;
  openFilter: { column: Column; anchor: HTMLElement } | null = null;
  /** Rows the grid shows (after the browser-side filter of an unpaged table). */
  displayedCount = 0;
  /** Bumped when rows change in place (an edit) or the browser-side filter changes: the summary is summed again. */
  private summaryVersion = 0;
  private api: GridApi<Row> | undefined;
  private readonly storageKey: string;
  private readonly summed: Column[];
  private disposers: (() => void)[] = [];
  /** The browser-side filter of an unpaged table, rebuilt when the header filters change. */
  private clientFilter: ((row: Row) => boolean) | null = null;

  constructor(
    readonly store: ScreenStore,
    /** The route path: the layout's name locally and on the server. */
    readonly layoutKey: string,
    userId: number | undefined,
  ) {
    this.layout = new ColumnLayout(store.screen.table!.columns);
    this.storageKey = layoutStorageKey(layoutKey, userId);
    this.layout.adopt(readLocalLayout(this.storageKey));
    this.options = new ColumnOptions(store.columns, (dataIndex) => this.api?.refreshCells({ columns: [dataIndex], force: true }));
    this.summed = store.columns.filter((c) => c.summation);
    // The grid is created with the columns the conditions leave; attach() follows the context from then on.
    this.layout.setRuledOut(this.ruledOutColumns());
    makeObservable<TableController, 'setDisplayedCount' | 'summaryVersion' | 'resum'>(this, {
      openFilter: observableRef,
      displayedCount: observable,
      summaryVersion: observable,
      summary: computed,
      sums: computed,
      toggleFilter: action,
      closeFilter: action,
      setDisplayedCount: action,
      resum: action,
    });
  }

  // ---- the headers ----

  sortOf(dataIndex: string): 'asc' | 'desc' | undefined {
    const [field, direction] = (this.store.sort ?? '').split('|');
    return field === dataIndex ? (direction as 'asc' | 'desc') : undefined;
  }

  /** Click on a sortable header: ascending, then descending, then unsorted. */
  toggleSort(dataIndex: string): void {
    const current = this.sortOf(dataIndex);
    const next = current === undefined ? 'asc' : current === 'asc' ? 'desc' : undefined;
    void this.store.changeSort(next ? `${dataIndex}|${next}` : undefined);
  }

  isFiltered(dataIndex: string): boolean {
    return !isEmptyFilter(this.store.headerFilters[dataIndex]);
  }

  isFilterOpen(dataIndex: string): boolean {
    return this.openFilter?.column.dataIndex === dataIndex;
  }

  /** Opens a column's filter (closing any other: one at a time), or closes it when it is the open one. */
  toggleFilter(column: Column, anchor: HTMLElement): void {
    this.openFilter = this.isFilterOpen(column.dataIndex) ? null : { column, anchor };
  }

  closeFilter(): void {
    this.openFilter = null;
  }

  applyFilter(column: Column, value: FilterValue | undefined): void {
    this.closeFilter();
    void this.store.setHeaderFilter(column.dataIndex, value);
  }

  // ---- the grid ----

  attach(api: GridApi<Row>): void {
    this.api = api;
    this.store.edits?.attach(api);
    const saveSoon = debounce(() => this.saveLayout(), SAVE_DELAY_MS);
    this.disposers.push(
      reaction(
        () => this.layout.columnState,
        (state) => api.applyColumnState({ state, applyOrder: true }),
      ),
      reaction(
        () => [...this.layout.revealed],
        () => api.refreshCells({ columns: this.store.columns.filter((c) => c.mask).map((c) => c.dataIndex), force: true }),
      ),
      reaction(() => this.ruledOutColumns(), (keys) => this.layout.setRuledOut(keys)),
      reaction(() => this.layout.revision, saveSoon),
      saveSoon.cancel,
    );
    if (this.store.clientSide) {
      this.disposers.push(
        reaction(
          () => this.store.sort,
          (sort) => {
            const [colId, direction] = (sort ?? '').split('|');
            api.applyColumnState({ state: sort ? [{ colId: colId!, sort: direction as 'asc' | 'desc' }] : [], defaultState: { sort: null } });
          },
        ),
        reaction(
          () => this.store.headerFilters,
          (filters) => {
            this.clientFilter = rowFilter(this.store.columns, filters);
            api.onFilterChanged();
            this.resum();
          },
        ),
      );
    }
    void this.restoreServerLayout();
  }

  detach(): void {
    for (const dispose of this.disposers) dispose();
    this.disposers = [];
    this.store.edits?.attach(undefined);
    this.api = undefined;
  }

  /** The columns whose visible condition fails in the screen's context (submitted filter, user, parameters). */
  private ruledOutColumns(): Set<string> {
    const conditional = this.store.columns.filter((column) => column.visible !== undefined);
    if (conditional.length === 0) return new Set();
    const context = this.store.context;
    return new Set(conditional.filter((column) => !evaluateCondition(column.visible, context, true)).map((column) => column.dataIndex));
  }

  readonly isExternalFilterPresent = (): boolean => this.clientFilter !== null;

  readonly doesExternalFilterPass = (node: IRowNode<Row>): boolean => this.clientFilter === null || (node.data !== undefined && this.clientFilter(node.data));

  // Grid events, bound once so the grid's options never change between renders.

  readonly gridReady = (event: GridReadyEvent<Row>): void => this.attach(event.api);

  /** After sorting, filtering or new rows: count what is shown. */
  readonly modelUpdated = (): void => {
    if (this.api) this.setDisplayedCount(this.api.getDisplayedRowCount());
  };

  readonly rowDataUpdated = (): void => this.store.edits?.editPending();

  readonly cellValueChanged = (event: CellValueChangedEvent<Row>): void => {
    if (JSON.stringify(event.oldValue) === JSON.stringify(event.newValue)) return;
    this.store.edits?.rowChanged(event.data);
    if (this.summed.some((c) => c.dataIndex === event.colDef.field)) this.resum();
  };

  readonly columnResized = (event: ColumnResizedEvent<Row>): void => {
    if (!event.finished || event.source !== 'uiColumnResized') return;
    for (const column of event.columns ?? []) this.layout.setWidth(column.getColId(), column.getActualWidth());
  };

  readonly selectionChanged = (event: SelectionChangedEvent<Row>): void => this.store.setSelection(event.api.getSelectedRows());

  clearSelection(): void {
    this.api?.deselectAll();
  }

  private setDisplayedCount(count: number): void {
    this.displayedCount = count;
  }

  private resum(): void {
    this.summaryVersion += 1;
  }

  /**
   * The pinned 合计 row: each summation column's sum of the rows shown, to two decimals, and the label in the first
   * visible column that is not summed. Ready with the rows, so the grid is created with it.
   */
  get summary(): Row[] | undefined {
    if (this.summed.length === 0) return undefined;
    void this.summaryVersion;
    const filter = this.clientFilter;
    const rows = filter ? this.store.rows.filter(filter) : this.store.rows;
    const summary: Row = { [ROW_ID]: SUMMARY_ROW_ID };
    for (const column of this.summed) summary[column.dataIndex] = sumTwoDecimals(rows.map((row) => row[column.dataIndex]));
    const visible = this.layout.columnState.filter((c) => !c.hide && !this.summed.some((s) => s.dataIndex === c.colId)).map((c) => c.colId);
    const pinned = new Set(this.store.columns.filter((c) => c.fixed === 'left').map((c) => c.dataIndex));
    const label = visible.find((colId) => pinned.has(colId)) ?? visible[0];
    if (label) summary[label] = TEXT.table.summary;
    return [summary];
  }

  /**
   * The sums again, by column title, for the table's header: the pinned row scrolls sideways with its columns, so on a
   * wide table the summed columns (money, at the right) were out of view and the 合计 row read as empty.
   */
  get sums(): { title: string; text: string }[] {
    const row = this.summary?.[0];
    if (!row) return [];
    return this.summed.filter((column) => this.layout.isVisible(column.dataIndex)).map((column) => ({ title: column.title, text: formatTwoDecimals(row[column.dataIndex]) }));
  }

  // ---- the layout's storage ----

  private async restoreServerLayout(): Promise<void> {
    try {
      const server = await fetchServerLayout(this.layoutKey);
      if (!server || (this.layout.savedAt && server.savedAt <= this.layout.savedAt)) return;
      if (this.layout.adopt(server)) writeLocalLayout(this.storageKey, this.layout.toStored());
    } catch {
      // Without the server's copy the local one stands; the http client has reported the failure.
    }
  }

  private saveLayout(): void {
    const stored = this.layout.toStored();
    writeLocalLayout(this.storageKey, stored);
    saveServerLayout(this.layoutKey, stored).catch(() => undefined);
  }
}
