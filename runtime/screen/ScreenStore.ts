import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { callApi, type CallOptions } from '../http/client';
import { canUseButton, type MenuAccess } from '../permissions/buttonAccess';
import type { ColumnLayout } from '../table/columnLayout';
import { leafColumns } from '../table/columnTree';
import { confirmDiscard } from '../table/confirmDiscard';
import { EditSession } from '../table/editSession';
import { filterParams, type FilterValue } from '../table/headerFilters';
import { adoptRows, newRow, type Row } from '../table/rows';
import { sharedFirstPage } from './firstPage';
import { conditionUser } from './conditionUser';
import type { Column, Screen } from '../../schemas/screen/screen.types';

export type { Row };
export type DialogMode = 'add' | 'edit' | 'show';

export interface OpenDialog {
  name: string;
  mode: DialogMode;
  row: Row | undefined;
  /** Changes on every opening, so the dialog's form starts fresh. */
  key: number;
}

/** A detail drawer showing a dialog's fields read-only (the drawer action). */
export interface OpenDrawer {
  dialog: string;
  row: Row | undefined;
  title?: string;
  placement?: 'right' | 'left' | 'top' | 'bottom';
  width?: number | string;
}

export interface PageOf<T> {
  total: number;
  items: T[];
}

const DEFAULT_PAGE_SIZE = 20;
/** A table without paging fetches everything at once, up to the server's largest page. */
export const UNPAGED_LIMIT = 100_000;

/** Tables send the page under every name servers commonly read (building-blocks §7). */
export function pagingParams(page: number, pageSize: number): Record<string, number> {
  return { current: page, pageSize, pageNum: page, page, limit: pageSize, size: pageSize, currentPage: page };
}

/**
 * The state of one open screen: submitted filters, header filters, page, sort, rows, selection, the open dialog and,
 * for an editable table, the rows added, changed and removed since the last load.
 */
export class ScreenStore {
  filters: Row = {};
  headerFilters: Record<string, FilterValue> = {};
  page = 1;
  pageSize: number;
  sort: string | undefined = undefined;
  rows: Row[] = [];
  total = 0;
  loading = false;
  /** Whether a query has answered since the screen opened (the page export needs one). */
  searched = false;
  selection: Row[] = [];
  dialog: OpenDialog | null = null;
  /** The table's value columns (header groups flattened). */
  readonly columns: Column[];
  /** Without paging, sorting and header filters happen in the browser. */
  readonly clientSide: boolean;
  readonly edits: EditSession | undefined;
  drawer: OpenDrawer | null = null;
  /** The menu path this screen was opened at (a record link opens <path>/<id>) and the parameters it was opened with. */
  path = '';
  params: Readonly<Record<string, string | string[]>> = {};
  /** The signed-in user, as screen conditions read it (user.orgType ...). */
  user: Readonly<object> = {};
  /** The table's column layout once its table is shown: a query scheme reads and sets the columns through it. */
  columnLayout: ColumnLayout | undefined = undefined;
  /** A scheme's columns chosen before the table was shown, applied when it is. */
  private pendingColumns: readonly string[] | undefined = undefined;
  private latestRequest = 0;
  private dialogCount = 0;
  /** What a reload after an action does instead of the table's query (a record page's header: the record again). */
  reloadWith: (() => Promise<void>) | undefined = undefined;

  constructor(
    readonly screen: Screen,
    /** The permission keys of the menu this screen was opened from. */
    readonly grantedKeys: readonly string[],
    /** The menu's stored action list and the user's control codes. */
    readonly menuRights: Omit<MenuAccess, 'keys'> = { controls: new Set() },
    /** The menu this screen's calls go under when it is not the page's (a record page's related list of another menu's
     * screen): the server checks the keys of that menu. */
    readonly menuId?: string,
  ) {
    const table = screen.table;
    this.pageSize = table?.pageSize ?? DEFAULT_PAGE_SIZE;
    this.columns = table ? leafColumns(table.columns) : [];
    this.clientSide = table?.pagination === false;
    // A table whose edit permission the menu lacks is read-only: its cells never open an editor.
    const editable = this.columns.some((c) => c.editable !== undefined && c.editable !== false) && (table?.editPermission === undefined || this.can(table.editPermission));
    this.edits = editable ? new EditSession(this.columns) : undefined;
    // Rows and selection are replaced, never edited in place: plain arrays keep their identity for the grid.
    makeAutoObservable(this, {
      screen: false,
      grantedKeys: false,
      menuRights: false,
      menuId: false,
      calling: false,
      reloadWith: false,
      columns: false,
      clientSide: false,
      edits: false,
      rows: observableRef,
      selection: observableRef,
      dialog: observableRef,
      headerFilters: observableRef,
      drawer: observableRef,
      params: observableRef,
      user: observableRef,
      columnLayout: observableRef,
    });
  }

  /** The table hands over its column layout when it is shown. */
  attachLayout(layout: ColumnLayout): void {
    this.columnLayout = layout;
    if (this.pendingColumns) layout.showOnly(this.pendingColumns);
    this.pendingColumns = undefined;
  }

  /** Shows a query scheme's columns (kept until the table is shown when it is not yet). */
  showColumns(keys: readonly string[]): void {
    if (keys.length === 0) return;
    if (this.columnLayout) this.columnLayout.showOnly(keys);
    else this.pendingColumns = keys;
  }

  /**
   * What the visible and disabled conditions of columns, blocks and tabs read: the submitted filter values, the user and
   * the screen's parameters. Observed: a condition is evaluated again when one of them changes.
   */
  get context(): { filter: Row; user: Readonly<object>; params: Readonly<Record<string, string | string[]>> } {
    return { filter: this.filters, user: this.user, params: this.params };
  }

