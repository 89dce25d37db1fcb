import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { callApi } from '../http/client';
import type { Screen } from './screen.types';

export type Row = Record<string, unknown>;
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

/** Tables send the page under every name servers commonly read (building-blocks §7). */
export function pagingParams(page: number, pageSize: number): Record<string, number> {
  return { current: page, pageSize, pageNum: page, page, limit: pageSize, size: pageSize, currentPage: page };
}

/** The state of one open screen: submitted filters, page, sort, rows, selection and the open dialog. */
export class ScreenStore {
  filters: Row = {};
  page = 1;
  pageSize: number;
  sort: string | undefined = undefined;
  rows: Row[] = [];
  total = 0;
  loading = false;
  selection: Row[] = [];
  dialog: OpenDialog | null = null;
  drawer: OpenDrawer | null = null;
  private latestRequest = 0;
  private dialogCount = 0;

  constructor(
    readonly screen: Screen,
    /** The permission keys of the menu this screen was opened from. */
    readonly grantedKeys: readonly string[],
  ) {
    this.pageSize = screen.table?.pageSize ?? DEFAULT_PAGE_SIZE;
    // Rows and selection are replaced, never edited in place: plain arrays keep their identity for the grid.
    makeAutoObservable(this, { screen: false, grantedKeys: false, rows: observableRef, selection: observableRef, dialog: observableRef, drawer: observableRef });
  }

  /** A button without a permission name is always allowed; otherwise its key must be in the menu's list. */
  can(permission: string | undefined): boolean {
    if (permission === undefined) return true;
    const key = this.screen.permissions?.[permission];
    return key !== undefined && this.grantedKeys.includes(key);
  }

  search(filters: Row): Promise<void> {
    this.filters = filters;
    this.page = 1;
    return this.load();
  }

  changePage(page: number, pageSize: number): Promise<void> {
    this.page = pageSize === this.pageSize ? page : 1;
    this.pageSize = pageSize;
    return this.load();
  }

  changeSort(sort: string | undefined): Promise<void> {
    this.sort = sort;
    this.page = 1;
    return this.load();
  }

  reload(): Promise<void> {
    return this.load();
  }

  async load(): Promise<void> {
    const table = this.screen.table;
    if (!table) return;
    const request = ++this.latestRequest;
    this.loading = true;
    try {
      const params = { ...this.filters, ...pagingParams(this.page, this.pageSize), ...(this.sort ? { sort: this.sort } : {}) };
      const data = await callApi<PageOf<Row>>(table.api, { params });
      // A slower earlier answer must not overwrite a later one.
      if (request !== this.latestRequest) return;
      runInAction(() => {
        this.rows = data.items ?? [];
        this.total = data.total ?? 0;
        this.selection = [];
      });
    } catch {
      // A failed fetch shows an empty table; the http client has already told the user why.
      if (request === this.latestRequest) runInAction(() => ((this.rows = []), (this.total = 0)));
    } finally {
      if (request === this.latestRequest) runInAction(() => (this.loading = false));
    }
  }

  setSelection(rows: Row[]): void {
    this.selection = rows;
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
}
