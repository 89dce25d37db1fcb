// The `progress` cell renderer: a percentage (0-100) as an antd Progress bar, animated while under 100 and green at
// 100 (the download centre's running exports). Unlike the plain-DOM renderers it mounts a small React root per cell; the
// grid only renders the rows in view, so a page of jobs costs a few dozen bars at most.
import type { ICellRendererComp, ICellRendererParams } from 'ag-grid-community';
import { ConfigProvider, Progress } from 'antd';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';

const percentOf = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.max(0, Math.min(100, Math.round(n))) : undefined;
};

export class ProgressCell implements ICellRendererComp {
  private gui!: HTMLElement;
  private root: Root | undefined;

  init(params: ICellRendererParams): void {
    this.gui = document.createElement('div');
    this.gui.className = 'dms-cell-progress';
    this.root = createRoot(this.gui);
    this.show(params);
  }

  private show(params: ICellRendererParams): void {
    const percent = percentOf(params.value);
    const bar =
      percent === undefined ? null : (
        <ConfigProvider componentSize="small">
          <Progress percent={percent} size="small" status={percent >= 100 ? 'success' : 'active'} aria-label={`${percent}%`} />
        </ConfigProvider>
      );
    flushSync(() => this.root!.render(bar));
  }

  getGui(): HTMLElement {
    return this.gui;
  }

  refresh(params: ICellRendererParams): boolean {
    this.show(params);
    return true;
  }

  destroy(): void {
    // Unmounted after the grid lets go of the cell: React may not unmount during the grid's own render.
    const root = this.root;
    this.root = undefined;
    queueMicrotask(() => root?.unmount());
  }
}
