// The grid is plain ag-grid (no React per row or cell); an editor is the one place a React component earns its cost:
// only one cell is edited at a time, and the antd inputs are worth having there. This wraps an editor component as a
// plain ag-grid editor: its own React root, mounted when the cell opens and unmounted when it closes.
import type { ICellEditorComp, ICellEditorParams } from 'ag-grid-community';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { Row } from '../rows';
import type { TableEditorParams, TableEditorProps } from './useCellEditor';

type Params = ICellEditorParams<Row> & TableEditorParams;

interface HostProps {
  params: Params;
  Editor: ComponentType<TableEditorProps>;
  onChange(value: unknown): void;
  registerFocus(focus: () => void): void;
}

function EditorHost({ params, Editor, onChange, registerFocus }: HostProps) {
  const [value, setValue] = useState<unknown>(params.value);
  const onValueChange = (next: unknown) => {
    onChange(next);
    setValue(next);
  };
  return (
    <ConfigProvider locale={zhCN} componentSize="small">
      <Editor {...params} value={value} onValueChange={onValueChange} registerFocus={registerFocus} />
    </ConfigProvider>
  );
}

export function reactEditor(Editor: ComponentType<TableEditorProps>): new () => ICellEditorComp<Row> {
  return class ReactCellEditor implements ICellEditorComp<Row> {
    private gui!: HTMLElement;
    private root: Root | undefined;
    private value: unknown;
    private params!: Params;
    private focus: (() => void) | undefined;

    init(params: Params): void {
      this.params = params;
      this.value = params.value;
      this.gui = document.createElement('div');
      this.gui.className = 'dms-cell-editor-host';
      const root = createRoot(this.gui);
      this.root = root;
      const host = <EditorHost params={params} Editor={Editor} onChange={(value) => (this.value = value)} registerFocus={(focus) => (this.focus = focus)} />;
      flushSync(() => root.render(host));
    }

    getGui(): HTMLElement {
      return this.gui;
    }

    /** The cell is on the page now: the input can take the focus. */
    afterGuiAttached(): void {
      this.focus?.();
    }

    getValue(): unknown {
      return this.value;
    }

    /** The open editor's check (see EditSession): the grid keeps the cell open while it answers a message. */
    getValidationErrors(): string[] | null {
      return this.params.edits.openEditorErrors();
    }

    destroy(): void {
      const root = this.root;
      this.root = undefined;
      // The editor may close from its own key handler: unmount once React has finished with that event.
      queueMicrotask(() => root?.unmount());
    }
  };
}
