// The editing side of a table: which cells may be edited, the rows added, changed and removed since the last load, the
// cells with a problem (marked red), and moving between cells from the keyboard. The grid is attached once it exists.
import type { GridApi } from 'ag-grid-community';
import { makeAutoObservable, observable } from 'mobx';
import { evaluateCondition } from '../../schemas/expression/expression';
import type { Column } from '../../schemas/screen/screen.types';
import { cellKey, checkRows, tableMessages, type CellProblem } from './cellValidation';
import { RowChanges, rowId, type Row } from './rows';

export interface EnterEvent {
  row: Row;
  field: string;
  rowIndex: number;
}

export function isCellEditable(column: Column, row: Row | undefined): boolean {
  if (!row || column.editable === undefined || column.editable === false) return false;
  return evaluateCondition(column.editable, { row }, false);
}

export class EditSession {
  readonly changes = new RowChanges();
  /** Problems of cells, keyed by row id and field: the red marks. */
  readonly problems = observable.map<string, CellProblem>({}, { deep: false });
  private api: GridApi<Row> | undefined;
  private readonly enterListeners = new Set<(event: EnterEvent) => void>();
  /** A row just added, waiting for the grid to show it before its first cell is opened. */
  private pendingEdit: string | undefined;
  /** The open editor's check: what its value would be refused for, if anything. */
  private openCheck: (() => CellProblem | null) | undefined;

  constructor(readonly columns: Column[]) {
    makeAutoObservable<EditSession, 'api' | 'enterListeners' | 'pendingEdit' | 'openCheck'>(this, {
      columns: false,
      changes: false,
      api: false,
      enterListeners: false,
      pendingEdit: false,
      openCheck: false,
    });
  }

  /** An editor registers its check while it is open (one editor is open at a time). */
  setOpenCheck(check: () => CellProblem | null): void {
    this.openCheck = check;
  }

  /** A closed editor takes its check away, unless the next editor has already put its own. */
  clearOpenCheck(check: () => CellProblem | null): void {
    if (this.openCheck === check) this.openCheck = undefined;
  }

  /** While the open editor refuses its value, no other cell opens: the user stays in the cell until it is right. */
  blocksOtherCells(rowIndex: number | null, field: string): boolean {
    const open = this.api?.getEditingCells()[0];
    if (!open || (open.rowIndex === rowIndex && open.colId === field)) return false;
    return (this.openCheck?.() ?? null) !== null;
  }

  /**
   * The open editor's messages, as the grid asks for them before it commits a value (invalidEditValueMode 'block').
   * Given to the grid as a column rule, so it always asks: editors mounted by React register their own check too late
   * for the grid's scan of open editors.
   */
  readonly openEditorErrors = (): string[] | null => {
    const problem = this.openCheck?.();
    return problem ? [problem.message] : null;
  };

  get editableColumns(): Column[] {
    return this.columns.filter((c) => c.editable !== undefined && c.editable !== false);
  }

  attach(api: GridApi<Row> | undefined): void {
    this.api = api;
  }

  problemOf(row: Row, field: string): CellProblem | undefined {
    return this.problems.get(cellKey(rowId(row), field));
  }

  /** Marks or clears a cell; a cell being edited is left to its editor (refreshing it would close the editor). */
  setProblem(row: Row, field: string, problem: CellProblem | null): void {
    const key = cellKey(rowId(row), field);
    const had = this.problems.has(key);
    if (problem) this.problems.set(key, problem);
    else this.problems.delete(key);
    if (had !== Boolean(problem) && !this.isEditing(row, field)) this.refresh(row, field);
  }

  private isEditing(row: Row, field: string): boolean {
    const node = this.api?.getRowNode(rowId(row));
    return node !== undefined && this.api!.getEditingCells().some((cell) => cell.rowIndex === node.rowIndex && cell.colId === field);
  }

  /** Checks every row before a save; marks the cells and answers the table-level messages (none when all is well). */
  checkAll(rows: Row[]): string[] {
    const found = checkRows(rows, this.editableColumns, isCellEditable, rowId);
    this.problems.replace(found);
    this.api?.refreshCells({ force: true });
    return tableMessages(found.values());
  }

