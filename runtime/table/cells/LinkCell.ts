// The cell of a column with a `link`: its text as a link (plain DOM, as every cell of the grid). A click follows it
// like any link; the keyboard reaches it through the grid's own cell focus, and Enter on the focused cell follows it.
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import type { Row } from '../rows';

export interface LinkCellParams {
  /** The address the row's link opens, or undefined for plain text (no menu for the target, no id). */
  hrefOf(row: Row): string | undefined;
}

export class LinkCell implements ICellRendererComp {
  private gui!: HTMLElement;
  private cell: HTMLElement | undefined;
  private href: string | undefined;

  private readonly follow = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !this.href || event.target !== this.cell) return;
    event.preventDefault();
    window.location.hash = this.href;
  };

  init(params: ICellRendererParams<Row> & LinkCellParams): void {
    this.cell = params.eGridCell;
    this.cell?.addEventListener('keydown', this.follow);
    this.show(params);
  }

  private show(params: ICellRendererParams<Row> & LinkCellParams): void {
    const text = params.valueFormatted ?? (params.value == null ? '' : String(params.value));
    this.href = params.data && text !== '' ? params.hrefOf(params.data) : undefined;
    if (this.href) {
      const anchor = document.createElement('a');
      anchor.className = 'dms-cell-link';
      anchor.href = this.href;
      // The grid moves the focus between cells (arrows, Tab); the link is reached as its cell, not as a stop of its own.
      anchor.tabIndex = -1;
      anchor.textContent = text;
      this.gui = anchor;
    } else {
      this.gui = document.createElement('span');
      this.gui.textContent = text;
    }
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(): boolean {
    // A new element for a changed value: the grid calls getGui again.
    return false;
  }

  destroy(): void {
    this.cell?.removeEventListener('keydown', this.follow);
  }
}