  setAddress(path: string, params: Readonly<Record<string, string | string[]>>, user: Readonly<object> | null): void {
    this.path = path;
    this.params = params;
    this.user = conditionUser(user);
  }

  /** The options of a call this screen makes: under its own menu when it has one (else the page's, the client's default). */
  calling<T extends CallOptions>(options: T): T {
    return this.menuId === undefined ? options : { ...options, menuId: this.menuId };
  }

  /** Whether a button (its permission name and control code) is shown: see canUseButton. */
  can(permission: string | undefined, control?: string): boolean {
    return canUseButton({ permission, control }, this.screen.permissions, { keys: this.grantedKeys, ...this.menuRights });
  }

  async search(filters: Row): Promise<void> {
    if (!(await this.mayDiscardEdits())) return;
    runInAction(() => {
      this.filters = filters;
      this.page = 1;
    });
    return this.load();
  }

  async changePage(page: number, pageSize: number): Promise<void> {
    if (!(await this.mayDiscardEdits())) return;
    runInAction(() => {
      this.page = pageSize === this.pageSize ? page : 1;
      this.pageSize = pageSize;
    });
    return this.load();
  }

  /** `field|asc`, `field|desc` or none; a paged table asks the server, an unpaged one sorts what it has. */
  async changeSort(sort: string | undefined): Promise<void> {
    if (this.clientSide) {
      this.sort = sort;
      return;
    }
    if (!(await this.mayDiscardEdits())) return;
    runInAction(() => {
      this.sort = sort;
      this.page = 1;
    });
    return this.load();
  }

  /** Sets (or with undefined clears) a column's header filter. */
  async setHeaderFilter(dataIndex: string, value: FilterValue | undefined): Promise<void> {
    const next = { ...this.headerFilters };
    if (value === undefined) delete next[dataIndex];
    else next[dataIndex] = value;
    if (this.clientSide) {
      this.headerFilters = next;
      return;
    }
    if (!(await this.mayDiscardEdits())) return;
    runInAction(() => {
      this.headerFilters = next;
      this.page = 1;
    });
    return this.load();
  }

  /**
   * The first query of a screen being opened, sent at once: nothing is edited yet, and ScreenView calls it while it
   * renders for the first time, so the request must leave in this call (see firstPage.ts).
   */
  open(filters: Row): void {
    this.filters = filters;
    this.page = 1;
    void this.load(true);
  }

  async reload(): Promise<void> {
    if (this.reloadWith) return this.reloadWith();
    if (!(await this.mayDiscardEdits())) return;
    return this.load();
  }

  /** The current query's parameters (filters, header filters, sort) for the given page. */
  queryParams(page: number, pageSize: number): Row {
    return this.clientSide
      ? { ...this.filters, ...pagingParams(1, UNPAGED_LIMIT) }
      : { ...this.filters, ...filterParams(this.columns, this.headerFilters), ...pagingParams(page, pageSize), ...(this.sort ? { sort: this.sort } : {}) };
  }

  /** `first`: the screen's first page, shared with an identical request still out (see firstPage.ts). */
  async load(first = false): Promise<void> {
    const table = this.screen.table;
    if (!table) return;
    const request = ++this.latestRequest;
    this.loading = true;
    try {
      const options = this.calling({ params: this.queryParams(this.page, this.pageSize) });
      const data = await (first ? sharedFirstPage(table.api, options) : callApi<PageOf<Row>>(table.api, options));
      // A slower earlier answer must not overwrite a later one.
      if (request !== this.latestRequest) return;
      const rows = adoptRows(data.items ?? []);
      runInAction(() => {
        this.rows = rows;
        this.total = data.total ?? rows.length;
        this.searched = true;
        this.selection = [];
        this.edits?.reset();
      });
    } catch {
      // A failed fetch shows an empty table; the http client has already told the user why.
      if (request === this.latestRequest) {
        runInAction(() => {
          this.rows = [];
          this.total = 0;
          this.edits?.reset();
        });
      }
    } finally {
      if (request === this.latestRequest) runInAction(() => (this.loading = false));
    }
  }

  setSelection(rows: Row[]): void {
    this.selection = rows;
  }

  /** Adds a row flagged new at the top, with the table's newRow defaults; answers it. */
  addRow(): Row {
    const row = newRow(this.screen.table?.newRow ?? {});
    this.edits?.changes.insert(row);
    this.rows = [row, ...this.rows];
    return row;
  }

  /** Takes rows out of the table; they are deleted on the server with the next save (new rows simply vanish). */
  removeRows(rows: Row[]): void {
    const gone = new Set(rows);
    for (const row of rows) {
      this.edits?.changes.remove(row);
      this.edits?.forget(row);
    }
    this.rows = this.rows.filter((row) => !gone.has(row));
    this.selection = this.selection.filter((row) => !gone.has(row));
  }

  openDialog(name: string, mode: DialogMode, row?: Row): void {
    this.dialog = { name, mode, row, key: ++this.dialogCount };
  }

  openDrawer(drawer: OpenDrawer): void {
    this.drawer = drawer;
  }

  closeDrawer(): void {
    this.drawer = null;
  }

  closeDialog(): void {
    this.dialog = null;
  }

  /** Loading other rows drops unsaved edits: the user is asked first. */
  private async mayDiscardEdits(): Promise<boolean> {
    return !this.edits?.changes.dirty || confirmDiscard();
  }
}