  /** Closes the open editor; answers its problem when the cell refuses to close (the editor then stays open). */
  closeEditor(): CellProblem | null {
    const api = this.api;
    if (!api) return null;
    const open = api.getEditingCells()[0];
    if (!open) return null;
    api.stopEditing();
    if (api.getEditingCells().length === 0) return null;
    const problem = this.openCheck?.() ?? null;
    const row = api.getDisplayedRowAtIndex(open.rowIndex)?.data;
    if (row && problem) this.setProblem(row, open.colId, problem);
    return problem;
  }

  /** Drops the open editor's value (the row it is on is going away). */
  cancelEditor(): void {
    this.api?.stopEditing(true);
  }

  rowChanged(row: Row): void {
    this.changes.update(row);
  }

  /** A removed row takes its marks with it. */
  forget(row: Row): void {
    const prefix = cellKey(rowId(row), '');
    for (const key of [...this.problems.keys()]) if (key.startsWith(prefix)) this.problems.delete(key);
  }

  reset(): void {
    this.changes.clear();
    this.problems.clear();
  }

  onEnter(listener: (event: EnterEvent) => void): () => void {
    this.enterListeners.add(listener);
    return () => this.enterListeners.delete(listener);
  }

  /**
   * Enter in an editor: commit the cell, then fire the table's enter event. The default listener moves on to the next
   * editable cell, the way a service advisor types a line of items.
   */
  enter(row: Row, field: string, rowIndex: number): void {
    if (!this.commit(rowIndex, field)) return;
    for (const listener of this.enterListeners) listener({ row, field, rowIndex });
  }

  /** Up and down arrows in a text or number editor: commit and edit the same column one row further. */
  moveVertically(rowIndex: number, field: string, step: 1 | -1): void {
    const api = this.api;
    if (!api || !this.commit(rowIndex, field)) return;
    const target = rowIndex + step;
    if (target < 0 || target >= api.getDisplayedRowCount()) return;
    this.focus(target, field, true);
  }

  /** The next editable cell to the right, then on the following rows. */
  nextEditableCell(rowIndex: number, field: string): { rowIndex: number; field: string } | null {
    const api = this.api;
    if (!api) return null;
    const fields = api.getAllDisplayedColumns().map((c) => c.getColId());
    let start = fields.indexOf(field) + 1;
    for (let index = rowIndex; index < api.getDisplayedRowCount(); index++, start = 0) {
      const row = api.getDisplayedRowAtIndex(index)?.data;
      for (let i = start; i < fields.length; i++) {
        const column = this.columns.find((c) => c.dataIndex === fields[i]);
        if (column && isCellEditable(column, row)) return { rowIndex: index, field: fields[i]! };
      }
    }
    return null;
  }

  focus(rowIndex: number, field: string, edit: boolean): void {
    const api = this.api;
    if (!api) return;
    api.ensureIndexVisible(rowIndex);
    api.ensureColumnVisible(field);
    api.setFocusedCell(rowIndex, field);
    if (edit) api.startEditingCell({ rowIndex, colKey: field });
  }

  /** Opens the first editable cell of a row once the grid shows it (a row just added). */
  editWhenShown(row: Row): void {
    this.pendingEdit = rowId(row);
    this.editPending();
  }

  /** Called when the grid's rows change: opens the cell a new row is waiting for. */
  editPending(): void {
    const api = this.api;
    if (!api || !this.pendingEdit) return;
    const node = api.getRowNode(this.pendingEdit);
    if (!node || node.rowIndex === null) return;
    this.pendingEdit = undefined;
    const first = this.nextEditableCell(node.rowIndex, '');
    if (first && first.rowIndex === node.rowIndex) this.focus(first.rowIndex, first.field, true);
  }

  /** Stops editing one cell; false when its value is refused and the editor stays open. */
  private commit(rowIndex: number, field: string): boolean {
    const api = this.api;
    if (!api) return false;
    api.stopEditing();
    return !api.getEditingCells().some((cell) => cell.rowIndex === rowIndex && cell.colId === field);
  }

  private refresh(row: Row, field: string): void {
    const node = this.api?.getRowNode(rowId(row));
    if (node) this.api!.refreshCells({ rowNodes: [node], columns: [field], force: true });
  }
}
