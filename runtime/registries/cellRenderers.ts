// The cell renderer registry: a column's `render` name (as written in screen JSON) -> how its cells look beyond plain
// text. Renderers are plain DOM or CSS classes, never React components: a table shows thousands of cells while
// scrolling, and each must cost next to nothing (progress, an antd bar, is the one exception). A new renderer is one entry here.
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import { ProgressCell } from '../table/cells/ProgressCell';

export interface CellRendererDefinition {
  /** Classes for the cell from its raw value (colour a negative amount, say). */
  cellClass?: (value: unknown) => string | undefined;
  /** A plain-DOM renderer, when text and classes are not enough. */
  component?: new () => ICellRendererComp;
}

const TAG_COLOURS = 6;

/** The cell's text in a small coloured tag; the colour follows the value, so a status keeps its colour everywhere. */
class TagCell implements ICellRendererComp {
  private gui!: HTMLElement;

  init(params: ICellRendererParams): void {
    this.gui = document.createElement('span');
    this.show(params);
  }

  private show(params: ICellRendererParams): void {
    const text = params.valueFormatted ?? (params.value == null ? '' : String(params.value));
    let hash = 0;
    for (const char of String(params.value ?? '')) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    this.gui.className = text ? `dms-cell-tag dms-cell-tag-${hash % TAG_COLOURS}` : '';
    this.gui.textContent = text;
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(params: ICellRendererParams): boolean {
    this.show(params);
    return true;
  }
}

export const cellRendererRegistry: Record<string, CellRendererDefinition> = {
  tag: { component: TagCell },
  progress: { component: ProgressCell },
  signed: {
    cellClass: (value) => (typeof value === 'number' && value !== 0 ? (value < 0 ? 'dms-cell-negative' : 'dms-cell-positive') : undefined),
  },
};

export const cellRendererNames = (): ReadonlySet<string> => new Set(Object.keys(cellRendererRegistry));
