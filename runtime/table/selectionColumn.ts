// Row selection as a plain-DOM column: a native checkbox (multiple) or radio (single) per row, and a select-all box in
// the header. ag-grid keeps the selection; these only show and change it. Its own checkbox components cost several
// times more to create than a native input, and a page shows a box on every row.
import type { ColDef, GridApi, ICellRendererComp, ICellRendererParams, IHeaderComp, IHeaderParams, IRowNode } from 'ag-grid-community';
import { TEXT } from '../../schemas/text/zh';
import type { Row } from './rows';

export type SelectionMode = 'radio' | 'checkbox';

class SelectionCell implements ICellRendererComp<Row> {
  private gui!: HTMLElement;
  private node: IRowNode<Row> | undefined;
  private readonly sync = () => {
    const input = this.gui.firstElementChild as HTMLInputElement | null;
    if (input && this.node) input.checked = this.node.isSelected() === true;
  };

  init(params: ICellRendererParams<Row> & { mode: SelectionMode }): void {
    this.gui = document.createElement('span');
    this.gui.className = 'dms-select';
    if (params.node.rowPinned) return;
    this.node = params.node;
    const input = document.createElement('input');
    input.type = params.mode;
    input.name = params.mode === 'radio' ? `dms-select-${params.api.getGridId()}` : '';
    input.checked = params.node.isSelected() === true;
    input.setAttribute('aria-label', TEXT.table.selectRow);
    input.addEventListener('click', (event) => {
      event.stopPropagation();
      const selected = params.mode === 'radio' ? true : input.checked;
      params.node.setSelected(selected, params.mode === 'radio');
    });
    this.gui.append(input);
    params.node.addEventListener('rowSelected', this.sync);
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(): boolean {
    this.sync();
    return true;
  }

  destroy(): void {
    this.node?.removeEventListener('rowSelected', this.sync);
  }
}

/** Checked when every row shown is selected, half-checked when some are. */
class SelectAllHeader implements IHeaderComp {
  private gui!: HTMLElement;
  private api!: GridApi<Row>;
  private input!: HTMLInputElement;
  private readonly sync = () => {
    let shown = 0;
    let selected = 0;
    this.api.forEachNodeAfterFilter((node) => {
      shown += 1;
      if (node.isSelected()) selected += 1;
    });
    this.input.checked = shown > 0 && selected === shown;
    this.input.indeterminate = selected > 0 && selected < shown;
  };

  init(params: IHeaderParams<Row>): void {
    this.api = params.api;
    this.gui = document.createElement('span');
    this.gui.className = 'dms-select';
    this.input = document.createElement('input');
    this.input.type = 'checkbox';
    this.input.setAttribute('aria-label', TEXT.table.selectAllRows);
    this.input.addEventListener('click', () => (this.input.checked ? this.api.selectAll('filtered') : this.api.deselectAll('filtered')));
    this.gui.append(this.input);
    this.api.addEventListener('selectionChanged', this.sync);
    this.api.addEventListener('modelUpdated', this.sync);
    this.sync();
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(): boolean {
    return true;
  }

  destroy(): void {
    if (this.api.isDestroyed()) return;
    this.api.removeEventListener('selectionChanged', this.sync);
    this.api.removeEventListener('modelUpdated', this.sync);
  }
}

export const SELECTION_COLUMN_ID = '__select';

export function selectionColumn(mode: SelectionMode): ColDef<Row> {
  return {
    colId: SELECTION_COLUMN_ID,
    pinned: 'left',
    lockPosition: 'left',
    width: 40,
    minWidth: 40,
    maxWidth: 40,
    resizable: false,
    sortable: false,
    cellClass: 'dms-select-cell',
    headerClass: 'dms-select-cell',
    cellRenderer: SelectionCell,
    cellRendererParams: { mode },
    headerComponent: mode === 'checkbox' ? SelectAllHeader : undefined,
    headerName: '',
  };
}
